// A refusal as the player reads it: the service's sentence and the rule it cites, taken from the
// standard error details (google.rpc.ErrorInfo metadata "rule", PreconditionFailure's subject;
// docs/api-clients.md), with the message key for translation. Also the version an ABORTED answer
// names, so a stale move re-reads the game.
import { Code, ConnectError } from "@connectrpc/connect";

import { BadRequestSchema, ErrorInfoSchema, PreconditionFailureSchema } from "./api";

export interface Refusal {
  message: string; // the English sentence, without the leading rule number
  rule: string; // "4.1.8", "mailrun.undo", or "" when no rule of the game is broken
  key: string; // the message key (ErrorInfo.reason)
  code: string; // "failed_precondition", "aborted", ...
  stale: boolean; // ABORTED: the game moved on; re-read it
}

export function readRefusal(error: unknown): Refusal {
  const e = ConnectError.from(error);
  let rule = "";
  let key = "";
  for (const info of e.findDetails(ErrorInfoSchema)) {
    rule ||= info.metadata["rule"] ?? "";
    key ||= info.reason;
  }
  for (const failure of e.findDetails(PreconditionFailureSchema)) {
    for (const v of failure.violations) rule ||= v.subject;
  }
  let message = e.rawMessage;
  for (const bad of e.findDetails(BadRequestSchema)) {
    for (const v of bad.fieldViolations) message ||= v.description;
  }
  // The status message starts with the rule ("4.1.8: ..."): show the rule once, apart.
  if (rule && message.startsWith(rule + ": ")) message = message.slice(rule.length + 2);
  const code = Code[e.code] ?? String(e.code);
  return {
    message,
    rule,
    key,
    code: code.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase(),
    stale: e.code === Code.Aborted,
  };
}

// A refusal as the player reads it: the service's message, and the rule it cites from the error
// details (google.rpc.ErrorInfo's metadata "rule", or a PreconditionFailure's subject; see
// docs/api-clients.md "Refusals in the standard error details").
import { Code, ConnectError } from "@connectrpc/connect";

import { ErrorInfoSchema, PreconditionFailureSchema, BadRequestSchema } from "@gen/google/rpc/error_details_pb";

export interface Refusal {
  code: string;      // the status code's name, e.g. "FailedPrecondition"
  message: string;   // the service's sentence
  rule: string;      // a rule number ("2.5.2.4", "mailrun.undo") or ""
  key: string;       // the message key, or ""
  field: string;     // for a malformed request: the field named, or ""
}

export function refusalOf(err: unknown): Refusal {
  const error = ConnectError.from(err);
  const info = error.findDetails(ErrorInfoSchema)[0];
  const precondition = error.findDetails(PreconditionFailureSchema)[0]?.violations[0];
  const bad = error.findDetails(BadRequestSchema)[0]?.fieldViolations[0];
  return {
    code: Code[error.code] ?? String(error.code),
    message: error.rawMessage || (error.code === Code.Unavailable ? "the server cannot be reached" : "failed"),
    rule: info?.metadata.rule || precondition?.subject || "",
    key: info?.reason ?? "",
    field: bad?.field ?? "",
  };
}

export function isAborted(err: unknown): boolean {
  return ConnectError.from(err).code === Code.Aborted;
}

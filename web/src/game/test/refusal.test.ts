// Refusals read from the standard error details: the rule from ErrorInfo's metadata (or
// PreconditionFailure's subject), shown once, apart from the sentence.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { ErrorInfoSchema, PreconditionFailureSchema } from "@gen/google/rpc/error_details_pb";

import { readRefusal } from "../refusal";

test("the rule comes from ErrorInfo and is cut from the front of the sentence", () => {
  const error = new ConnectError("1.6: laying a tile is not possible now", Code.FailedPrecondition, undefined, [
    { desc: ErrorInfoSchema, value: { reason: "1853.refusal.game.not_possible_now", domain: "mailrun.app", metadata: { rule: "1.6", kind: "illegal" } } },
  ]);
  const r = readRefusal(error);
  assert.equal(r.rule, "1.6");
  assert.equal(r.key, "1853.refusal.game.not_possible_now");
  assert.equal(r.message, "laying a tile is not possible now");
  assert.equal(r.code, "failed_precondition");
  assert.equal(r.stale, false);
});

test("without ErrorInfo's rule, PreconditionFailure's subject names it; a refusal with neither has no rule", () => {
  const failure = create(PreconditionFailureSchema, { violations: [{ type: "RULE", subject: "4.1.8", description: "each lay must connect" }] });
  const error = new ConnectError("4.1.8: each lay must connect", Code.FailedPrecondition, undefined, [{ desc: PreconditionFailureSchema, value: failure }]);
  assert.equal(readRefusal(error).rule, "4.1.8");
  const plain = readRefusal(new ConnectError("you can take back only your own last action", Code.FailedPrecondition));
  assert.equal(plain.rule, "");
  assert.equal(plain.message, "you can take back only your own last action");
});

test("ABORTED (a stale version) asks for a re-read", () => {
  const r = readRefusal(new ConnectError("expected version 3, the game is at 4", Code.Aborted));
  assert.equal(r.stale, true);
  assert.equal(r.code, "aborted");
});

// Undo offered only when UndoLastAction would take the move back (undoOffer.ts): the player's own
// latest move still in effect, the log read up to the version shown, nothing unseeable shown.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { HistoryEntrySchema } from "@gen/mailrun/v1/game_pb";

import { undoOffer } from "../undoOffer";

const entry = (seq: number, seat: number, keys: string[] = [], more: { undone?: boolean; undoesSeq?: bigint } = {}) =>
  create(HistoryEntrySchema, { seq: BigInt(seq), seat, logLines: keys.map((key) => ({ text: key, structured: { key } })), ...more });

test("offered after the player's own move, not after another player's since", () => {
  const log = [entry(1, 1, ["1853.log.contract_bids.writes_bond"]), entry(2, 0, ["1853.log.contract_bids.writes_bond"])];
  assert.deepEqual(undoOffer(log, 2n, 0, false, false), { offered: true });
  assert.equal(undoOffer(log, 2n, 1, false, false).offered, false);
  assert.deepEqual(undoOffer([...log, entry(3, 2)], 3n, 0, false, false), { offered: false, why: "others" });
});

test("after an undo, the move before it is the latest: someone else's, or nothing", () => {
  const log = [entry(1, 1), entry(2, 0, [], { undone: true }), entry(3, 0, [], { undoesSeq: 2n })];
  assert.deepEqual(undoOffer(log, 3n, 0, false, false), { offered: false, why: "others" });
  assert.deepEqual(undoOffer([entry(1, 0, [], { undone: true }), entry(2, 0, [], { undoesSeq: 1n })], 2n, 0, false, false), { offered: false, why: "nothing" });
  assert.deepEqual(undoOffer([], 0n, 0, false, false), { offered: false, why: "nothing" });
});

test("not while the log lags the version shown, in the history, for a spectator, or at the end", () => {
  const log = [entry(1, 0)];
  assert.equal(undoOffer(log, 2n, 0, false, false).why, "log");
  assert.equal(undoOffer([], 1n, 0, false, false).why, "log");
  assert.equal(undoOffer(log, 1n, 0, false, true).why, "history");
  assert.equal(undoOffer(log, 1n, -1, false, false).why, "watching");
  assert.equal(undoOffer(log, 1n, 0, true, false).why, "finished");
});

test("not when the rules forbid: the last bond revealed every bond (2.5.2.3), a bond returned (4.3.2)", () => {
  const last = undoOffer([entry(1, 0, ["1853.log.contract_bids.writes_bond", "1853.log.contract_bids.bonds"])], 1n, 0, false, false);
  assert.equal(last.why, "rules");
  assert.match(last.words ?? "", /2\.5\.2\.3/);
  const returned = undoOffer([entry(1, 0, ["1853.log.contracts.fulfilled"])], 1n, 0, false, false);
  assert.match(returned.words ?? "", /4\.3\.2/);
});

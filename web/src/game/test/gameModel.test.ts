// The client's copy of a game: deltas merge by key as game.proto says; standings; money.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { HistoryEntrySchema } from "@gen/mailrun/v1/game_pb";
import { GameViewSchema } from "@gen/mailrun/v1/views_pb";

import { addEntries, finalStandings, mergeView, money, whoseTurn } from "../gameModel";

const full = create(GameViewSchema, {
  phase: 1,
  activeSeats: [0],
  bankCash: 12000n,
  players: [
    { seat: 0, displayName: "Ann", cash: 500n, wealth: 900n },
    { seat: 1, displayName: "Ben", cash: 400n, wealth: 900n },
    { seat: 2, displayName: "Cid", cash: 300n, wealth: 1000n },
  ],
  companies: [{ initials: "EIR", treasury: 0n }, { initials: "GIP", treasury: 10n }],
  tiles: [{ hex: "Fn", tile: "9", rotation: 0 }],
  tilesRemaining: { "9": 7, "58": 3 },
  pool: ["2 BNR"],
  autopilotSeats: [2],
});

test("a delta replaces the changed players, companies and tiles by key and keeps the rest", () => {
  const delta = create(GameViewSchema, {
    phase: 2,
    activeSeats: [1],
    bankCash: 11900n,
    players: [{ seat: 1, displayName: "Ben", cash: 250n, wealth: 800n }],
    companies: [{ initials: "GIP", treasury: 160n }],
    tiles: [{ hex: "Fn", tile: "80", rotation: 2 }, { hex: "Go", tile: "58", rotation: 1 }],
    tilesRemaining: { "58": 2 },
  });
  const merged = mergeView(full, delta, true);
  assert.equal(merged.phase, 2);
  assert.deepEqual(merged.activeSeats, [1]);
  assert.deepEqual(merged.players.map((p) => p.cash), [500n, 250n, 300n]);
  assert.deepEqual(merged.companies.map((c) => c.treasury), [0n, 160n]);
  assert.deepEqual(merged.tiles.map((t) => `${t.hex}:${t.tile}/${t.rotation}`), ["Fn:80/2", "Go:58/1"]);
  assert.deepEqual(merged.tilesRemaining, { "9": 7, "58": 2 });
  assert.deepEqual(merged.pool, [], "pool is always set in a delta and replaces the copy's");
  assert.deepEqual(merged.autopilotSeats, [], "so are the seats on autopilot");
  assert.deepEqual(mergeView(full, create(GameViewSchema, { autopilotSeats: [0, 2] }), true).autopilotSeats, [0, 2]);
  assert.equal(full.players[1].cash, 400n, "the base is left as it was");
});

test("a full view (an undo took something back) replaces the copy whole", () => {
  const after = create(GameViewSchema, { phase: 1, players: [{ seat: 0, displayName: "Ann" }], tiles: [] });
  const merged = mergeView(full, after, false);
  assert.equal(merged.tiles.length, 0);
  assert.equal(merged.players.length, 1);
});

test("standings rank by wealth, equal wealth sharing a rank", () => {
  const standings = finalStandings(full.players);
  assert.deepEqual(standings.map((s) => [s.name, s.rank]), [["Cid", 1], ["Ann", 2], ["Ben", 2]]);
});

test("money and whose turn read as a player reads them", () => {
  assert.equal(money(12500n), "£12,500");
  assert.equal(money(-40), "-£40");
  assert.equal(whoseTurn(full), "Ann");
});

test("history entries are added once each, in order, and an undo marks the entry it took back", () => {
  const entry = (seq: bigint, undoesSeq = 0n) => create(HistoryEntrySchema, { seq, undoesSeq });
  let history = addEntries([], [entry(1n), entry(2n)]);
  history = addEntries(history, [entry(2n), entry(4n), entry(3n, 2n)]);
  assert.deepEqual(history.map((e) => e.seq), [1n, 2n, 3n, 4n]);
  assert.deepEqual(history.map((e) => e.undone), [false, true, false, false]);
  assert.equal(addEntries(history, [entry(4n)]), history, "nothing new: the same list");
});

test("a sentence splits at the companies its parameters name, whole words only", async () => {
  const { splitAt } = await import("../Sentence");
  assert.deepEqual(splitAt("The EIR buys a '2' train from the EIRX pool", ["EIR"]), ["The ", "EIR", " buys a '2' train from the EIRX pool"]);
  assert.deepEqual(splitAt("Sell 2 BNR shares; BNR drops", ["BNR", "EIR"]), ["Sell 2 ", "BNR", " shares; ", "BNR", " drops"]);
  assert.deepEqual(splitAt("no marks", []), ["no marks"]);
});

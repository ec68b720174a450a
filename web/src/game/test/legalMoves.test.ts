// The legal-action list sorted for direct manipulation, and free amounts.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { LegalActionSchema } from "@gen/mailrun/v1/views_pb";

import { sortMoves, withAmount } from "../legalMoves";

const lay = (hex: string, tile: string, rotation: number) =>
  create(LegalActionSchema, { action: { kind: { case: "layTile", value: { hex, tile, rotation } } }, description: `Lay ${tile} on ${hex}` });
const claim = (city: string, company: string) =>
  create(LegalActionSchema, { action: { kind: { case: "claimCity", value: { city, company } } }, description: `Bid ${city}` });

test("lays group by hex and tile with their rotations in order; claims by city; the rest stays a list", () => {
  const legal = [
    lay("Go", "58", 3),
    lay("Go", "58", 0),
    lay("Go", "9", 1),
    lay("Em", "58", 2),
    claim("Patna", "EIR"),
    claim("Patna", "BNR"),
    claim("Delhi", "EIR"),
    create(LegalActionSchema, { action: { kind: { case: "endStep", value: {} } }, description: "End" }),
    create(LegalActionSchema, { action: { kind: { case: "placeBase", value: { hex: "Fn", station: 1 } } }, description: "Base" }),
  ];
  const moves = sortMoves(legal);
  const go = moves.byHex.get("Go")!;
  assert.deepEqual(go.tiles.map((t) => t.tile), ["58", "9"]);
  assert.deepEqual(go.tiles[0].rotations, [{ rotation: 0, index: 1 }, { rotation: 3, index: 0 }]);
  assert.deepEqual(moves.byHex.get("Fn")!.bases, [{ station: 1, index: 8, label: "Base on station 1" }]);
  assert.deepEqual(moves.byCity.get("Patna"), [{ company: "EIR", index: 4 }, { company: "BNR", index: 5 }]);
  assert.deepEqual(moves.others, [7]);
});

test("a free amount is written into the action's own field, and refused outside the range", () => {
  const bond = create(LegalActionSchema, { action: { kind: { case: "commitBond", value: { amount: 80 } } }, minAmount: 80n, maxAmount: 730n });
  const ok = withAmount(bond, 200);
  assert.equal(ok.action?.kind.case === "commitBond" && ok.action.kind.value.amount, 200);
  assert.match(withAmount(bond, 20).error!, /between £80 and £730/);
  assert.match(withAmount(bond, 100.5).error!, /whole number/);
  const gift = create(LegalActionSchema, { action: { kind: { case: "buyTrain", value: { train: "3" } } }, minAmount: 0n, maxAmount: 50n });
  const paid = withAmount(gift, 30);
  assert.equal(paid.action?.kind.case === "buyTrain" && paid.action.kind.value.directorGift, 30);
  assert.equal(paid.action?.kind.case === "buyTrain" && paid.action.kind.value.train, "3");
});

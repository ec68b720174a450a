// The legal actions grouped by kind for the move forms, in the title's currency, and plurals.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";

import { LegalActionSchema } from "@gen/mailrun/v1/views_pb";
import { rupees } from "../Panels1947";
import { money } from "../gameModel";
import { groupMoves, moveWords } from "../moveGroups";
import { plural } from "../plural";

const legal = (kind: any, description = "", min = 0n, max = 0n) =>
  create(LegalActionSchema, { action: { kind }, description, minAmount: min, maxAmount: max });

test("1947's stock round: the president's certificates by company and par, one pass", () => {
  const actions = [
    ...["ABR", "PRC"].flatMap((company) => [66, 72, 80].map((par) => legal({ case: "buyPresidentCertificate1947", value: { company, par } }, `buy ${company} at ${par}`))),
    legal({ case: "passTurn1947", value: {} }, "Pass"),
  ];
  const groups = groupMoves(actions, actions.map((_, i) => i), rupees);
  assert.deepEqual(groups.map((g) => g.kind), ["par", "pass"]);
  assert.deepEqual(groups[0].companies, ["ABR", "PRC"]);
  assert.deepEqual(groups[0].options.filter((o) => o.company === "PRC").map((o) => o.variant), ["par Rs.66", "par Rs.72", "par Rs.80"]);
  assert.equal(groups[0].options[4].index, 4);
  assert.deepEqual(groups[1].options.map((o) => o.variant), ["Pass"]);
});

test("sales by count, bonds and bids by kind; the amount's words in the title's currency", () => {
  const actions = [
    legal({ case: "sellShares", value: { company: "EIR", count: 1 } }),
    legal({ case: "sellShares", value: { company: "EIR", count: 2 } }),
    legal({ case: "commitBond", value: { amount: 80 } }, "Write down your bond: £80 to £730", 80n, 730n),
    legal({ case: "bidPrivate1947", value: { amount: 10 } }, "Bid on the P1", 10n, 200n),
  ];
  const groups = groupMoves(actions, [0, 1, 2, 3], money);
  assert.deepEqual(groups.map((g) => g.kind), ["bid", "sell"]);
  assert.deepEqual(groups[0].options.map((o) => o.variant), ["Write your bond: £80–£730", "Bid £10–£200"]);
  assert.deepEqual(groups[1].options.map((o) => o.variant), ["1 share", "2 shares"]);
  assert.equal(moveWords(actions[2], 400, money), "Write your bond: £400");
  assert.equal(moveWords(actions[3], 40, rupees), "Bid Rs.40");
  assert.equal(moveWords(actions[0], undefined, money), actions[0].description);
});

test("plurals", () => {
  assert.equal(plural(1, "hex"), "1 hex");
  assert.equal(plural(2, "hex"), "2 hexes");
  assert.equal(plural(0, "game"), "0 games");
  assert.equal(plural(3, "city"), "3 cities");
  assert.equal(plural(1n, "bond"), "1 bond");
});

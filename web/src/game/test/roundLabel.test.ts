// The status bar's round label: the game's sentence first, else the round in words from its kind.
import assert from "node:assert/strict";
import { test } from "node:test";

import { RoundKind } from "../api";
import { roundLabel } from "../roundLabel";

test("the game's own sentence is the label", () => {
  assert.equal(roundLabel({ kind: RoundKind.ROUND_STOCK, number: 1, description: "Stock Round 1" }), "Stock Round 1");
});

test("without a sentence, 1947's rounds are named in 18xx's words, 1853's as before", () => {
  assert.equal(roundLabel({ kind: RoundKind.ROUND_PRIVATE_AUCTION, number: 0, description: "" }), "Private auction");
  assert.equal(roundLabel({ kind: RoundKind.ROUND_STOCK, number: 2, description: "" }), "Stock Round 2");
  assert.equal(roundLabel({ kind: RoundKind.ROUND_OPERATING, number: 1, description: "" }), "Operating Round 1");
  assert.equal(roundLabel({ kind: RoundKind.ROUND_DEALING, number: 3, description: "" }), "Dealing Round 3");
  assert.equal(roundLabel({ kind: RoundKind.ROUND_KIND_UNSPECIFIED, number: 0, description: "" }), "");
  assert.equal(roundLabel(undefined), "");
});

// Where the board opens (mapFocus.ts): the legal hexes first, then the bid cities offered, then the
// operating company's network, the player's own, every base.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { GameViewSchema } from "@gen/mailrun/v1/views_pb";

import { sortMoves } from "../legalMoves";
import { openingFocus } from "../mapFocus";

const none = sortMoves([]);

test("with no move on the map, the operating railway's stations, else the player's, else all", () => {
  const view = create(GameViewSchema, {
    game1947: {
      operating: { railway: "ABR" },
      railways: [
        { initials: "ABR", presidentSeat: 1, stations: [{ hex: "S14" }] },
        { initials: "GIPR", presidentSeat: 0, stations: [{ hex: "D21" }, { hex: "D19" }] },
      ],
    },
  });
  assert.deepEqual(openingFocus(view, none, new Map(), 0), ["S14"]);
  const between = create(GameViewSchema, { game1947: { railways: view.game1947!.railways } });
  assert.deepEqual(openingFocus(between, none, new Map(), 0), ["D21", "D19"]);
  assert.deepEqual(openingFocus(between, none, new Map(), 2), ["S14", "D21", "D19"]);
  assert.deepEqual(openingFocus(create(GameViewSchema, {}), none, new Map(), 0), []);
});

test("bid cities offered come before any network", () => {
  const view = create(GameViewSchema, { companies: [{ initials: "EIR", directorSeat: 0, bases: [{ hex: "Jab" }] }] });
  assert.deepEqual(openingFocus(view, none, new Map([["Fn", "offered"], ["Go", "mine"]]), 0), ["Fn"]);
  assert.deepEqual(openingFocus(view, none, new Map(), 0), ["Jab"]);
});

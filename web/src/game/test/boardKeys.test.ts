// The board from the keyboard (boardKeys.ts): each arrow key moves to the neighbouring hex that
// way, on 1853's pointy-topped rows and 1947's flat-topped columns, and nowhere off the board.
import assert from "node:assert/strict";
import { test } from "node:test";

import { buildBoard } from "../boardModel";
import { nextHex } from "../boardKeys";
import { components, components1947 } from "./fixture";

test("on 1947's flat-topped map, up and down go along a column, left and right to the next", () => {
  const board = buildBoard(components1947, undefined);
  const hexes = board.hexes.map((h) => ({ id: h.hex.hex, centre: h.centre }));
  const at = (id: string) => board.byId.get(id)!.centre;
  // D19 is due north of D21 (1947's columns run north to south).
  assert.equal(nextHex(hexes, at("D21"), "ArrowUp"), "D19");
  assert.equal(nextHex(hexes, at("D19"), "ArrowDown"), "D21");
  assert.ok(["E20"].includes(nextHex(hexes, at("D21"), "ArrowRight") ?? ""), "right of D21: E20");
  assert.equal(nextHex(hexes, at("D19"), "ArrowUp"), undefined, "nothing north of D19 in the fixture");
});

test("on 1853's pointy-topped rows, every key reaches a neighbour (one hex away) or nothing", () => {
  const board = buildBoard(components, undefined);
  const hexes = board.hexes.map((h) => ({ id: h.hex.hex, centre: h.centre }));
  for (const h of board.hexes) {
    for (const key of ["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"] as const) {
      const next = nextHex(hexes, h.centre, key);
      if (!next) continue;
      const d = Math.hypot(board.byId.get(next)!.centre.x - h.centre.x, board.byId.get(next)!.centre.y - h.centre.y);
      const nearest = Math.min(...hexes.filter((o) => o.id !== h.hex.hex).map((o) => Math.hypot(o.centre.x - h.centre.x, o.centre.y - h.centre.y)));
      assert.ok(d <= nearest * 2.01, `${key} from ${h.hex.hex} jumps to ${next}`);
    }
  }
});

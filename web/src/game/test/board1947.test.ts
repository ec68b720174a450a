// 1947's board drawn from its components as 1853's is (boardModel.ts: the grid turned a quarter
// clockwise into flat-topped hexes), its tiles with their track, the legal lays and stations by
// hex, and the optimiser's runs drawn on it and accepted (legalMoves.ts, runPaths.ts), on answers
// a local stack gave (fixtures/or-1947.json) and components in GetComponents' shape
// (fixtures/components-1947.json).
import assert from "node:assert/strict";
import { test } from "node:test";

import { create, fromJson } from "@bufbuild/protobuf";
import { ListLegalActionsResponseSchema, SuggestRunsResponseSchema } from "@gen/mailrun/v1/game_pb";
import { GameViewSchema, LegalActionSchema, RunPlanSchema } from "@gen/mailrun/v1/views_pb";

import { buildBoard } from "../boardModel";
import { HEX_RADIUS as R, HEX_WIDTH, distance, edgeMidpoint, hexCorners, neighbour } from "../hexGeometry";
import { acceptRunsAction, runNodes, sortMoves } from "../legalMoves";
import { runPoints } from "../runPaths";
import { components1947 } from "./fixture";
import or1947 from "./fixtures/or-1947.json";

const legal = fromJson(ListLegalActionsResponseSchema, or1947.legal as never).actions;
const suggested = fromJson(SuggestRunsResponseSchema, or1947.suggestRuns as never);
const near = (a: { x: number; y: number }, b: { x: number; y: number }, what: string) => assert.ok(distance(a, b) < 0.01, `${what}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);

test("1947's hexes are placed by their row and col, the grid turned a quarter clockwise", () => {
  const board = buildBoard(components1947, undefined);
  assert.equal(board.flatTopped, true);
  const at = (hex: string) => board.byId.get(hex)!.centre;
  // Bombay (D21) is due south of Surat (D19), one hex on; E20 lies to the north-east of D21, C20
  // to the north-west: 1947's columns run north to south, column letters west to east.
  assert.ok(Math.abs(at("D19").x - at("D21").x) < 0.01 && Math.abs(at("D21").y - at("D19").y - HEX_WIDTH) < 0.01);
  assert.ok(at("E20").x > at("D21").x && at("E20").y < at("D21").y);
  assert.ok(at("C20").x < at("D21").x && at("C20").y < at("D21").y);
  assert.ok(at("S14").x > at("D21").x, "Assam is east of Bombay");
  for (const h of board.hexes) {
    for (const corner of hexCorners(h.centre, R, true)) {
      assert.ok(corner.x >= 0 && corner.y >= 0 && corner.x <= board.width && corner.y <= board.height, `${h.hex.hex} off the picture`);
    }
  }
});

test("on 1947's board each grid edge faces the neighbour across it", () => {
  const board = buildBoard(components1947, undefined);
  const byPlace = new Map(board.hexes.map((h) => [`${h.hex.row},${h.hex.col}`, h]));
  let checked = 0;
  for (const h of board.hexes) {
    for (let edge = 0; edge < 6; edge++) {
      const n = neighbour(h.hex.row, h.hex.col, edge);
      const other = byPlace.get(`${n.row},${n.col}`);
      if (!other) continue;
      near(edgeMidpoint(h.centre, R, edge, true), { x: (h.centre.x + other.centre.x) / 2, y: (h.centre.y + other.centre.y) / 2 }, `${h.hex.hex} edge ${edge}`);
      checked++;
    }
  }
  assert.ok(checked >= 6, `${checked} edges`);
  // Grid edge 1 is 1947's north: D21's edge 1 faces D19.
  near(edgeMidpoint(board.byId.get("D21")!.centre, R, 1, true), { x: board.byId.get("D21")!.centre.x, y: board.byId.get("D21")!.centre.y - HEX_WIDTH / 2 }, "north");
});

test("a tile laid on 1947's board is drawn with its track from edge to edge, turned with the board", () => {
  for (const rotation of [0, 1, 4]) {
    const view = create(GameViewSchema, { tiles: [{ hex: "D21", tile: "9", rotation }] });
    const h = buildBoard(components1947, view).byId.get("D21")!;
    assert.equal(h.tile?.design.id, "9");
    assert.equal(h.tile?.picture.flatTopped, true);
    const [track] = h.tile!.picture.tracks;
    const ends = [...track.d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
    near(ends[0], edgeMidpoint(h.centre, R, rotation % 6, true), `rotation ${rotation} start`);
    near(ends[ends.length - 1], edgeMidpoint(h.centre, R, (rotation + 3) % 6, true), `rotation ${rotation} end`);
  }
  // A city tile's station carries the railway's station token.
  const view = create(GameViewSchema, {
    tiles: [{ hex: "S14", tile: "57M", rotation: 0 }],
    game1947: { railways: [{ initials: "ABR", stations: [{ hex: "S14", station: 0 }] }] },
  });
  const board = buildBoard(components1947, view);
  const token = board.tokens.find((t) => t.hex === "S14")!;
  assert.equal(token.reserved, false);
  near(token.at, board.byId.get("S14")!.stations[0].at, "the token on the station");
  // 1853's buffs (4.1.11) are not 1947's: no board edge is marked.
  assert.ok(board.hexes.every((x) => x.buffEdges.length === 0));
});

test("a 1947 operating turn's lays sort by hex and tile with their legal rotations; runs are runs", () => {
  const moves = sortMoves(legal);
  assert.deepEqual([...moves.byHex.keys()].sort(), ["R13", "S10", "S14", "S16", "T11"]);
  const r13 = moves.byHex.get("R13")!;
  assert.deepEqual(r13.tiles.map((t) => t.tile), ["57M", "5M", "6M"]);
  assert.deepEqual(r13.tiles[2].rotations.map((r) => r.rotation), [2, 4]);
  // Each choice submits the very action listed.
  for (const choice of r13.tiles) {
    for (const { rotation, index } of choice.rotations) {
      const kind = legal[index].action!.kind;
      assert.ok(kind.case === "layTrack1947" && kind.value.hex === "R13" && kind.value.tile === choice.tile && kind.value.rotation === rotation);
    }
  }
  assert.equal(moves.runs.length, 2);
  assert.ok(moves.others.every((i) => legal[i].action!.kind.case !== "layTrack1947"));
  const station = sortMoves([create(LegalActionSchema, { action: { kind: { case: "placeStation1947", value: { hex: "D21" } } } })]);
  assert.deepEqual(station.byHex.get("D21")!.bases, [{ station: 0, index: 0, label: "Place a station here" }]);
});

test("the optimiser's 1947 runs are drawn through their stops and accepted as the listed action", () => {
  const board = buildBoard(components1947, undefined);
  const plan = suggested.bestTotal!;
  assert.ok(plan.runs.length > 0);
  const points = runPoints(board, plan.runs[0].nodes);
  assert.equal(points.length, plan.runs[0].nodes.length);
  points.forEach((p, i) => {
    const h = board.byId.get(plan.runs[0].nodes[i])!;
    assert.deepEqual(p, h.stations[0]?.at ?? h.centre); // a stop is its hex's station
  });
  const moves = sortMoves(legal);
  for (const payOut of [true, false]) {
    const action = acceptRunsAction(legal, moves.runs, plan, payOut);
    assert.ok(action?.kind.case === "runTrains1947");
    assert.equal(action.kind.value.payOut, payOut);
    assert.ok(legal.some((l) => l.action === action), "the listed action itself");
    assert.deepEqual(runNodes(action).map((r) => r.nodes), plan.runs.map((r) => r.nodes));
  }
  // A plan the list does not offer (the game moved on) is not sent.
  const other = create(RunPlanSchema, { runs: [{ trainId: "T2-0", nodes: ["S14", "R13"] }] });
  assert.equal(acceptRunsAction(legal, moves.runs, other, true), undefined);
});

test("1853's runs are still made from the plan", () => {
  const legal1853 = [create(LegalActionSchema, { action: { kind: { case: "runTrains", value: { runs: [] } } } })];
  const plan = create(RunPlanSchema, { runs: [{ trainId: "2-1", nodes: ["Fn.s0", "Fn/Fp", "Fp.s0"] }], runRevenue: 40 });
  const action = acceptRunsAction(legal1853, [0], plan, true);
  assert.ok(action?.kind.case === "runTrains" && action.kind.value.payDividend);
  assert.deepEqual(action.kind.value.runs[0].nodes, ["Fn.s0", "Fn/Fp", "Fp.s0"]);
  assert.deepEqual(runNodes(action)[0].nodes, ["Fn.s0", "Fn/Fp", "Fp.s0"]);
});

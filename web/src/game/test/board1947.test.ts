// 1947's board read from the service's picture (pictureBoard.ts), the legal lays and stations by
// hex, and the optimiser's runs drawn on it and accepted (legalMoves.ts, runPaths.ts), on answers
// a local stack gave (fixtures/board-1947.json, fixtures/or-1947.json).
import assert from "node:assert/strict";
import { test } from "node:test";

import { create, fromJson } from "@bufbuild/protobuf";
import { ListLegalActionsResponseSchema, SuggestRunsResponseSchema } from "@gen/mailrun/v1/game_pb";
import { LegalActionSchema, RunPlanSchema } from "@gen/mailrun/v1/views_pb";

import { distance } from "../hexGeometry";
import { acceptRunsAction, runNodes, sortMoves } from "../legalMoves";
import { parseHexName, pictureBoard, readPictureLayout } from "../pictureBoard";
import { runPoints } from "../runPaths";
import board1947 from "./fixtures/board-1947.json";
import or1947 from "./fixtures/or-1947.json";

const svg = board1947.svg;
const legal = fromJson(ListLegalActionsResponseSchema, or1947.legal as never).actions;
const suggested = fromJson(SuggestRunsResponseSchema, or1947.suggestRuns as never);

// The hexes the picture draws: each polygon's centre.
const polygonCentres = [...svg.matchAll(/<polygon points="([^"]+)"/g)].map((m) => {
  const points = m[1].split(" ").map((p) => p.split(",").map(Number));
  return { x: points.reduce((s, p) => s + p[0], 0) / 6, y: points.reduce((s, p) => s + p[1], 0) / 6 };
});
const nearestPolygon = (p: { x: number; y: number }) => Math.min(...polygonCentres.map((c) => distance(c, p)));

test("1947 hex names: a column letter and a row number", () => {
  assert.deepEqual(parseHexName("D21"), { column: 3, row: 21 });
  assert.deepEqual(parseHexName("S14"), { column: 18, row: 14 });
  assert.equal(parseHexName("Fn.s0"), undefined);
  assert.equal(parseHexName("21"), undefined);
});

test("every hex the picture names is placed on the centre of the hex it draws there", () => {
  const layout = readPictureLayout(svg)!;
  assert.ok(layout.width > 1000 && layout.height > 1000, `${layout.width}x${layout.height}`);
  assert.ok(layout.named.length > 150, `${layout.named.length} hexes named`);
  assert.ok(Math.abs(layout.radius - 34) < 0.5, `radius ${layout.radius}`);
  for (const name of layout.named) assert.ok(nearestPolygon(layout.centreOf(name)!) < 0.5, `${name} off its hex`);
  // Bombay (D21) is due south of Surat (D19); neighbouring columns are one row apart.
  const d19 = layout.centreOf("D19")!;
  const d21 = layout.centreOf("D21")!;
  const e20 = layout.centreOf("E20")!;
  assert.ok(Math.abs(d19.x - d21.x) < 0.01 && d21.y > d19.y);
  assert.ok(Math.abs(distance(d19, d21) - distance(d21, e20)) < 0.5, "a hex's neighbours are equally far");
});

test("a hex whose name the picture does not write still has its place (the grid is fitted)", () => {
  const withoutS14 = svg.replace(/<text[^>]*>S14<\/text>\n/, "");
  assert.notEqual(withoutS14, svg);
  const layout = readPictureLayout(withoutS14)!;
  assert.ok(!layout.named.includes("S14"));
  const board = pictureBoard(withoutS14, ["S14"])!;
  assert.ok(nearestPolygon(board.byId.get("S14")!.centre) < 0.5);
  assert.equal(board.flatTopped, true);
  assert.equal(pictureBoard("<svg>no picture</svg>"), undefined);
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
  const board = pictureBoard(svg, ["S14", "S12"])!;
  const plan = suggested.bestTotal!;
  assert.ok(plan.runs.length > 0);
  const points = runPoints(board, plan.runs[0].nodes);
  assert.equal(points.length, plan.runs[0].nodes.length);
  points.forEach((p, i) => assert.deepEqual(p, board.byId.get(plan.runs[0].nodes[i])!.centre));
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

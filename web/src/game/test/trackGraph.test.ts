// 1853's track named as the route graph names it, and a run's stops turned into its nodes
// (trackGraph.ts): on the fixture's hexes around Delhi (its three terminal stations, 4.2.12) with
// tile 14 laid on Jaipur and tile 4 on the town north-west of Delhi.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { GameViewSchema } from "@gen/mailrun/v1/views_pb";

import { Gauge } from "../api";
import { buildBoard } from "../boardModel";
import { runTrains1853 } from "../handRuns";
import { runThrough, stationHexes, trackGraph } from "../trackGraph";
import { components } from "./fixture";

const view = create(GameViewSchema, { tiles: [{ hex: "Gm", tile: "14", rotation: 0 }, { hex: "Em", tile: "4", rotation: 2 }] });
const board = buildBoard(components, view);
const graph = trackGraph(components, board);

test("each tile's paths join its stations, junctions and the edges it shares, named as the engine names them", () => {
  assert.deepEqual(graph.stationsOf.get("Fn"), ["Fn.s0", "Fn.s1", "Fn.s2"]);
  // Delhi's third station runs to its south-west edge, the edge it shares with Jaipur (row F before G).
  assert.ok(graph.links.get("Fn.s2")!.some((l) => l.to === "Fn/Gm" && l.gauge === Gauge.DUAL));
  assert.ok(graph.links.get("Fn/Gm")!.some((l) => l.to === "Gm.s0" && l.gauge === Gauge.BROAD));
  // Tile 4 turned by 2 runs north-west to south-east: into Delhi's first station (E before F).
  assert.ok(graph.links.get("Em.s0")!.some((l) => l.to === "Em/Fn"));
});

test("a run from Delhi to Jaipur goes along the shared edge; a metre train finds no metre track", () => {
  assert.deepEqual(runThrough(graph, ["Fn", "Gm"], Gauge.BROAD), { nodes: ["Fn.s2", "Fn/Gm", "Gm.s0"] });
  assert.deepEqual(runThrough(graph, ["Gm", "Fn"], Gauge.BROAD), { nodes: ["Gm.s0", "Fn/Gm", "Fn.s2"] });
  assert.deepEqual(runThrough(graph, ["Fn", "Gm"], Gauge.METRE), { from: "Fn", to: "Gm" });
  assert.deepEqual(stationHexes(["Gm.s0", "Fn/Gm", "Fn.s2"]), ["Gm", "Fn"]);
});

test("no run passes through a station: from the town through Delhi's terminal stations to Jaipur there is none", () => {
  assert.deepEqual(runThrough(graph, ["Em", "Fn"], Gauge.BROAD), { nodes: ["Em.s0", "Em/Fn", "Fn.s0"] });
  assert.deepEqual(runThrough(graph, ["Em", "Gm"], Gauge.BROAD), { from: "Em", to: "Gm" });
  assert.deepEqual(runThrough(graph, ["Em", "Fn", "Gm"], Gauge.BROAD), { from: "Fn", to: "Gm" });
});

test("RunTrains keeps the plan's own track where the stops are the plan's, else the way found, and names a gap", () => {
  const trains = [{ id: "2-1", name: "2" }, { id: "3-1", name: "3" }, { id: "2M-1", name: "2M" }];
  const plan = { runs: [{ trainId: "2-1", nodes: ["Fn.s2", "Fn/Gm", "Gm.s0"] }], mailTrainId: "2-1" } as never;
  const gauge = (name: string) => (name.endsWith("M") ? Gauge.METRE : Gauge.BROAD);
  const same = runTrains1853(trains, [["Fn", "Gm"], [], []], plan, graph, gauge, true);
  assert.ok("action" in same && same.action.kind.case === "runTrains");
  if ("action" in same && same.action.kind.case === "runTrains") {
    assert.deepEqual(same.action.kind.value.runs.map((r) => [r.trainId, r.nodes]), [["2-1", ["Fn.s2", "Fn/Gm", "Gm.s0"]]]);
    assert.equal(same.action.kind.value.mailTrainId, "2-1");
    assert.equal(same.action.kind.value.payDividend, true);
  }
  const moved = runTrains1853(trains, [[], ["Em", "Fn"], []], plan, graph, gauge, false);
  if (!("action" in moved) || moved.action.kind.case !== "runTrains") return assert.fail("no action");
  assert.deepEqual(moved.action.kind.value.runs.map((r) => r.trainId), ["3-1"]);
  assert.equal(moved.action.kind.value.mailTrainId, "", "the mail train does not run");
  const gap = runTrains1853(trains, [["Fn", "Gm"], [], ["Fn", "Gm"]], plan, graph, gauge, false);
  assert.ok("error" in gap && gap.error.includes("2M") && gap.error.includes("Fn to Gm"), JSON.stringify(gap));
});

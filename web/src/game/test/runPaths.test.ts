// Runs on the board: node names to points, and the last runs read from the log.
import assert from "node:assert/strict";
import { test } from "node:test";

import { create } from "@bufbuild/protobuf";
import { GameViewSchema, LogLineSchema } from "@gen/mailrun/v1/views_pb";

import { buildBoard } from "../boardModel";
import { distance } from "../hexGeometry";
import { lastRuns, loggedRunPoints, nodePoint, runPoints } from "../runPaths";
import { components } from "./fixture";

const view = create(GameViewSchema, { tiles: [{ hex: "Go", tile: "9", rotation: 1 }], companies: [{ initials: "NWR", bases: [{ hex: "Fn", station: 2 }] }] });
const board = buildBoard(components, view);

test("a station node is where the tile draws the station; an edge node is between the two hexes", () => {
  const delhi = board.byId.get("Fn")!;
  assert.equal(delhi.stations.length, 3);
  assert.deepEqual(nodePoint(board, "Fn.s1"), delhi.stations[1].at);
  const between = nodePoint(board, "Fn/Fp")!;
  const fp = board.byId.get("Fp")!.centre;
  assert.ok(Math.abs(distance(between, delhi.centre) - distance(between, fp)) < 1e-9);
  assert.deepEqual(nodePoint(board, "Go.j0"), board.byId.get("Go")!.centre);
  assert.equal(nodePoint(board, "Zz.s0"), undefined);
  assert.equal(runPoints(board, ["Fn.s0", "Fn/Fp", "nonsense"]).length, 2);
});

test("base tokens fill their station's space; home stations not yet taken show reserved", () => {
  const nwr = board.tokens.filter((t) => t.company === "NWR");
  assert.ok(nwr.some((t) => !t.reserved && t.hex === "Fn"));
  assert.deepEqual(nwr.find((t) => !t.reserved)!.at, board.byId.get("Fn")!.stations[2].spaces[0]);
});

const runLine = (company: string, train: string, stations: string) =>
  create(LogLineSchema, {
    text: "",
    structured: {
      key: "1853.log.running.train_runs",
      params: [
        { name: "company", value: { case: "company", value: company } },
        { name: "train", value: { case: "train", value: train } },
        { name: "stations", value: { case: "text", value: stations } },
      ],
    },
  });
const other = create(LogLineSchema, { text: "x", structured: { key: "1853.log.running.pays_dividend", params: [] } });

test("each company's latest runs replace its earlier ones; 'runs no train' clears them", () => {
  const runs = lastRuns([
    runLine("EIR", "2", "Delhi-Jaipur"),
    other,
    runLine("NWR", "2", "Delhi-Fp"),
    runLine("NWR", "3", "Jaipur-Delhi-Fl"),
    other,
    runLine("EIR", "3", "Jaipur-Delhi"),
    create(LogLineSchema, { structured: { key: "1853.log.running.runs_no_train", params: [{ name: "company", value: { case: "company", value: "NWR" } }] } }),
  ]);
  assert.deepEqual(runs.get("EIR")!.map((r) => r.stations), [["Jaipur", "Delhi"]]);
  assert.deepEqual(runs.get("NWR"), []);
  const points = loggedRunPoints(board, components, runs.get("EIR")![0]);
  assert.equal(points.length, 2);
  assert.deepEqual(points[1], board.byId.get("Fn")!.stations[0].at);
});

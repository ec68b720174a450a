// Runs drawn by hand (handRuns.ts): the optimiser's plan as each train's stops, stops added and
// taken away, a run cleared, and the RunTrains1947 action that runs them in the trains' order.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fromJson } from "@bufbuild/protobuf";
import { SuggestRunsResponseSchema } from "@gen/mailrun/v1/game_pb";

import { cleared, oneRunStops, planStops, railwayTrains, revenueFromWithheld, runTrainsAction, sameStops, withStop, withoutStop } from "../handRuns";
import or1947 from "./fixtures/or-1947.json";

const plan = fromJson(SuggestRunsResponseSchema, or1947.suggestRuns as never).bestTotal;

test("a railway's trains get the optimiser's ids, in the order bought", () => {
  assert.deepEqual(railwayTrains(["T2", "T2", "T3"]).map((t) => t.id), ["T2-0", "T2-1", "T3-2"]);
});

test("the plan's runs become each train's stops; a train it does not run has none", () => {
  const trains = railwayTrains(["T2", "T3"]);
  assert.deepEqual(planStops(trains, plan), [["S14", "S12"], []]);
  assert.deepEqual(planStops(trains, undefined), [[], []]);
});

test("stops are added to and taken from one train's run only, and a run is cleared", () => {
  let stops = [["S14", "S12"], []];
  stops = withStop(stops, 1, "R13");
  stops = withStop(stops, 1, "S10");
  assert.deepEqual(stops, [["S14", "S12"], ["R13", "S10"]]);
  assert.deepEqual(withoutStop(stops, 0, 0), [["S12"], ["R13", "S10"]]);
  assert.deepEqual(cleared(stops, 1), [["S14", "S12"], []]);
  assert.deepEqual(oneRunStops(stops, 1), [[], ["R13", "S10"]]);
  assert.ok(sameStops(stops, [["S14", "S12"], ["R13", "S10"]]));
  assert.ok(!sameStops(stops, [["S12", "S14"], ["R13", "S10"]]));
});

test("the action lists each train's run in order, trailing trains that do not run left out", () => {
  const action = runTrainsAction([[], ["S12", "S14"], []], true);
  assert.equal(action.kind.case, "runTrains1947");
  if (action.kind.case !== "runTrains1947") return;
  assert.deepEqual(action.kind.value.runs.map((r) => r.stops), [[], ["S12", "S14"]]);
  assert.equal(action.kind.value.payOut, true);
  const none = runTrainsAction([[], []], false);
  assert.deepEqual(none.kind.case === "runTrains1947" ? none.kind.value.runs : ["?"], []);
});

test("1947's revenue from a withheld preview's money: all of it without savings shares, else what the savings lost is added back", () => {
  assert.equal(revenueFromWithheld(30, 0), 30);
  // 2 savings units (20%): of Rs.30 they take 3 and the bank 3; the money in play gains 27.
  assert.equal(revenueFromWithheld(27, 2), 30);
  // 10 savings units: Rs.30 gains 15 (as Rs.29 would: the multiple of 10 is taken).
  assert.equal(revenueFromWithheld(15, 10), 30);
  assert.equal(revenueFromWithheld(0, 4), 0);
});

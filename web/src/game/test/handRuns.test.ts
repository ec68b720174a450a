// Runs drawn by hand (handRuns.ts): the optimiser's plan as each train's stops, stops added and
// taken away, a run cleared, and the RunTrains1947 action that runs them in the trains' order.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fromJson } from "@bufbuild/protobuf";
import { SuggestRunsResponseSchema } from "@gen/mailrun/v1/game_pb";
import { GameViewSchema } from "@gen/mailrun/v1/views_pb";

import { cleared, lastRevenue1947, oneRunStops, planStops, railwayTrains, runTrainsAction, sameStops, withStop, withoutStop } from "../handRuns";
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

test("1947's revenue in a preview's view is the railway's last revenue, 0 when it ran nothing", () => {
  const view = fromJson(GameViewSchema, {
    game1947: {
      railways: [
        { initials: "ABR", lastRuns: [{ trainId: "T2-0", nodes: ["D21", "E20"], revenue: 40 }], lastRevenue: 50 },
        { initials: "BNR", lastRevenue: 0 },
      ],
    },
  } as never);
  // The modifiers count (a tile bonus here): the view's figure, not the runs' sum.
  assert.equal(lastRevenue1947(view, "ABR"), 50);
  assert.equal(lastRevenue1947(view, "BNR"), 0);
  assert.equal(lastRevenue1947(view, "GIPR"), 0);
  assert.equal(lastRevenue1947(undefined, "ABR"), 0);
});

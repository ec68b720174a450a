// Runs drawn by hand on the map: the operating company's trains (1947: in the order bought, the
// order RunTrains1947 lists their runs in, each with the id the optimiser gives it, "T2-0"; 1853:
// the view's train ids), the stops of each train's run as hexes in order (the optimiser's plan
// first), a stop added or taken away, a run cleared, and the action that runs them: 1947's
// RunTrains1947 (6.14.1: a run is its stops), 1853's RunTrains (4.5: a run is its track, found
// between the stops by trackGraph.ts, the plan's own where a train's stops are the plan's). Pure.
import { create } from "@bufbuild/protobuf";

import { type Action, ActionSchema, type GameView, Gauge, type RunPlan } from "./api";
import { type TrackGraph, runThrough, stationHexes } from "./trackGraph";

export interface HandTrain {
  id: string; // "T2-0": the train's name and its place among the railway's trains
  name: string; // "T2"
}

export function railwayTrains(names: string[]): HandTrain[] {
  return names.map((name, i) => ({ id: `${name}-${i}`, name }));
}

// The plan's runs as nodes per train (a train the plan does not run: none); 1947's nodes are its
// stops, 1853's its track (stationHexes gives its stops).
export function planNodes(trains: HandTrain[], plan: RunPlan | undefined): string[][] {
  const nodes = trains.map((): string[] => []);
  for (const run of plan?.runs ?? []) {
    const i = trains.findIndex((t) => t.id === run.trainId);
    if (i >= 0) nodes[i] = [...run.nodes];
  }
  return nodes;
}

export function planStops(trains: HandTrain[], plan: RunPlan | undefined, track = false): string[][] {
  return planNodes(trains, plan).map((nodes) => (track ? stationHexes(nodes) : nodes));
}

export function withStop(stops: string[][], train: number, hex: string): string[][] {
  return stops.map((run, i) => (i === train ? [...run, hex] : run));
}

export function withoutStop(stops: string[][], train: number, at: number): string[][] {
  return stops.map((run, i) => (i === train ? run.filter((_, k) => k !== at) : run));
}

export function cleared(stops: string[][], train: number): string[][] {
  return stops.map((run, i) => (i === train ? [] : run));
}

// RunTrains1947 with these runs (a train without stops does not run; trailing ones left out).
export function runTrainsAction(stops: string[][], payOut: boolean): Action {
  const runs = stops.map((s) => ({ stops: s }));
  while (runs.length > 0 && runs[runs.length - 1].stops.length === 0) runs.pop();
  return create(ActionSchema, { kind: { case: "runTrains1947", value: { runs, payOut } } });
}

// Only train `train`'s run, the others standing: what that run earns alone.
export function oneRunStops(stops: string[][], train: number): string[][] {
  return stops.map((run, i) => (i === train ? run : []));
}

export function sameStops(a: string[][], b: string[][]): boolean {
  return JSON.stringify(a.map((r) => r.join(" "))) === JSON.stringify(b.map((r) => r.join(" ")));
}

// 1853's RunTrains for these stops (4.5): each train's track the plan's where its stops are the
// plan's, else the way between its stops; the plan's mail train (4.6.6) while it still runs. An
// error names the first two stops no track of the train's gauge joins.
export function runTrains1853(trains: HandTrain[], stops: string[][], plan: RunPlan | undefined, graph: TrackGraph, gaugeOf: (train: string) => Gauge, payOut: boolean): { action: Action } | { error: string } {
  const planned = planNodes(trains, plan);
  const runs: Array<{ trainId: string; nodes: string[] }> = [];
  for (let i = 0; i < trains.length; i++) {
    if ((stops[i] ?? []).length === 0) continue;
    if (stops[i].join(" ") === stationHexes(planned[i]).join(" ") && planned[i].length > 0) {
      runs.push({ trainId: trains[i].id, nodes: planned[i] });
      continue;
    }
    const way = runThrough(graph, stops[i], gaugeOf(trains[i].name));
    if (!("nodes" in way)) return { error: `no track for the ${trains[i].name} joins ${way.from} to ${way.to} without passing another station (4.5)` };
    runs.push({ trainId: trains[i].id, nodes: way.nodes });
  }
  const mail = runs.some((r) => r.trainId === plan?.mailTrainId) ? plan!.mailTrainId : "";
  return { action: create(ActionSchema, { kind: { case: "runTrains", value: { runs, mailTrainId: mail, payDividend: payOut } } }) };
}

// 1947: the revenue of the railway's runs in a view (a preview's view_after): the turn's revenue
// with every modifier (6.14.2, 6.14.3, 6.8.1, 6.13.3) as the service would pay it out or withhold
// it (Railway1947View.last_revenue); 0 when it ran no train.
export function lastRevenue1947(view: GameView | undefined, railway: string): number {
  const r = view?.game1947?.railways.find((x) => x.initials === railway);
  return r && r.lastRuns.length > 0 ? r.lastRevenue : 0;
}

// Runs drawn by hand on the map (1947 6.14.1: a run is its stops, hexes in order): the operating
// railway's trains in the order bought (the order RunTrains1947 lists their runs in, each with the
// id the optimiser gives it, "T2-0"), the stops of each train's run (the optimiser's plan first),
// a stop added or taken away, a run cleared, and the action that runs them. Pure.
import { create } from "@bufbuild/protobuf";

import { type Action, ActionSchema, type RunPlan } from "./api";

export interface HandTrain {
  id: string; // "T2-0": the train's name and its place among the railway's trains
  name: string; // "T2"
}

export function railwayTrains(names: string[]): HandTrain[] {
  return names.map((name, i) => ({ id: `${name}-${i}`, name }));
}

// The plan's runs as stops per train (a train the plan does not run: no stops).
export function planStops(trains: HandTrain[], plan: RunPlan | undefined): string[][] {
  const stops = trains.map((): string[] => []);
  for (const run of plan?.runs ?? []) {
    const i = trains.findIndex((t) => t.id === run.trainId);
    if (i >= 0) stops[i] = [...run.nodes];
  }
  return stops;
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

// The legal-action list (ListLegalActions) sorted for direct manipulation: tile lays and
// promotions by hex (with each tile's rotations; 1947's LayTrack1947 too), base placements (1947:
// stations) by hex, the cities of a bid by city, run plans, and everything else for the plain
// list. Indices point into the list as the service sent it, so a choice submits exactly the action
// it offered. Also the run action that accepts the optimiser's plan (SuggestRuns). Pure.
import { create } from "@bufbuild/protobuf";

import { type Action, ActionSchema, type LegalAction, type RunPlan } from "./api";

export interface TileChoice {
  tile: string;
  promote: boolean;
  rotations: Array<{ rotation: number; index: number }>;
}

export interface HexMoves {
  tiles: TileChoice[];
  bases: Array<{ station: number; index: number; label: string }>;
}

export interface CityClaim {
  company: string;
  index: number;
}

export interface SortedMoves {
  byHex: Map<string, HexMoves>;
  byCity: Map<string, CityClaim[]>;
  runs: number[];
  others: number[];
}

export function sortMoves(actions: LegalAction[]): SortedMoves {
  const byHex = new Map<string, HexMoves>();
  const byCity = new Map<string, CityClaim[]>();
  const runs: number[] = [];
  const others: number[] = [];
  const hexMoves = (hex: string): HexMoves => {
    let moves = byHex.get(hex);
    if (!moves) {
      moves = { tiles: [], bases: [] };
      byHex.set(hex, moves);
    }
    return moves;
  };
  actions.forEach((legal, index) => {
    const kind = legal.action?.kind;
    switch (kind?.case) {
      case "layTile":
      case "promoteTile":
      case "layTrack1947": {
        const { hex, tile, rotation } = kind.value;
        const moves = hexMoves(hex);
        const promote = kind.case === "promoteTile";
        let choice = moves.tiles.find((c) => c.tile === tile && c.promote === promote);
        if (!choice) {
          choice = { tile, promote, rotations: [] };
          moves.tiles.push(choice);
        }
        choice.rotations.push({ rotation, index });
        break;
      }
      case "placeBase":
        hexMoves(kind.value.hex).bases.push({ station: kind.value.station, index, label: `Base on station ${kind.value.station}` });
        break;
      case "placeStation1947":
        hexMoves(kind.value.hex).bases.push({ station: 0, index, label: "Place a station here" });
        break;
      case "claimCity": {
        const claims = byCity.get(kind.value.city) ?? [];
        claims.push({ company: kind.value.company, index });
        byCity.set(kind.value.city, claims);
        break;
      }
      case "runTrains":
      case "runTrains1947":
        runs.push(index);
        others.push(index);
        break;
      default:
        others.push(index);
    }
  });
  for (const moves of byHex.values()) {
    for (const choice of moves.tiles) choice.rotations.sort((a, b) => a.rotation - b.rotation);
  }
  return { byHex, byCity, runs, others };
}

// A free amount (bond, price, gift) is the one field the player fills in: min..max of the legal
// action. Returns the action with `amount` written into that field, or an error naming the range.
// `money` writes an amount in the title's currency (1853 £, 1947 Rs.).
export function withAmount(legal: LegalAction, amount: number, money: (n: number) => string = (n) => `£${n}`): { action?: LegalAction["action"]; error?: string } {
  const min = Number(legal.minAmount);
  const max = Number(legal.maxAmount);
  if (!Number.isInteger(amount)) return { error: "the amount must be a whole number" };
  if (amount < min || amount > max) return { error: `the amount must be between ${money(min)} and ${money(max)}` };
  const action = legal.action;
  if (!action) return { error: "this action has no content" };
  const kind = action.kind;
  switch (kind.case) {
    case "commitBond":
      return { action: { ...action, kind: { case: kind.case, value: { ...kind.value, amount } } } };
    case "offerElephant":
      return { action: { ...action, kind: { case: kind.case, value: { ...kind.value, price: amount } } } };
    case "offerTrain":
      return { action: { ...action, kind: { case: kind.case, value: { ...kind.value, price: amount } } } };
    case "buyTrain":
      return { action: { ...action, kind: { case: kind.case, value: { ...kind.value, directorGift: amount } } } };
    case "settleCreditTrain":
      return { action: { ...action, kind: { case: kind.case, value: { ...kind.value, directorGift: amount } } } };
    case "bidPrivate1947":
      return { action: { ...action, kind: { case: kind.case, value: { ...kind.value, amount } } } };
    default:
      return { error: "this action takes no amount" };
  }
}

export function hasAmount(legal: LegalAction): boolean {
  return legal.maxAmount > legal.minAmount;
}

// The action that runs the trains as the optimiser planned (SuggestRuns' plan), paid out or not.
// 1853: RunTrains made from the plan. 1947: the listed RunTrains1947 whose runs are the plan's
// (its nodes are the stops, 6.14.1; the list gives each train's runs in the railway's order of
// trains, which the plan does not, so the list's own action is sent) and whose pay_out is the one
// asked, else the other one listed with the plan's runs. Undefined when none is listed.
export function acceptRunsAction(legal: LegalAction[], runIndices: number[], plan: RunPlan, payOut: boolean): Action | undefined {
  const listed = runIndices.map((i) => legal[i]?.action).filter((a): a is Action => !!a);
  const listed1947 = listed.flatMap((a) => (a.kind.case === "runTrains1947" ? [{ action: a, run: a.kind.value }] : []));
  if (listed1947.length > 0) {
    const stops = (runs: Array<{ stops: string[] }>) => JSON.stringify(runs.map((r) => r.stops).filter((s) => s.length > 0));
    const wanted = JSON.stringify(plan.runs.map((r) => r.nodes));
    const same = listed1947.filter((l) => stops(l.run.runs) === wanted);
    return (same.find((l) => l.run.payOut === payOut) ?? same[0])?.action;
  }
  if (listed.length === 0) return undefined;
  return create(ActionSchema, {
    kind: {
      case: "runTrains",
      value: { runs: plan.runs.map((r) => ({ trainId: r.trainId, nodes: r.nodes })), mailTrainId: plan.mailTrainId, payDividend: payOut && plan.runRevenue > 0 },
    },
  });
}

// The nodes of each run of a run action chosen from the list, as runPaths.ts draws them.
export function runNodes(action: Action | undefined): Array<{ train: string; nodes: string[] }> {
  const kind = action?.kind;
  if (kind?.case === "runTrains") return kind.value.runs.map((r) => ({ train: r.trainId, nodes: r.nodes }));
  if (kind?.case === "runTrains1947") return kind.value.runs.filter((r) => r.stops.length > 0).map((r, i) => ({ train: `run ${i + 1}`, nodes: r.stops }));
  return [];
}

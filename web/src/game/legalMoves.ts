// The legal-action list (ListLegalActions) sorted for direct manipulation: tile lays and
// promotions by hex (with each tile's rotations), base placements by hex, the cities of a bid by
// city, run plans, and everything else for the plain list. Indices point into the list as the
// service sent it, so a choice submits exactly the action it offered. Pure.
import type { LegalAction } from "./api";

export interface TileChoice {
  tile: string;
  promote: boolean;
  rotations: Array<{ rotation: number; index: number }>;
}

export interface HexMoves {
  tiles: TileChoice[];
  bases: Array<{ station: number; index: number }>;
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
      case "promoteTile": {
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
        hexMoves(kind.value.hex).bases.push({ station: kind.value.station, index });
        break;
      case "claimCity": {
        const claims = byCity.get(kind.value.city) ?? [];
        claims.push({ company: kind.value.company, index });
        byCity.set(kind.value.city, claims);
        break;
      }
      case "runTrains":
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
export function withAmount(legal: LegalAction, amount: number): { action?: LegalAction["action"]; error?: string } {
  const min = Number(legal.minAmount);
  const max = Number(legal.maxAmount);
  if (!Number.isInteger(amount)) return { error: "the amount must be a whole number of pounds" };
  if (amount < min || amount > max) return { error: `the amount must be between £${min} and £${max}` };
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

// The round as the status bar names it: the game's own sentence when it has one, else the round in
// words from its kind (RoundKind: 1853's contract bids, dealing and railway rounds; an 18xx's
// private auction, stock and operating rounds as 1947 plays them), as notifications name it.
import { RoundKind } from "./api";

export interface RoundLike {
  kind: RoundKind;
  number: number;
  description: string;
}

export function roundLabel(round: RoundLike | undefined): string {
  if (!round) return "";
  if (round.description) return round.description;
  switch (round.kind) {
    case RoundKind.ROUND_CONTRACT_BIDS: return "Contract bids";
    case RoundKind.ROUND_DEALING: return `Dealing Round ${round.number}`;
    case RoundKind.ROUND_RAILWAY: return `Railway Round ${round.number}`;
    case RoundKind.ROUND_FINISHED: return "Finished";
    case RoundKind.ROUND_PRIVATE_AUCTION: return "Private auction";
    case RoundKind.ROUND_STOCK: return `Stock Round ${round.number}`;
    case RoundKind.ROUND_OPERATING: return `Operating Round ${round.number}`;
    default: return "";
  }
}

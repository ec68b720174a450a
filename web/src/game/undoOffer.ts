// Whether "Undo my last move" can work now, as UndoLastAction judges it (services/game/
// move_service.cc, undo_policy.h), so the screen offers it only then: the game is not over (5.1),
// the log is read up to the version shown, the latest action still in effect is the player's (no
// other player has acted since), and that action showed nothing that cannot be unseen. 1853:
// writing down the last bond reveals every bond (2.5.2.3), and an action that returns a bond makes
// its cities public (4.3.2); both are read from the action's log lines (their message keys, as
// the engine says them). Pure.
import type { HistoryEntry } from "./api";

// Offered, or why not: the game is over, a spectator, an earlier version shown, the log not read
// up to the version shown, no move to take back, another player's move the latest, or the rules
// (with their words and rule).
export interface UndoOffer {
  offered: boolean;
  why?: "finished" | "watching" | "history" | "log" | "nothing" | "others" | "rules";
  words?: string;
}

// The log lines of an action that the rules forbid taking back, and why (the rule cited).
const unseen: [string, string][] = [
  ["1853.log.contract_bids.bonds", "that bond revealed every bond amount, so it cannot be taken back (2.5.2.3)"],
  ["1853.log.contracts.fulfilled", "that move returned a bond and made its cities public, so it cannot be taken back (4.3.2)"],
];

export function undoOffer(history: HistoryEntry[], version: bigint, seat: number, finished: boolean, lookingBack: boolean): UndoOffer {
  if (finished) return { offered: false, why: "finished" };
  if (seat < 0) return { offered: false, why: "watching" };
  if (lookingBack) return { offered: false, why: "history" };
  if (version === 0n) return { offered: false, why: "nothing" };
  if (history.length === 0 || history[history.length - 1].seq !== version) return { offered: false, why: "log" };
  const last = [...history].reverse().find((e) => !e.undone && e.undoesSeq === 0n);
  if (!last) return { offered: false, why: "nothing" };
  if (last.seat !== seat) return { offered: false, why: "others" };
  for (const [key, words] of unseen) {
    if (last.logLines.some((l) => l.structured?.key === key)) return { offered: false, why: "rules", words };
  }
  return { offered: true };
}

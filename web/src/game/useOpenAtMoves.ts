// On a phone, a turn with no move on the map (a stock round, an auction, a sale) opens at the
// moves: when the turn becomes the player's, the page scrolls so the tabs and the move forms start
// just below the at-a-glance strip (GlanceStrip.tsx), which keeps the cash and the turn in view;
// the round and the board are one swipe up. Once per turn, so reading elsewhere is not disturbed.
import { useEffect, useRef } from "preact/hooks";

import type { GameView } from "./api";
import type { SortedMoves } from "./legalMoves";

const PHONE = 900; // px: below this the screen is one column (styles.ts)

// `shown`: the moves tab of the live game is on screen.
export function useOpenAtMoves(view: GameView | undefined, moves: SortedMoves, yourSeat: number, shown: boolean): void {
  const offMap = moves.others.length > 0 && moves.byHex.size === 0 && moves.byCity.size === 0 && moves.runs.length === 0;
  const active = shown && offMap && !!view?.activeSeats.includes(yourSeat);
  const was = useRef(false);
  useEffect(() => {
    const becomes = active && !was.current;
    was.current = active;
    if (!becomes || window.innerWidth >= PHONE) return;
    const tabs = document.querySelector(".mr-game .mr-tabs");
    const strip = document.querySelector(".mr-game .mr-glance");
    if (!tabs) return;
    const below = strip ? strip.getBoundingClientRect().height + 4 : 0;
    const by = tabs.getBoundingClientRect().top - below;
    if (by > 0) window.scrollBy({ top: by, behavior: "auto" });
  }, [active]);
}

// The "usable board" mark of the speed benchmark (tools/bench/web_speed.mjs): the first time on a
// page that the game screen shows the board drawn with the legal targets of the version it shows
// (the legal actions read for that version) and the move forms, performance.mark
// "mailrun:board-usable". Once per page; the mark costs nothing else.
import { useEffect } from "preact/hooks";

let marked = false;

export function useUsableMark(ready: boolean) {
  useEffect(() => {
    if (!ready || marked) return;
    marked = true;
    performance.mark("mailrun:board-usable");
  }, [ready]);
}

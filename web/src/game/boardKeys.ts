// The board from the keyboard: which hex the focus moves to from a hex for an arrow key (the
// nearest hex whose centre lies within 60 degrees of the key's direction, nearer the straight line
// first), and the words a hex is announced by. Pure.
import type { Point } from "./hexGeometry";

export type Arrow = "ArrowUp" | "ArrowDown" | "ArrowLeft" | "ArrowRight";

const DIRECTIONS: Record<Arrow, Point> = {
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
};

export function isArrow(key: string): key is Arrow {
  return key in DIRECTIONS;
}

// The hex (of `hexes`) the focus moves to from `from` for `key`; undefined at the board's edge.
export function nextHex(hexes: Array<{ id: string; centre: Point }>, from: Point, key: Arrow): string | undefined {
  const dir = DIRECTIONS[key];
  let best: { id: string; cost: number } | undefined;
  for (const h of hexes) {
    const dx = h.centre.x - from.x;
    const dy = h.centre.y - from.y;
    const along = dx * dir.x + dy * dir.y;
    if (along <= 1e-6) continue;
    const across = Math.abs(dx * dir.y - dy * dir.x);
    if (across > along * Math.tan(Math.PI / 3)) continue; // more than 60 degrees off the key's way
    const cost = Math.hypot(dx, dy) + across; // a step off the straight line counts double
    if (!best || cost < best.cost) best = { id: h.id, cost };
  }
  return best?.id;
}

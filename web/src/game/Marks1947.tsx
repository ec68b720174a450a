// What the screen draws over 1947's board picture, where the tile designs are not served as data
// (GetComponents refuses the title, so no track can be drawn): a tile lay previewed in place (the
// hex outlined where the tile goes, its number, and a pointer to the board edge its edge 0 faces at
// the chosen rotation, 1947's edges clockwise from the south as LayTrack1947 counts them, moving
// as the player turns it).
import { type Point, hexCorners, pointsAttr, polar } from "./hexGeometry";

function TileMark({ centre, radius, tile, rotation, preview }: { centre: Point; radius: number; tile: string; rotation: number; preview: boolean }) {
  const angle = ((90 + 60 * rotation) * Math.PI) / 180; // 1947 edge 0 is the south
  const tip = polar(centre, radius * 0.8, angle);
  const base = polar(centre, radius * 0.3, angle);
  const ink = preview ? "#d21f2b" : "#1a1a1a";
  return (
    <g pointer-events="none" data-testid={preview ? "lay-mark" : `laid-${tile}`} data-rotation={rotation}>
      <polygon points={pointsAttr(hexCorners(centre, radius, true))} fill="#f6d743" fill-opacity={preview ? 0.55 : 0.8} stroke={ink} stroke-width={radius * (preview ? 0.08 : 0.03)} />
      <line x1={base.x} y1={base.y} x2={tip.x} y2={tip.y} stroke={ink} stroke-width={radius * 0.1} stroke-linecap="round" />
      <circle cx={tip.x} cy={tip.y} r={radius * 0.1} fill={ink} />
      <text x={centre.x} y={centre.y} font-size={radius * 0.42} font-weight="bold" text-anchor="middle" dominant-baseline="central" class="mr-halo">
        #{tile}
      </text>
    </g>
  );
}

export function LayMark(props: { centre: Point; radius: number; tile: string; rotation: number }) {
  return <TileMark {...props} preview />;
}

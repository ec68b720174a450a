// Draws a painted tile (tilePaint.ts) as SVG: the hex in its colour, the track with each gauge
// (broad solid, metre dashed black and white, dual a double line), hubs, stations with their token
// spaces, revenues, label and tile number.
import { Gauge } from "./api";
import { HEX_RADIUS, hexCorners, pointsAttr, type Point } from "./hexGeometry";
import type { TilePicture } from "./tilePaint";

const INK = "#1a1a1a";

function Track({ d, gauge, r }: { d: string; gauge: Gauge; r: number }) {
  const w = r * 0.12;
  if (gauge === Gauge.METRE) {
    return (
      <g>
        <path d={d} stroke="#ffffff" stroke-width={w} fill="none" />
        <path d={d} stroke={INK} stroke-width={w} fill="none" stroke-dasharray={`${r * 0.14} ${r * 0.09}`} />
      </g>
    );
  }
  if (gauge === Gauge.DUAL) {
    return (
      <g>
        <path d={d} stroke={INK} stroke-width={w * 1.6} fill="none" />
        <path d={d} stroke="#ffffff" stroke-width={w * 0.5} fill="none" />
      </g>
    );
  }
  return <path d={d} stroke={INK} stroke-width={w} fill="none" stroke-linecap="round" />;
}

export function TileShape({ picture, centre, opacity = 1 }: { picture: TilePicture; centre: Point; opacity?: number }) {
  const r = HEX_RADIUS;
  return (
    <g opacity={opacity} pointer-events="none">
      <polygon points={pointsAttr(hexCorners(centre, r * 0.97))} fill={picture.fill} stroke="#555555" stroke-width={r * 0.02} />
      {picture.tracks.map((t, i) => (
        <Track key={i} d={t.d} gauge={t.gauge} r={r} />
      ))}
      {picture.hubs.map((h, i) => (
        <circle key={`h${i}`} cx={h.x} cy={h.y} r={r * 0.1} fill={INK} />
      ))}
      {picture.stations.map((s, i) => {
        if (s.large) {
          const n = s.spaces.length;
          const width = n > 1 ? s.spaces[n - 1].x - s.spaces[0].x + 2 * s.spaceRadius + r * 0.08 : 0;
          const height = 2 * s.spaceRadius + r * 0.08;
          return (
            <g key={`s${i}`}>
              {n > 1 && (
                <rect x={s.at.x - width / 2} y={s.at.y - height / 2} width={width} height={height} rx={height / 2} fill="#ffffff" stroke={INK} stroke-width={r * 0.03} />
              )}
              {s.spaces.map((p, j) => (
                <circle key={j} cx={p.x} cy={p.y} r={s.spaceRadius} fill="#ffffff" stroke={INK} stroke-width={r * 0.03} />
              ))}
            </g>
          );
        }
        if (s.townBar) {
          const [a, b] = s.townBar;
          return <line key={`s${i}`} x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={INK} stroke-width={r * 0.1} />;
        }
        return <circle key={`s${i}`} cx={s.at.x} cy={s.at.y} r={r * 0.12} fill={INK} stroke="#ffffff" stroke-width={r * 0.03} />;
      })}
      {picture.revenues.map((v, i) => (
        <g key={`r${i}`}>
          <circle cx={v.at.x} cy={v.at.y} r={r * 0.16} fill="#ffffff" stroke={INK} stroke-width={r * 0.025} />
          <text x={v.at.x} y={v.at.y} font-size={r * 0.17} font-weight="bold" text-anchor="middle" dominant-baseline="central">
            {v.value}
          </text>
        </g>
      ))}
      {picture.label && (
        <text x={picture.label.at.x} y={picture.label.at.y} font-size={r * 0.19} font-weight="bold" text-anchor="middle" dominant-baseline="central" class="mr-halo">
          {picture.label.text}
        </text>
      )}
      {picture.number && (
        <text x={picture.number.at.x} y={picture.number.at.y} font-size={r * 0.16} fill="#333333" text-anchor="middle" dominant-baseline="central">
          {picture.number.text}
        </text>
      )}
    </g>
  );
}

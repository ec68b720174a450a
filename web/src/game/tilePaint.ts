// How one tile design looks laid on a hex with a rotation, as plain shapes (no DOM): its colour,
// its track with each line's gauge, its stations with their token spaces, hubs, revenues, label
// and number. TileShape.tsx draws these; the run overlay and the tokens use the station places.
// Built from the API's TileDesign (components.proto) alone; on a turned board (1947, flat-topped
// hexes: hexGeometry.ts) every edge points a quarter turn further round, the words stay upright.
import { Gauge, PathEnd_Kind, TileColour, type TileDesign } from "./api";
import {
  type Point,
  add,
  boardEdge,
  distance,
  edgeAngle,
  edgeMidpoint,
  polar,
  round,
  scale,
  sub,
} from "./hexGeometry";

export interface TrackLine {
  d: string; // SVG path data
  gauge: Gauge;
}

export interface StationPlace {
  at: Point;
  large: boolean;
  revenue: number;
  spaces: Point[]; // token spaces (large stations); empty for towns
  spaceRadius: number;
  townBar?: [Point, Point]; // a town on a line is a bar across it
}

export interface TilePicture {
  fill: string;
  flatTopped: boolean; // painted for a turned board (1947)
  tracks: TrackLine[];
  stations: StationPlace[];
  hubs: Point[];
  revenues: Array<{ at: Point; value: number }>;
  label?: { at: Point; text: string };
  number?: { at: Point; text: string }; // the tile's id, not shown on preprinted tiles
}

export function tileFill(colour: TileColour): string {
  switch (colour) {
    case TileColour.YELLOW:
      return "#f6d743";
    case TileColour.GREEN:
      return "#6fbf5f";
    case TileColour.BROWN:
      return "#b9804a";
    case TileColour.GREY:
      return "#b4b4b4";
    default:
      return "#ffffff";
  }
}

interface Curve {
  a: Point;
  c1: Point;
  c2: Point;
  b: Point;
}

function curveAt(c: Curve, t: number): Point {
  const u = 1 - t;
  return add(
    add(scale(c.a, u * u * u), scale(c.c1, 3 * u * u * t)),
    add(scale(c.c2, 3 * u * t * t), scale(c.b, t * t * t)),
  );
}

function curveTangent(c: Curve, t: number): Point {
  const u = 1 - t;
  return add(add(scale(sub(c.c1, c.a), 3 * u * u), scale(sub(c.c2, c.c1), 6 * u * t)), scale(sub(c.b, c.c2), 3 * t * t));
}

function curvePath(c: Curve): string {
  const f = (p: Point) => `${round(p.x)},${round(p.y)}`;
  return `M${f(c.a)} C${f(c.c1)} ${f(c.c2)} ${f(c.b)}`;
}

function linePath(a: Point, b: Point): string {
  return `M${round(a.x)},${round(a.y)} L${round(b.x)},${round(b.y)}`;
}

// Between two edges: straight across for opposite edges, else bending through the middle.
export function edgeCurve(centre: Point, radius: number, edgeA: number, edgeB: number, turned = false): Curve {
  const a = edgeMidpoint(centre, radius, edgeA, turned);
  const b = edgeMidpoint(centre, radius, edgeB, turned);
  if ((edgeA + 3) % 6 === edgeB % 6) {
    return { a, c1: add(a, scale(sub(b, a), 1 / 3)), c2: add(a, scale(sub(b, a), 2 / 3)), b };
  }
  return { a, c1: add(a, scale(sub(centre, a), 0.55)), c2: add(b, scale(sub(centre, b), 0.55)), b };
}

// The middle of the widest gap between the directions in `taken` (radians).
export function widestGap(taken: number[], fallback: number): number {
  if (taken.length === 0) return fallback;
  const twoPi = 2 * Math.PI;
  const angles = taken.map((a) => ((a % twoPi) + twoPi) % twoPi).sort((x, y) => x - y);
  let bestGap = -1;
  let best = fallback;
  for (let i = 0; i < angles.length; i++) {
    const from = angles[i];
    const to = i + 1 < angles.length ? angles[i + 1] : angles[0] + twoPi;
    if (to - from > bestGap + 1e-6) {
      bestGap = to - from;
      best = (from + to) / 2;
    }
  }
  return best;
}

// Where a tile's number goes: towards the corner farthest from every track end, revenue and label
// (`taken`), the lowest of equals; never on a track line (a 1947 hex's bottom edge takes track).
export function numberAngle(taken: number[], turned: boolean): number {
  const gap = (a: number, b: number) => {
    const d = Math.abs(a - b) % (2 * Math.PI);
    return Math.min(d, 2 * Math.PI - d);
  };
  let best = Math.PI / 2;
  let bestScore = -1;
  for (let k = 0; k < 6; k++) {
    const corner = ((turned ? 0 : 30) + 60 * k) * (Math.PI / 180); // flat-topped corners at 0, 60, ...
    const free = taken.length === 0 ? Math.PI : Math.min(...taken.map((t) => gap(t, corner)));
    const score = free - gap(corner, Math.PI / 2) * 1e-3; // the lowest corner among equals
    if (score > bestScore + 1e-9) {
      bestScore = score;
      best = corner;
    }
  }
  return best;
}

function tokenSpaces(at: Point, slots: number, radius: number): { spaces: Point[]; r: number } {
  const n = Math.max(slots, 1);
  const r = n === 1 ? radius * 0.2 : radius * 0.17;
  const step = r * 2.1;
  const spaces: Point[] = [];
  for (let i = 0; i < n; i++) spaces.push({ x: at.x + (i - (n - 1) / 2) * step, y: at.y });
  return { spaces, r };
}

// The picture of `tile` turned by `rotation` in the hex at `centre` of circumradius `radius`, on a
// board whose layout is `turned` (1947) or not.
export function paintTile(tile: TileDesign, rotation: number, centre: Point, radius: number, turned = false): TilePicture {
  const n = tile.stations.length;
  const edgesOf: number[][] = tile.stations.map(() => []);
  const linked: number[][] = tile.stations.map(() => []);
  for (const path of tile.paths) {
    const ends = [path.a, path.b];
    for (let side = 0; side < 2; side++) {
      const here = ends[side];
      const there = ends[1 - side];
      if (!here || !there || here.kind !== PathEnd_Kind.STATION) continue;
      if (there.kind === PathEnd_Kind.EDGE) edgesOf[here.index]?.push(boardEdge(there.index, rotation));
      if (there.kind === PathEnd_Kind.STATION) linked[here.index]?.push(there.index);
    }
  }

  // Where the stations go: separate terminal stations by their edge; a lone station in the
  // middle; a station with two edges on its own line; two linked stations along one line.
  const places: Point[] = tile.stations.map(() => centre);
  const onLine: boolean[] = tile.stations.map(() => false);
  const tangents: Array<Point | undefined> = tile.stations.map(() => undefined);
  const lines: Array<{ curve: Curve; gauge: Gauge }> = [];
  const separateTerminals = n > 1 && tile.stations.every((s) => s.terminal);
  const defaultGauge = tile.paths[0]?.gauge ?? Gauge.BROAD;
  if (separateTerminals) {
    tile.stations.forEach((_, s) => {
      const edge = edgesOf[s][0];
      places[s] = edge === undefined ? centre : polar(centre, radius * 0.6, edgeAngle(edge, turned));
    });
  } else if (n > 1) {
    const placed: Array<{ s: number; line: number; t: number }> = [];
    for (let s = 0; s < n; s++) {
      if (onLine[s]) continue;
      if (edgesOf[s].length === 2) {
        lines.push({ curve: edgeCurve(centre, radius, edgesOf[s][0], edgesOf[s][1], turned), gauge: defaultGauge });
        placed.push({ s, line: lines.length - 1, t: 0.5 });
        onLine[s] = true;
      } else if (edgesOf[s].length === 1 && linked[s].length === 1 && edgesOf[linked[s][0]]?.length === 1) {
        const partner = linked[s][0];
        lines.push({ curve: edgeCurve(centre, radius, edgesOf[s][0], edgesOf[partner][0], turned), gauge: defaultGauge });
        placed.push({ s, line: lines.length - 1, t: 1 / 3 }, { s: partner, line: lines.length - 1, t: 2 / 3 });
        onLine[s] = onLine[partner] = true;
      } else if (edgesOf[s].length > 0) {
        // Elsewhere: towards the middle of its edges.
        const mean = edgesOf[s].reduce((sum, e) => add(sum, polar({ x: 0, y: 0 }, 1, edgeAngle(e, turned))), { x: 0, y: 0 });
        places[s] = polar(centre, radius * 0.4, Math.atan2(mean.y, mean.x));
      }
    }
    for (const p of placed) places[p.s] = curveAt(lines[p.line].curve, p.t);
    // Two stations on crossing lines would meet in the middle: move them apart along their lines.
    for (let i = 0; i < placed.length; i++) {
      for (let j = i + 1; j < placed.length; j++) {
        const pi = placed[i];
        const pj = placed[j];
        if (distance(places[pi.s], places[pj.s]) > radius * 0.3) continue;
        pi.t = 0.3;
        pj.t = 0.7;
        places[pi.s] = curveAt(lines[pi.line].curve, pi.t);
        places[pj.s] = curveAt(lines[pj.line].curve, pj.t);
      }
    }
    for (const p of placed) tangents[p.s] = curveTangent(lines[p.line].curve, p.t);
  }

  const tracks: TrackLine[] = lines.map((l) => ({ d: curvePath(l.curve), gauge: l.gauge }));
  const taken: number[] = [];
  for (const path of tile.paths) {
    if (!path.a || !path.b) continue;
    const edgeEnd = path.a.kind === PathEnd_Kind.EDGE ? path.a : path.b.kind === PathEnd_Kind.EDGE ? path.b : undefined;
    if (!edgeEnd) continue; // station to station: drawn with the stations' own line
    const other = edgeEnd === path.a ? path.b : path.a;
    const edge = boardEdge(edgeEnd.index, rotation);
    taken.push(edgeAngle(edge, turned));
    const from = edgeMidpoint(centre, radius, edge, turned);
    if (other.kind === PathEnd_Kind.EDGE) {
      tracks.push({ d: curvePath(edgeCurve(centre, radius, edge, boardEdge(other.index, rotation), turned)), gauge: path.gauge });
    } else if (other.kind === PathEnd_Kind.JUNCTION) {
      tracks.push({ d: linePath(from, centre), gauge: path.gauge });
    } else if (other.kind === PathEnd_Kind.STATION && !onLine[other.index]) {
      tracks.push({ d: linePath(from, places[other.index] ?? centre), gauge: path.gauge });
    }
  }

  const hubs: Point[] = tile.junctionIsHub.some((hub) => hub) ? [centre] : [];
  const stations: StationPlace[] = [];
  const revenues: Array<{ at: Point; value: number }> = [];
  tile.stations.forEach((station, s) => {
    const at = places[s];
    if (station.large) {
      const { spaces, r } = tokenSpaces(at, station.tokenSlots, radius);
      stations.push({ at, large: true, revenue: station.revenue, spaces, spaceRadius: r });
      if (separateTerminals) {
        taken.push(edgeAngle(edgesOf[s][0] ?? 0, turned));
        return;
      }
      taken.push(Math.PI / 2); // the city's name goes below
      if (station.tokenSlots > 1) {
        taken.push(0, Math.PI, 1.5 * Math.PI);
        revenues.push({ at: add(at, { x: 0, y: -radius * 0.47 }), value: station.revenue });
        return;
      }
      const angle = widestGap(taken, -Math.PI / 4);
      revenues.push({ at: polar(at, radius * 0.48, angle), value: station.revenue });
      taken.push(angle);
      return;
    }
    const tangent = tangents[s];
    if (tangent) {
      const length = Math.max(1e-9, Math.hypot(tangent.x, tangent.y));
      const normal = { x: -tangent.y / length, y: tangent.x / length };
      let away = sub(at, centre);
      if (Math.hypot(away.x, away.y) < radius * 0.05) away = normal;
      const side = normal.x * away.x + normal.y * away.y >= 0 ? normal : scale(normal, -1);
      stations.push({
        at,
        large: false,
        revenue: station.revenue,
        spaces: [],
        spaceRadius: 0,
        townBar: [sub(at, scale(normal, radius * 0.17)), add(at, scale(normal, radius * 0.17))],
      });
      revenues.push({ at: add(at, scale(side, radius * 0.33)), value: station.revenue });
      return;
    }
    stations.push({ at, large: false, revenue: station.revenue, spaces: [], spaceRadius: 0 });
    const angle = widestGap(taken, -Math.PI / 4);
    revenues.push({ at: polar(at, radius * 0.42, angle), value: station.revenue });
    taken.push(angle);
  });
  if (separateTerminals && n > 0) {
    const angle = widestGap(taken, Math.PI / 2);
    revenues.push({ at: polar(centre, radius * 0.64, angle), value: tile.stations[0].revenue });
    taken.push(angle);
  }
  const picture: TilePicture = { fill: tileFill(tile.colour), flatTopped: turned, tracks, stations, hubs, revenues };
  if (tile.label) {
    const angle = widestGap(taken, Math.PI);
    picture.label = { at: polar(centre, radius * 0.64, angle), text: tile.label };
  }
  if (!tile.preprinted) picture.number = { at: polar(centre, radius * 0.72, numberAngle([...taken, 1.5 * Math.PI], turned)), text: tile.id }; // the board writes the hex's id at the top
  return picture;
}

// The board of a title whose components are not served as data (1947: GetComponents refuses it),
// read from the service's picture of it (GetBoardPicture's SVG): the picture's size, each hex's
// centre and radius, so the screen can draw the player's choices (legal hexes, a tile's place and
// turn, runs) over the picture at the right places. The hexes are the polygons the picture draws;
// their names are the hex names it writes in them ("D21"); the grid (1947: flat-topped, a column
// letter west to east, row numbers north to south) is fitted to those pairs, so a hex whose name
// found no room in the picture still has its place. Pure.
import { create } from "@bufbuild/protobuf";

import { BoardHexSchema } from "./api";
import type { BoardPicture, HexPicture } from "./boardModel";
import { type Point, distance } from "./hexGeometry";

// "D21" -> column 3 (A = 0), row 21; undefined for anything else.
export function parseHexName(name: string): { column: number; row: number } | undefined {
  const m = /^([A-Z])(\d{1,3})$/.exec(name);
  return m ? { column: m[1].charCodeAt(0) - 65, row: Number(m[2]) } : undefined;
}

interface Line {
  origin: number;
  step: number;
}

// Least squares of value = origin + step * index.
function fitLine(pairs: Array<[number, number]>): Line | undefined {
  const n = pairs.length;
  const mi = pairs.reduce((s, [i]) => s + i, 0) / n;
  const mv = pairs.reduce((s, [, v]) => s + v, 0) / n;
  const sii = pairs.reduce((s, [i]) => s + (i - mi) ** 2, 0);
  if (n < 2 || sii === 0) return undefined;
  const step = pairs.reduce((s, [i, v]) => s + (i - mi) * (v - mv), 0) / sii;
  return { origin: mv - step * mi, step };
}

export interface PictureLayout {
  width: number;
  height: number;
  radius: number;
  named: string[]; // the hexes whose names the picture writes
  centreOf: (name: string) => Point | undefined;
}

const NUMBER = "(-?\\d+(?:\\.\\d+)?)";

export function readPictureLayout(svg: string): PictureLayout | undefined {
  const size = new RegExp(`<svg[^>]*\\swidth="${NUMBER}"[^>]*\\sheight="${NUMBER}"`).exec(svg);
  if (!size) return undefined;
  const hexes: Array<{ centre: Point; radius: number }> = [];
  for (const m of svg.matchAll(/<polygon points="([^"]+)"/g)) {
    const points = m[1].trim().split(/\s+/).map((p) => p.split(",").map(Number));
    if (points.length !== 6 || points.some((p) => p.length !== 2 || p.some((v) => !Number.isFinite(v)))) continue;
    const centre = { x: points.reduce((s, p) => s + p[0], 0) / 6, y: points.reduce((s, p) => s + p[1], 0) / 6 };
    hexes.push({ centre, radius: distance(centre, { x: points[0][0], y: points[0][1] }) });
  }
  if (hexes.length === 0) return undefined;
  const radii = hexes.map((h) => h.radius).sort((a, b) => a - b);
  const radius = radii[Math.floor(radii.length / 2)];
  // Each hex name with the centre of the hex it is written in.
  const pairs: Array<{ column: number; row: number; centre: Point }> = [];
  const named = new Set<string>();
  for (const m of svg.matchAll(new RegExp(`<text x="${NUMBER}" y="${NUMBER}"[^>]*>([A-Z]\\d{1,3})</text>`, "g"))) {
    const at = { x: Number(m[1]), y: Number(m[2]) };
    const place = parseHexName(m[3]);
    let best: { centre: Point; radius: number } | undefined;
    for (const h of hexes) if (distance(h.centre, at) < radius && (!best || distance(h.centre, at) < distance(best.centre, at))) best = h;
    if (place && best) {
      pairs.push({ ...place, centre: best.centre });
      named.add(m[3]);
    }
  }
  // The grid, fitted twice: the second time without the names the picture had to move away.
  const fit = (use: typeof pairs) => {
    const x = fitLine(use.map((p) => [p.column, p.centre.x]));
    const y = fitLine(use.map((p) => [p.row, p.centre.y]));
    return x && y ? { x, y } : undefined;
  };
  let grid = fit(pairs);
  if (!grid) return undefined;
  const g = grid;
  const near = pairs.filter((p) => distance(p.centre, { x: g.x.origin + g.x.step * p.column, y: g.y.origin + g.y.step * p.row }) < radius / 2);
  grid = fit(near) ?? grid;
  const { x, y } = grid;
  return {
    width: Number(size[1]),
    height: Number(size[2]),
    radius,
    named: [...named],
    centreOf: (name) => {
      const place = parseHexName(name);
      return place && { x: x.origin + x.step * place.column, y: y.origin + y.step * place.row };
    },
  };
}

// The board over the picture: every hex the picture names and every hex in `also` (those of the
// legal actions and runs), each with one station in its middle (where runs are drawn to).
export function pictureBoard(svg: string, also: Iterable<string> = []): BoardPicture | undefined {
  const layout = readPictureLayout(svg);
  if (!layout) return undefined;
  const hexes: HexPicture[] = [];
  const byId = new Map<string, HexPicture>();
  for (const name of [...layout.named, ...also]) {
    const centre = layout.centreOf(name);
    if (!centre || byId.has(name)) continue;
    const picture: HexPicture = {
      hex: create(BoardHexSchema, { hex: name, playable: true }),
      centre,
      stations: [{ at: centre, spaces: [centre], spaceRadius: layout.radius * 0.2 }],
      buffEdges: [],
    };
    hexes.push(picture);
    byId.set(name, picture);
  }
  return { width: layout.width, height: layout.height, radius: layout.radius, flatTopped: true, hexes, byId, tokens: [] };
}

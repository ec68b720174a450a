// Hex geometry of the board as the API describes it (components.proto): pointy-topped hexes in
// offset rows, neighbours in a row two columns apart, edges numbered clockwise 0..5 from the
// south-west (0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE). A board whose layout is turned (1947,
// BOARD_LAYOUT_FLAT_COLUMNS_TURNED) is the same grid drawn a quarter turn clockwise: its hexes are
// flat-topped and every edge points 90 degrees further round; `turned` says so. Pure functions on
// plain numbers.

export interface Point {
  x: number;
  y: number;
}

export const HEX_RADIUS = 46; // circumradius of a hex in board units
export const HEX_WIDTH = Math.sqrt(3) * HEX_RADIUS; // neighbours in a row are this far apart
export const BOARD_MARGIN = 16;

const DEG = Math.PI / 180;

export function add(a: Point, b: Point): Point {
  return { x: a.x + b.x, y: a.y + b.y };
}
export function sub(a: Point, b: Point): Point {
  return { x: a.x - b.x, y: a.y - b.y };
}
export function scale(a: Point, k: number): Point {
  return { x: a.x * k, y: a.y * k };
}
export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
export function polar(centre: Point, length: number, angle: number): Point {
  return { x: centre.x + Math.cos(angle) * length, y: centre.y + Math.sin(angle) * length };
}

// The centre of the cell at `row` (0 = 'A') and `col` (1 = 'a'), in board units.
export function hexCentre(row: number, col: number, firstRow = 0): Point {
  return {
    x: BOARD_MARGIN + (col * HEX_WIDTH) / 2,
    y: BOARD_MARGIN + HEX_RADIUS + (row - firstRow) * 1.5 * HEX_RADIUS,
  };
}

// A point of the grid's picture turned a quarter clockwise about the origin (y pointing down).
export function turnQuarter(p: Point): Point {
  return { x: -p.y, y: p.x };
}

// The direction (radians, y pointing down) from a hex's centre to the middle of `edge`.
export function edgeAngle(edge: number, turned = false): number {
  return ((turned ? 210 : 120) + 60 * (((edge % 6) + 6) % 6)) * DEG;
}

export function edgeMidpoint(centre: Point, radius: number, edge: number, turned = false): Point {
  return polar(centre, (radius * Math.sqrt(3)) / 2, edgeAngle(edge, turned));
}

// The six corners, clockwise: of a pointy-topped hex from the top, of a flat-topped one (1947's
// map) from the east.
export function hexCorners(centre: Point, radius: number, flatTopped = false): Point[] {
  const corners: Point[] = [];
  for (let k = 0; k < 6; k++) corners.push(polar(centre, radius, ((flatTopped ? 0 : -90) + 60 * k) * DEG));
  return corners;
}

// The two corners bounding `edge`.
export function edgeEnds(centre: Point, radius: number, edge: number, turned = false): [Point, Point] {
  const first = (turned ? 180 : 90) + 60 * edge;
  return [polar(centre, radius, first * DEG), polar(centre, radius, (first + 60) * DEG)];
}

// The cell across `edge` from (row, col).
export function neighbour(row: number, col: number, edge: number): { row: number; col: number } {
  const steps: Array<[number, number]> = [
    [1, -1], // SW
    [0, -2], // W
    [-1, -1], // NW
    [-1, 1], // NE
    [0, 2], // E
    [1, 1], // SE
  ];
  const [dr, dc] = steps[((edge % 6) + 6) % 6];
  return { row: row + dr, col: col + dc };
}

// A tile laid with `rotation` turns its own edge e to the board's edge (e + rotation) % 6.
export function boardEdge(tileEdge: number, rotation: number): number {
  return (((tileEdge + rotation) % 6) + 6) % 6;
}

export function pointsAttr(points: Point[]): string {
  return points.map((p) => `${round(p.x)},${round(p.y)}`).join(" ");
}

export function round(value: number): number {
  return Math.round(value * 100) / 100;
}

// The board as the screen draws it, from the components (GetComponents) and a game view: every
// cell's centre (1853's rows of pointy-topped hexes; 1947's layout the same grid turned a quarter
// clockwise into flat-topped hexes, components.proto BoardLayout), the tile on each hex (laid, else
// preprinted) painted in place, the base tokens (1947: the railways' stations) and reserved home
// stations in their token spaces, and the bounds of the picture. Pure.
import { type BoardHex, BoardLayout, type Components, type GameView, type TileDesign } from "./api";
import { HEX_RADIUS, BOARD_MARGIN, type Point, hexCentre, neighbour, turnQuarter } from "./hexGeometry";
import { type TilePicture, paintTile } from "./tilePaint";

export interface HexPicture {
  hex: BoardHex;
  centre: Point;
  tile?: { design: TileDesign; rotation: number; laid: boolean; picture: TilePicture };
  // Where each station is and its token spaces; a bare city is one station in the middle.
  stations: Array<{ at: Point; spaces: Point[]; spaceRadius: number }>;
  buffEdges: number[]; // 4.1.11: edges where track may run off the board
}

export interface TokenPicture {
  hex: string;
  at: Point;
  radius: number;
  company: string;
  colour: string;
  reserved: boolean; // a home station not yet taken
}

export interface BoardPicture {
  width: number;
  height: number;
  radius: number; // a hex's circumradius in board units
  flatTopped: boolean; // 1947's turned layout; 1853's hexes are pointy-topped
  hexes: HexPicture[];
  byId: Map<string, HexPicture>;
  tokens: TokenPicture[];
}

export function tileIndex(components: Components): Map<string, TileDesign> {
  return new Map(components.tiles.map((t) => [t.id, t]));
}

export function buildBoard(components: Components, view: GameView | undefined): BoardPicture {
  const tiles = tileIndex(components);
  const laid = new Map((view?.tiles ?? []).map((t) => [t.hex, t]));
  const turned = components.layout === BoardLayout.FLAT_COLUMNS_TURNED;
  // Each cell's place in the grid's picture, turned for 1947, then moved to start at the margin.
  const gridPlaces = components.hexes.map((hex) => {
    const p = hexCentre(hex.row, hex.col);
    return turned ? turnQuarter(p) : p;
  });
  // A hex reaches this far from its centre across and down (pointy-topped, or flat-topped).
  const across = turned ? HEX_RADIUS : (Math.sqrt(3) / 2) * HEX_RADIUS;
  const down = turned ? (Math.sqrt(3) / 2) * HEX_RADIUS : HEX_RADIUS;
  const minX = Math.min(...gridPlaces.map((p) => p.x)) - across;
  const minY = Math.min(...gridPlaces.map((p) => p.y)) - down;
  let maxX = 0;
  let maxY = 0;
  const hexes: HexPicture[] = [];
  const byId = new Map<string, HexPicture>();
  components.hexes.forEach((hex, i) => {
    const centre = { x: gridPlaces[i].x - minX + BOARD_MARGIN, y: gridPlaces[i].y - minY + BOARD_MARGIN };
    maxX = Math.max(maxX, centre.x + across);
    maxY = Math.max(maxY, centre.y + down);
    const picture: HexPicture = { hex, centre, stations: [], buffEdges: [] };
    const onHex = laid.get(hex.hex);
    const tileId = onHex?.tile ?? hex.preprinted?.tile;
    const design = tileId ? tiles.get(tileId) : undefined;
    if (design) {
      const rotation = onHex ? onHex.rotation : (hex.preprinted?.rotation ?? 0);
      const painted = paintTile(design, rotation, centre, HEX_RADIUS, turned);
      picture.tile = { design, rotation, laid: !!onHex, picture: painted };
      picture.stations = painted.stations.map((s) => ({ at: s.at, spaces: s.spaces, spaceRadius: s.spaceRadius }));
    } else if (hex.city) {
      const at = { x: centre.x, y: centre.y - HEX_RADIUS * 0.02 };
      picture.stations = [{ at, spaces: [at], spaceRadius: HEX_RADIUS * 0.24 }];
    }
    hexes.push(picture);
    byId.set(hex.hex, picture);
  });
  const playable = new Set(components.hexes.filter((h) => h.playable).map((h) => `${h.row},${h.col}`));
  for (const picture of hexes) {
    if (!picture.hex.playable || components.game1947) continue; // 1853 4.1.11 only
    for (let edge = 0; edge < 6; edge++) {
      const next = neighbour(picture.hex.row, picture.hex.col, edge);
      if (!picture.hex.blockedEdges.includes(edge) && !playable.has(`${next.row},${next.col}`)) picture.buffEdges.push(edge);
    }
  }
  const tokens = placeTokens(components, view, byId);
  return { width: maxX + BOARD_MARGIN, height: maxY + BOARD_MARGIN, radius: HEX_RADIUS, flatTopped: turned, hexes, byId, tokens };
}

// Base tokens fill a station's spaces in order; home stations not yet taken show reserved.
function placeTokens(components: Components, view: GameView | undefined, byId: Map<string, HexPicture>): TokenPicture[] {
  const used = new Map<string, number>();
  const out: TokenPicture[] = [];
  const colours = new Map(components.companies.map((c) => [c.initials, c.colour]));
  const place = (hex: string, station: number, company: string, reserved: boolean) => {
    const picture = byId.get(hex);
    const s = picture?.stations[station];
    if (!s || s.spaces.length === 0) return;
    const key = `${hex}.${station}`;
    const n = used.get(key) ?? 0;
    used.set(key, n + 1);
    const at = s.spaces[Math.min(n, s.spaces.length - 1)];
    out.push({ hex, at, radius: s.spaceRadius, company, colour: colours.get(company) ?? "#888888", reserved });
  };
  const placed = new Set<string>();
  const bases = [
    ...(view?.companies ?? []).map((c) => ({ initials: c.initials, bases: c.bases })),
    ...(view?.game1947?.railways ?? []).map((r) => ({ initials: r.initials, bases: r.stations })), // 1947 6.7
  ];
  for (const company of bases) {
    for (const base of company.bases) {
      place(base.hex, base.station, company.initials, false);
      placed.add(`${company.initials}@${base.hex}`);
    }
  }
  for (const card of components.companies) {
    for (const home of card.homes) {
      if (!placed.has(`${card.initials}@${home.hex}`)) place(home.hex, home.station, card.initials, true);
    }
  }
  return out;
}

// A colour's readable text colour (black on light, white on dark).
export function textOn(colour: string): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) return "#000000";
  const [r, g, b] = [m[1], m[2], m[3]].map((h) => parseInt(h, 16));
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? "#000000" : "#ffffff";
}

// What a hex is, in words, for the popup a long press or a second tap opens (HexInfo.tsx) and for
// the name the keyboard's focus announces: its place (city, town), terrain and the cost of laying
// track there (1853 TABLE 4: broad/metre; 1947 6.4.2 in rupees), the tile on it and its stations'
// revenue, who holds it (stations and bases; home stations still reserved), 1947's climate zone
// (6.13.2) and temples (6.8), 1853's frontier post (4.1.15). Pure.
import { Terrain, Zone, type Components } from "./api";
import type { BoardPicture } from "./boardModel";

const TERRAIN_WORDS: Partial<Record<Terrain, string>> = {
  [Terrain.RIVER]: "river",
  [Terrain.MULTIPLE_RIVER]: "rivers",
  [Terrain.HILL]: "hills",
  [Terrain.MOUNTAIN]: "mountains",
  [Terrain.HIMALAYA]: "the Himalaya",
  [Terrain.SWAMP]: "swamp",
  [Terrain.DESERT]: "desert",
};

export interface HexFacts {
  hex: string;
  title: string; // "D21 · Delhi"
  lines: string[]; // one fact each
}

export function hexFacts(components: Components, board: BoardPicture, id: string): HexFacts | undefined {
  const h = board.byId.get(id);
  if (!h) return undefined;
  const hex = h.hex;
  const is1947 = !!components.game1947;
  const place = hex.city || hex.town;
  const lines: string[] = [];
  const terrain = hex.terrain.map((t) => TERRAIN_WORDS[t]).filter((w): w is string => !!w);
  lines.push(`Terrain: ${terrain.length ? terrain.join(", ") : "clear"}`);
  if (is1947) {
    if (hex.cost > 0) lines.push(`Track costs Rs.${hex.cost} (6.4.2)`);
    if (hex.upgradeCost > 0) lines.push(`Upgrading the city costs Rs.${hex.upgradeCost} (6.4.2)`);
    if (hex.zone === Zone.MONSOON) lines.push("Monsoon zone (6.13.2)");
  } else if (hex.costBroad > 0 || hex.costMetre > 0) {
    lines.push(`Track costs £${hex.costBroad} broad, £${hex.costMetre} metre (TABLE 4)`);
  }
  if (!hex.city && hex.towns > 0 && !hex.town) lines.push(hex.towns === 1 ? "A town" : `${hex.towns} towns`);
  const tile = h.tile;
  if (tile) {
    lines.push(tile.laid ? `Tile #${tile.design.id} laid` : "Printed on the board");
    const revenues = tile.design.stations.map((s) => s.revenue).filter((r) => r > 0);
    if (revenues.length > 0) lines.push(`Revenue ${revenues.map((r) => (is1947 ? `Rs.${r}` : `£${r}`)).join(", ")}`);
  }
  const held = board.tokens.filter((t) => t.hex === id && !t.reserved).map((t) => t.company);
  const reserved = board.tokens.filter((t) => t.hex === id && t.reserved).map((t) => t.company);
  if (held.length > 0) lines.push(`${is1947 ? "Stations" : "Bases"}: ${held.join(", ")}`);
  if (reserved.length > 0) lines.push(`Home of ${reserved.join(", ")} (reserved)`);
  if (hex.templeOf.length > 0) lines.push(`Temple of ${hex.templeOf.join(", ")} (6.8)`);
  if (hex.frontierValue > 0) lines.push(`Frontier post £${hex.frontierValue} (4.1.15)`);
  return { hex: id, title: place ? `${id} · ${place}` : id, lines };
}

// A hex's accessible name: its id, its place and whether the player may act there.
export function hexName(board: BoardPicture, id: string, acting: string | undefined): string {
  const hex = board.byId.get(id)?.hex;
  const place = hex?.city || hex?.town;
  return `${id}${place ? ` ${place}` : ""}${acting ? `, ${acting}` : ""}`;
}

// Where the board opens zoomed to (Board's focus): where the player acts (the legal hexes, else the
// bid cities offered), else the network of the company operating now (1853 the operating company's
// bases, 1947 the operating railway's stations), else the player's own companies' (director or
// president), else every base on the board. Empty: the board opens on its middle. Pure.
import type { GameView } from "./api";
import type { SortedMoves } from "./legalMoves";

export function openingFocus(view: GameView, moves: SortedMoves, cityMarks: Map<string, string>, seat: number): string[] {
  if (moves.byHex.size > 0) return [...moves.byHex.keys()];
  const offered = [...cityMarks.entries()].filter(([, m]) => m === "offered").map(([h]) => h);
  if (offered.length > 0) return offered;
  const networks = [
    ...view.companies.map((c) => ({ initials: c.initials, mine: c.directorSeat === seat, hexes: c.bases.map((b) => b.hex) })),
    ...(view.game1947?.railways ?? []).map((r) => ({ initials: r.initials, mine: r.presidentSeat === seat, hexes: r.stations.map((b) => b.hex) })),
  ];
  const operating = view.round?.actingCompany || view.round?.operatingCompany || view.game1947?.operating?.railway || "";
  for (const pick of [(n: (typeof networks)[0]) => n.initials === operating, (n: (typeof networks)[0]) => n.mine, () => true]) {
    const hexes = networks.filter(pick).flatMap((n) => n.hexes);
    if (hexes.length > 0) return [...new Set(hexes)];
  }
  return [];
}

// The client's copy of a game: a full GameView merged with the deltas GetGame(since_version) and
// WatchGame send (game.proto, GetGameResponse: which parts replace and which merge by key), and
// what the screen reads from it (whose turn, names, final standings). Pure functions.
import type { GameView, HistoryEntry, PlayerView } from "./api";

// The delta's always-set parts replace the copy's; players, companies, tiles, trains and
// tiles_remaining merge by seat, initials, hex, name and tile. A full view (isDelta false) replaces
// everything. Returns a new object; `base` is left as it was.
export function mergeView(base: GameView | undefined, next: GameView, isDelta: boolean): GameView {
  if (!base || !isDelta) return next;
  const byKey = <T>(old: T[], changed: T[], key: (item: T) => string | number): T[] => {
    if (changed.length === 0) return old;
    const replaced = new Map(changed.map((item) => [key(item), item]));
    const merged = old.map((item) => replaced.get(key(item)) ?? item);
    const known = new Set(old.map(key));
    for (const item of changed) if (!known.has(key(item))) merged.push(item);
    return merged;
  };
  return {
    ...base,
    title: next.title,
    boardReconstructed: next.boardReconstructed,
    edition: next.edition,
    options: next.options,
    phase: next.phase,
    round: next.round,
    activeSeats: next.activeSeats,
    bankCash: next.bankCash,
    pool: next.pool,
    pendingOffer: next.pendingOffer,
    endReason: next.endReason,
    autopilotSeats: next.autopilotSeats,
    players: byKey(base.players, next.players, (p) => p.seat),
    companies: byKey(base.companies, next.companies, (c) => c.initials),
    tiles: byKey(base.tiles, next.tiles, (t) => t.hex),
    trains: byKey(base.trains, next.trains, (t) => t.name),
    tilesRemaining: { ...base.tilesRemaining, ...next.tilesRemaining },
    game1947: next.game1947 ?? base.game1947,
  };
}

export function playerName(view: GameView | undefined, seat: number): string {
  const player = view?.players.find((p) => p.seat === seat);
  return player ? player.displayName : `seat ${seat}`;
}

export function whoseTurn(view: GameView): string {
  if (view.activeSeats.length === 0) return "nobody";
  return view.activeSeats.map((seat) => playerName(view, seat)).join(", ");
}

export interface Standing {
  rank: number;
  seat: number;
  name: string;
  wealth: bigint;
  cash: bigint;
}

// 5.2.1: the richest player wins; equal wealth shares a rank.
export function finalStandings(players: PlayerView[]): Standing[] {
  const sorted = [...players].sort((a, b) => (b.wealth > a.wealth ? 1 : b.wealth < a.wealth ? -1 : a.seat - b.seat));
  const out: Standing[] = [];
  sorted.forEach((p, i) => {
    const rank = i > 0 && sorted[i - 1].wealth === p.wealth ? out[i - 1].rank : i + 1;
    out.push({ rank, seat: p.seat, name: p.displayName, wealth: p.wealth, cash: p.cash });
  });
  return out;
}

export function money(amount: bigint | number): string {
  const value = typeof amount === "bigint" ? amount : BigInt(Math.trunc(amount));
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}£${digits}`;
}

export function formatTime(unixMs: bigint): string {
  if (unixMs === 0n) return "";
  const date = new Date(Number(unixMs));
  return date.toISOString().replace("T", " ").slice(0, 19) + " UTC";
}

// The history with `more` entries added in order of seq, each once; an undo entry marks the entry
// it took back.
export function addEntries(history: HistoryEntry[], more: HistoryEntry[]): HistoryEntry[] {
  const fresh = more.filter((e) => !history.some((h) => h.seq === e.seq));
  if (fresh.length === 0) return history;
  const undone = new Set(fresh.filter((e) => e.undoesSeq > 0n).map((e) => e.undoesSeq));
  const merged = [...history, ...fresh].sort((a, b) => (a.seq < b.seq ? -1 : a.seq > b.seq ? 1 : 0));
  return undone.size ? merged.map((h) => (undone.has(h.seq) && !h.undone ? { ...h, undone: true } : h)) : merged;
}

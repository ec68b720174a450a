// Whose turn it is in each of the player's games, from the service's current word only: the game
// list (ListMyGames: each game's version and "your turn"), read again whenever a notification
// arrives, the page comes back into view, the network returns, or a minute passes; and the view of
// a game open in any tab of this browser (the game screen reports each version it shows, and tabs
// tell each other through a BroadcastChannel). A report never replaces a newer version's, so a
// stale event or a slow answer cannot turn a turn back on. A game on autopilot or finished waits
// on nobody here. The shell counts these for its badge, banner, page title and app badge.
import { useEffect, useState } from "preact/hooks";

import { GameStatus, type GameSummary } from "@gen/mailrun/v1/game_pb";
import type { Clients } from "../api/client";
import { editionName, titleName } from "../lobby/names";

export interface GameTurn {
  gameId: string;
  version: bigint;
  myTurn: boolean;   // the game waits on this player now
  label: string;     // "1853 Retuned with Meera, Nikhil"
  summary: GameSummary;
}

interface Report { gameId: string; version: string; myTurn: boolean; active: boolean }

// The words a game goes by in the banner and the title: its title, edition and the other players.
export function gameLabel(summary: GameSummary, me: string): string {
  const others = summary.players.filter((name) => name !== me);
  const name = `${titleName(summary.title)} ${editionName(summary.title, summary.edition)}`.trim();
  return others.length ? `${name} with ${others.join(", ")}` : name;
}

export class TurnStore {
  private games = new Map<string, GameTurn>();
  private listeners = new Set<() => void>();
  private channel: BroadcastChannel | null = null;
  loaded = false;

  constructor(private me: string, channelName?: string) {
    if (channelName && typeof BroadcastChannel !== "undefined") {
      this.channel = new BroadcastChannel(channelName);
      this.channel.onmessage = (event: MessageEvent<Report>) => {
        const r = event.data;
        this.apply(r.gameId, BigInt(r.version), r.myTurn, r.active);
      };
    }
  }

  close(): void {
    this.channel?.close();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  list(): GameTurn[] {
    return [...this.games.values()];
  }

  waiting(): GameTurn[] {
    return this.list().filter((g) => g.myTurn);
  }

  // The service's list: every game, each at its version (an older answer than held is ignored).
  setSummaries(summaries: GameSummary[]): void {
    for (const s of summaries) {
      const held = this.games.get(s.gameId);
      if (held && held.version > s.version) continue;
      const myTurn = s.status === GameStatus.ACTIVE && s.yourTurn && !s.autopilot;
      this.games.set(s.gameId, { gameId: s.gameId, version: s.version, myTurn, label: gameLabel(s, this.me), summary: s });
    }
    this.loaded = true;
    this.changed();
  }

  // A game screen's view at `version`: whether it waits on this player (`active`: not finished).
  // Told to the other tabs too.
  report(gameId: string, version: bigint, myTurn: boolean, active: boolean): void {
    this.apply(gameId, version, myTurn, active);
    this.channel?.postMessage({ gameId, version: version.toString(), myTurn, active } satisfies Report);
  }

  private apply(gameId: string, version: bigint, myTurn: boolean, active: boolean): void {
    const held = this.games.get(gameId);
    if (!held || held.version > version) return; // an unknown game comes with the next list
    const waits = myTurn && active && !held.summary.autopilot;
    if (held.version === version && held.myTurn === waits) return;
    const status = active ? held.summary.status : GameStatus.FINISHED;
    this.games.set(gameId, { ...held, version, myTurn: waits, summary: { ...held.summary, version, yourTurn: myTurn, status } });
    this.changed();
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

// The store of the logged-in player, kept up to date while the shell is open. `poke` changes
// whenever something may have moved a game (a notification arrived): the list is read again.
export function useTurnStore(client: Clients, userId: string, me: string, poke: unknown): TurnStore {
  const [store] = useState(() => new TurnStore(me, `mailrun.turns.${userId}`));
  const [, setTick] = useState(0);
  useEffect(() => store.subscribe(() => setTick((t) => t + 1)), [store]);
  const [reread, setReread] = useState<() => void>(() => () => {});
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let reading = false;
    let again = false;
    const read = async () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        const games: GameSummary[] = [];
        let pageToken = "";
        do {
          const page = await client.game.listMyGames({ pageSize: 200, pageToken });
          games.push(...page.games);
          pageToken = page.nextPageToken;
        } while (pageToken && live);
        if (live) store.setSummaries(games);
      } catch {
        // the next notification, focus or minute reads it again
      } finally {
        reading = false;
        if (again && live) {
          again = false;
          void read();
        }
      }
    };
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void read(), 1_000); // a burst of notifications (bots playing) reads once
    };
    setReread(() => soon);
    void read();
    const visible = () => { if (document.visibilityState === "visible") soon(); };
    document.addEventListener("visibilitychange", visible);
    window.addEventListener("focus", soon);
    window.addEventListener("online", soon);
    const minute = setInterval(() => { if (document.visibilityState === "visible") soon(); }, 60_000);
    return () => {
      live = false;
      clearTimeout(timer);
      clearInterval(minute);
      document.removeEventListener("visibilitychange", visible);
      window.removeEventListener("focus", soon);
      window.removeEventListener("online", soon);
      store.close();
    };
  }, [client, store]);
  useEffect(() => { if (poke) reread(); }, [poke, reread]);
  return store;
}

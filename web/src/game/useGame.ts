// The live state of one game for the screen: GetGame (the caller's full view), the title's
// components (GetComponents, kept per content hash while the page lives), the whole history
// (GetHistory, paged), the caller's legal actions, and the WatchGame stream merging each new
// version as it comes (resumed from the last version received after a dropped connection, with
// growing pauses); the stream also announces the game's seat changes (with_seats: SeatBanner reads
// them). Also every view seen since the screen opened, by version, for the history.
import { Code, ConnectError } from "@connectrpc/connect";
import { useEffect, useRef, useState } from "preact/hooks";

import { type ApiClients, type Components, type GameView, type HistoryEntry, type LegalAction, type ListLegalActionsResponse, GameStatus, Title } from "./api";
import { takeFirstReads } from "./firstReads";
import { addEntries, mergeView } from "./gameModel";

export interface GameState {
  loading: boolean;
  error?: string; // the game could not be read at all
  components?: Components;
  componentsError?: string; // GetComponents failed: the board cannot be drawn
  view?: GameView;
  version: bigint;
  yourSeat: number;
  study: boolean; // a study game: unranked, I play every seat (hotseat)
  status: GameStatus;
  history: HistoryEntry[];
  legal: LegalAction[];
  legalVersion: bigint;
  live: "connecting" | "live" | "reconnecting" | "ended";
  viewsByVersion: Map<bigint, GameView>;
  seatsChange: bigint; // the game's latest seat change announced on the stream (SeatBanner reads the seats again)
}

const componentsCache = new Map<string, Components>(); // "title/edition" -> components

// The views of the latest versions seen, for the history (older ones come as pictures).
const KEPT_VIEWS = 300;
function keepRecent(views: Map<bigint, GameView>): Map<bigint, GameView> {
  const kept = new Map(views);
  for (const version of kept.keys()) {
    if (kept.size < KEPT_VIEWS) break;
    kept.delete(version); // a Map iterates in insertion order: the oldest first
  }
  return kept;
}

export function useGame(client: ApiClients, gameId: string) {
  const [state, setState] = useState<GameState>({
    loading: true,
    version: 0n,
    yourSeat: -1,
    study: false,
    status: GameStatus.UNSPECIFIED,
    history: [],
    legal: [],
    legalVersion: -1n,
    live: "connecting",
    viewsByVersion: new Map(),
    seatsChange: 0n,
  });
  const latest = useRef(state);
  latest.current = state;
  const update = (change: (s: GameState) => Partial<GameState>) =>
    setState((s) => {
      const next = { ...s, ...change(s) };
      latest.current = next;
      return next;
    });

  // `read`: an answer already asked for (the page's first reads), else a call now.
  const refreshLegal = async (read?: Promise<ListLegalActionsResponse>) => {
    try {
      const answer = await (read ?? client.game.listLegalActions({ gameId }));
      if (answer.version >= latest.current.version) update(() => ({ legal: answer.actions, legalVersion: answer.version }));
    } catch {
      // Kept: they are still the legal actions of legalVersion, and a player whose network is
      // down must still be able to choose a move (it waits in the outbox). The next read replaces them.
    }
  };

  // Catches up after a refused stale move or a dropped stream: the changes since our version.
  const catchUp = async () => {
    const s = latest.current;
    const answer = await client.game.getGame({ gameId, sinceVersion: s.version });
    if (!answer.view) return;
    update((s) => {
      const view = mergeView(s.view, answer.view!, answer.isDelta);
      const views = keepRecent(s.viewsByVersion);
      views.set(answer.version, view);
      return { view, version: answer.version, status: answer.status, viewsByVersion: views };
    });
    await loadHistory();
    await refreshLegal();
  };

  // The log entries after the last one held (all of them the first time), paged.
  const loadHistory = async () => {
    const entries: HistoryEntry[] = [];
    const held = latest.current.history;
    let after = held.length ? held[held.length - 1].seq : 0n;
    for (;;) {
      const page = await client.game.getHistory({ gameId, pageSize: 500, afterSeq: after });
      entries.push(...page.entries);
      if (page.nextAfterSeq === 0n) break;
      after = page.nextAfterSeq;
    }
    update((s) => ({ history: addEntries(s.history, entries) }));
  };

  useEffect(() => {
    const abort = new AbortController();
    let stopped = false;
    (async () => {
      // The legal actions are asked for beside the view, not after it: on a slow network each
      // call in turn costs a round trip before the board is usable (tools/bench/web_speed.mjs).
      // On the game the page opened on, the boot script asked for them before this script ran.
      const early = takeFirstReads(gameId, "screen");
      const legalRead = refreshLegal(early?.legal.catch(() => client.game.listLegalActions({ gameId })));
      let first;
      try {
        const call = () => client.game.getGame({ gameId }, { signal: abort.signal });
        first = await (early ? early.game.catch(call) : call());
      } catch (e) {
        if (!stopped) update(() => ({ loading: false, error: ConnectError.from(e).rawMessage }));
        return;
      }
      // The view and the board's components are shown together: a screen drawn first without
      // the board and then again with it costs a phone a second render of everything.
      const view = first.view!;
      const key = `${view.title}/${view.edition}`;
      let components = componentsCache.get(key);
      let componentsError: string | undefined;
      if (!components) {
        try {
          const call = () => client.game.getComponents({ title: view.title || Title.TITLE_1853, edition: view.edition });
          components = (await (early ? early.components.catch(call) : call())).components;
          if (components) componentsCache.set(key, components);
        } catch (e) {
          componentsError = ConnectError.from(e).rawMessage;
        }
      }
      if (stopped) return;
      update(() => ({
        loading: false,
        view,
        version: first.version,
        yourSeat: first.yourSeat,
        study: first.study,
        status: first.status,
        viewsByVersion: new Map([[first.version, view]]),
        ...(components ? { components } : {}),
        ...(componentsError !== undefined ? { componentsError } : {}),
      }));
      // The legal actions of the version shown (read again when the view was newer), then the log:
      // the board is usable without it, so it does not share the network with what the board needs.
      await legalRead;
      if (latest.current.legalVersion !== latest.current.version) await refreshLegal();
      await loadHistory().catch(() => undefined);
      // The live stream, resumed from the last version received.
      let pause = 500;
      while (!stopped) {
        try {
          update(() => ({ live: latest.current.live === "connecting" ? "connecting" : "reconnecting" }));
          const stream = client.game.watchGame(
            { gameId, afterVersion: latest.current.version, withSeats: true, afterSeatsChange: latest.current.seatsChange },
            { signal: abort.signal },
          );
          update(() => ({ live: "live" }));
          for await (const change of stream) {
            pause = 500;
            if (change.seatsChange > 0n) {
              // The seats changed (a vote, an invitation, a handover): no version, nothing to merge.
              update((s) => ({ seatsChange: change.seatsChange > s.seatsChange ? change.seatsChange : s.seatsChange, live: "live" }));
              continue;
            }
            update((s) => {
              const history = change.entry ? addEntries(s.history, [change.entry]) : s.history;
              if (change.version <= s.version) return { history, live: "live" }; // a view never twice
              const view = change.view ? mergeView(s.view, change.view, change.isDelta) : s.view;
              const views = keepRecent(s.viewsByVersion);
              if (view) views.set(change.version, view);
              return { view, version: change.version, status: change.status, history, viewsByVersion: views, live: "live" };
            });
            void refreshLegal();
          }
          if (latest.current.status === GameStatus.FINISHED) {
            update(() => ({ live: "ended" }));
            return;
          }
        } catch (e) {
          if (stopped) return;
          const err = ConnectError.from(e);
          if (err.code === Code.NotFound || err.code === Code.PermissionDenied || err.code === Code.Unauthenticated) {
            update(() => ({ live: "ended", error: err.rawMessage }));
            return;
          }
        }
        if (stopped) return;
        update(() => ({ live: "reconnecting" }));
        await new Promise((r) => setTimeout(r, pause));
        pause = Math.min(pause * 2, 8000);
        // WatchGame resumes from our version; it delivers every version after it, none twice.
      }
    })();
    return () => {
      stopped = true;
      abort.abort();
    };
  }, [gameId]);

  return { state, refreshLegal, catchUp };
}

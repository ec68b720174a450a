// PLACEHOLDER of the game screen (the webboard engineer's web/src/game/ replaces it): the game
// followed live (GetGame, then WatchGame from its version, resumed after a dropped stream), the
// round and whose turn, the players, the log, and the caller's legal actions as a list to submit.
// Its props are the contract: `client` (the Connect clients of web/src/api/client.ts), `gameId`,
// and `me` (the logged-in player).
import { useEffect, useRef, useState } from "preact/hooks";

import { GameStatus } from "@gen/mailrun/v1/game_pb";
import type { GameView, LegalAction } from "@gen/mailrun/v1/views_pb";
import type { Clients } from "../api/client";
import { isAborted } from "../api/refusal";
import { requestId } from "../api/session";
import { RefusalNote } from "../app/RefusalNote";
import { useAction } from "../app/useCall";

export interface Me { userId: string; displayName: string }

interface Line { version: bigint; text: string }

export function GameScreen({ client, gameId, me }: { client: Clients; gameId: string; me: Me }) {
  const [view, setView] = useState<GameView | null>(null);
  const [version, setVersion] = useState(0n);
  const [finished, setFinished] = useState(false);
  const [seat, setSeat] = useState(-1);
  const [log, setLog] = useState<Line[]>([]);
  const [legal, setLegal] = useState<LegalAction[]>([]);
  const [legalAt, setLegalAt] = useState(-1n);  // the version the legal actions are for
  const [loadError, setLoadError] = useState<unknown>(null);
  const action = useAction();
  const latest = useRef(0n);

  // The full view (after a delta the placeholder simply reads the view again, at most one call at
  // a time) and the legal actions at that version.
  const reading = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const read = () => {
    if (reading.current) { again.current = true; return; }
    reading.current = (async () => {
      do {
        again.current = false;
        try {
          const game = await client.game.getGame({ gameId });
          if (game.version > latest.current) {  // ahead of the stream: show the version this view is at
            latest.current = game.version;
            setVersion(game.version);
          }
          setView(game.view ?? null);
          setSeat(game.yourSeat);
          setFinished(game.status === GameStatus.FINISHED);
          const mine = game.yourSeat >= 0 && game.view?.activeSeats.includes(game.yourSeat) && game.status !== GameStatus.FINISHED;
          const listed = mine ? await client.game.listLegalActions({ gameId }) : null;
          setLegal(listed?.actions ?? []);
          setLegalAt(listed?.version ?? game.version);
          setLoadError(null);
        } catch (err) {
          setLoadError(err);
        }
      } while (again.current);
      reading.current = null;
    })();
  };

  useEffect(() => {
    const abort = new AbortController();
    (async () => {
      try {
        const first = await client.game.getGame({ gameId }, { signal: abort.signal });
        latest.current = first.version;
        setVersion(first.version);
        const afterSeq = first.version > 30n ? first.version - 30n : 0n;
        const history = await client.game.getHistory({ gameId, afterSeq, pageSize: 30 }, { signal: abort.signal }).catch(() => null);
        if (history) setLog(history.entries.flatMap((e) => e.logLines.map((l) => ({ version: e.seq, text: l.text }))).slice(-40));
        read();
        if (first.status === GameStatus.FINISHED) return;
      } catch (err) {
        setLoadError(err);
        return;
      }
      for (let delay = 500; !abort.signal.aborted; delay = Math.min(delay * 2, 10_000)) {
        try {
          for await (const change of client.game.watchGame({ gameId, afterVersion: latest.current }, { signal: abort.signal })) {
            delay = 500;
            if (change.version > latest.current) {
              latest.current = change.version;
              setVersion(change.version);
            }
            const lines = change.entry?.logLines.map((l) => ({ version: change.version, text: l.text })) ?? [];
            if (lines.length) setLog((old) => [...old, ...lines].slice(-40));
            read();
            if (change.status === GameStatus.FINISHED) return;
          }
          return;
        } catch {
          if (abort.signal.aborted) return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    })();
    return () => abort.abort();
  }, [gameId]);

  const submit = (choice: LegalAction) => action.run(async () => {
    try {
      await client.game.submitAction({ gameId, expectedVersion: latest.current, action: choice.action, requestId: requestId() });
    } catch (err) {
      if (isAborted(err)) read();
      throw err;
    }
  });

  if (!view) return <section><RefusalNote error={loadError} /><p class="quiet">Loading the game…</p></section>;
  const active = new Set(view.activeSeats);
  const ranked = [...view.players].sort((a, b) => Number(b.wealth - a.wealth));
  return (
    <section class="game-screen" data-test="game-screen" data-version={String(version)} data-legal-version={String(legalAt)}
             data-finished={finished ? "yes" : "no"}>
      <h2 data-test="round">{finished ? "Game over" : view.round?.description}</h2>
      {finished && view.endReason && <p data-test="end-reason">{view.endReason}</p>}
      <p class="quiet">Version {String(version)} · phase {view.phase} · bank £{String(view.bankCash)} · you are {me.displayName}</p>
      <table class="grid" data-test={finished ? "final-scores" : "players"}>
        <thead><tr><th>Player</th><th>Cash</th><th>Worth</th><th></th></tr></thead>
        <tbody>
          {(finished ? ranked : view.players).map((p) => (
            <tr class={p.seat === seat ? "me" : ""}>
              <td>{p.displayName}</td><td>£{String(p.cash)}</td><td>£{String(p.wealth)}</td>
              <td>{active.has(p.seat) && !finished ? "to act" : ""}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {legal.length > 0 && (
        <div class="legal" data-test="legal-actions">
          <h3>Your move</h3>
          {legal.map((choice) => (
            <button class="action" disabled={action.busy || legalAt !== version} onClick={() => submit(choice)}
                    data-test="legal-action">{choice.description}</button>
          ))}
        </div>
      )}
      <RefusalNote error={action.error} />
      <h3>Log</h3>
      <ol class="log" data-test="log">
        {log.map((line) => <li><span class="quiet">v{String(line.version)}</span> {line.text}</li>)}
      </ol>
    </section>
  );
}

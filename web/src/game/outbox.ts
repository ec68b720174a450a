// The moves a player made that the service has not answered yet, kept in the page and in
// localStorage (per game), so neither a dropped network nor a reload loses one. Each is sent under
// its own request_id, and sent again under the same one until the service answers (a repeated
// request_id is applied once: the flow of one move, step 4), at once when the browser says the
// network is back, else after growing pauses. A move shows as sending, sent or refused; a refusal
// stays beside the move it refused until dismissed. Only a network failure is retried: any answer
// of the service (applied or refused) ends the move's sending.
import { fromJson, type JsonValue, toJson } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { useEffect, useRef, useState } from "preact/hooks";

import { type Action, ActionSchema, type ApiClients } from "./api";
import { type Refusal, readRefusal } from "./refusal";

export type MoveState = "sending" | "sent" | "refused";

export interface OutboxMove {
  requestId: string;
  kind: "submit" | "undo";
  expectedVersion: string; // the version the move was made at (bigint as text, for storage)
  action?: JsonValue; // the Action, as protobuf JSON
  words: string; // what the player chose, in the screen's words
  state: MoveState;
  refusal?: Refusal;
  tries: number;
  madeAt: number; // unix ms
}

const key = (gameId: string) => `mailrun.outbox.${gameId}`;

export function loadOutbox(gameId: string): OutboxMove[] {
  try {
    const stored = JSON.parse(localStorage.getItem(key(gameId)) ?? "[]") as OutboxMove[];
    return Array.isArray(stored) ? stored.filter((m) => typeof m.requestId === "string") : [];
  } catch {
    return [];
  }
}

function saveOutbox(gameId: string, moves: OutboxMove[]): void {
  // Sent moves are not kept across a reload: the game itself shows them.
  const kept = moves.filter((m) => m.state !== "sent");
  try {
    if (kept.length) localStorage.setItem(key(gameId), JSON.stringify(kept));
    else localStorage.removeItem(key(gameId));
  } catch {
    // storage full or refused: the page still holds them
  }
}

// A failure of the way to the service, not an answer from it: worth sending the same request again.
export function isNetworkFailure(error: unknown): boolean {
  const e = ConnectError.from(error);
  if (e.code === Code.Unavailable || e.code === Code.DeadlineExceeded || e.code === Code.Canceled) return true;
  // fetch's own failure ("Failed to fetch", "NetworkError ..."): Connect reports it as Unknown.
  return e.code === Code.Unknown && (e.cause instanceof TypeError || (typeof navigator !== "undefined" && !navigator.onLine));
}

export function newRequestId(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `r${Date.now()}${Math.random().toString(36).slice(2)}`;
}

export interface Outbox {
  moves: OutboxMove[];
  sending: boolean; // a move is on its way: the screen offers no other until it is answered
  submit: (action: Action, expectedVersion: bigint, words: string) => void;
  undo: (expectedVersion: bigint) => void;
  dismiss: (requestId: string) => void;
}

// `onAnswer` is called after the service answered a move (applied or refused), to re-read the game.
export function useOutbox(client: ApiClients, gameId: string, onAnswer: (move: OutboxMove) => void): Outbox {
  const [moves, setMoves] = useState<OutboxMove[]>(() => loadOutbox(gameId));
  const held = useRef(moves);
  const answered = useRef(onAnswer);
  answered.current = onAnswer;
  const wake = useRef<() => void>(() => {});
  const change = (next: (moves: OutboxMove[]) => OutboxMove[]) => {
    held.current = next(held.current);
    saveOutbox(gameId, held.current);
    setMoves(held.current);
  };
  const update = (requestId: string, patch: Partial<OutboxMove>) =>
    change((all) => all.map((m) => (m.requestId === requestId ? { ...m, ...patch } : m)));

  // The sender: one move at a time, oldest first, until each is answered.
  useEffect(() => {
    let stopped = false;
    const send = async (move: OutboxMove) => {
      // An answer the service is slow to give is asked for again (same request_id) after 15 s.
      const options = { timeoutMs: 15_000 };
      if (move.kind === "undo") {
        await client.game.undoLastAction({ gameId, expectedVersion: BigInt(move.expectedVersion), requestId: move.requestId }, options);
      } else {
        const action = fromJson(ActionSchema, move.action ?? {});
        await client.game.submitAction({ gameId, expectedVersion: BigInt(move.expectedVersion), action, requestId: move.requestId }, options);
      }
    };
    (async () => {
      let pause = 500;
      while (!stopped) {
        const next = held.current.find((m) => m.state === "sending");
        if (next) {
          update(next.requestId, { tries: next.tries + 1 });
          try {
            await send(next);
            pause = 500;
            update(next.requestId, { state: "sent" });
            answered.current({ ...next, state: "sent" });
            continue;
          } catch (e) {
            if (!isNetworkFailure(e)) {
              pause = 500;
              const refusal = readRefusal(e);
              update(next.requestId, { state: "refused", refusal });
              answered.current({ ...next, state: "refused", refusal });
              continue;
            }
          }
        }
        if (stopped) return;
        // Nothing to send, or the network failed: wait for a new move, the network, or the pause.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, next ? pause : 60_000);
          wake.current = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        if (next) pause = Math.min(pause * 2, 8_000);
      }
    })();
    const online = () => wake.current();
    window.addEventListener("online", online);
    // Another tab of this game changed the stored moves (it may have sent one): follow it.
    const storage = (event: StorageEvent) => {
      if (event.key !== key(gameId)) return;
      const stored = loadOutbox(gameId);
      const ids = new Set(stored.map((m) => m.requestId));
      held.current = [...held.current.filter((m) => m.state === "sent" && !ids.has(m.requestId)), ...stored];
      setMoves(held.current);
    };
    window.addEventListener("storage", storage);
    return () => {
      stopped = true;
      wake.current();
      window.removeEventListener("online", online);
      window.removeEventListener("storage", storage);
    };
  }, [client, gameId]);

  const add = (move: Omit<OutboxMove, "requestId" | "state" | "tries" | "madeAt">) => {
    // The answered ones make way: the moves still in question stay, the sent ones go.
    change((all) => [
      ...all.filter((m) => m.state === "sending" || m.state === "refused").slice(-4),
      { ...move, requestId: newRequestId(), state: "sending", tries: 0, madeAt: Date.now() },
    ]);
    wake.current();
  };
  return {
    moves,
    sending: moves.some((m) => m.state === "sending"),
    submit: (action, expectedVersion, words) =>
      add({ kind: "submit", expectedVersion: expectedVersion.toString(), action: toJson(ActionSchema, action), words }),
    undo: (expectedVersion) => add({ kind: "undo", expectedVersion: expectedVersion.toString(), words: "Undo my last move" }),
    dismiss: (requestId) => change((all) => all.filter((m) => m.requestId !== requestId)),
  };
}

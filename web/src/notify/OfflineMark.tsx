// "Offline — as of <time>" over a game shown from the view the service worker kept (offline.ts):
// the player reads the game as it was then, and knows it may have moved on since. useGameSource
// tells the game screen too, which then claims no turn and no live state (the turn may have moved).
import { useEffect, useState } from "preact/hooks";

import { type GameSource, onSourceChange, sourceOf } from "./offline";
import "./settings.css";

export function asOf(savedAt: number, now = new Date()): string {
  const then = new Date(savedAt);
  const sameDay = then.toDateString() === now.toDateString();
  return then.toLocaleString(undefined, sameDay ? { hour: "2-digit", minute: "2-digit" }
                                                 : { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}

// Where the game's view shown came from (the network, or what the worker kept), kept current.
export function useGameSource(gameId: string): GameSource | undefined {
  const [source, setSource] = useState(() => sourceOf(gameId));
  useEffect(() => {
    setSource(sourceOf(gameId));
    return onSourceChange(() => setSource(sourceOf(gameId)));
  }, [gameId]);
  return source;
}

export function OfflineMark({ gameId }: { gameId: string }) {
  const source = useGameSource(gameId);
  if (!source?.offline) return null;
  return (
    <p class="offline-mark" role="status" data-test="offline-view" data-saved-at={source.savedAt}>
      <strong>Offline — as of {asOf(source.savedAt)}</strong>
      <span>The game as this device last saw it; it may have moved on since.</span>
    </p>
  );
}

// The games shown from the service worker's kept views (web/public/sw.js) while the network is
// down: the worker tells the page, per game, whether the view it just served came from the
// network or from what it kept, and when that was saved. Listened to from the start (startNotify),
// so no message is missed before a screen mounts. While a game is open the page asks the worker
// every minute to renew its kept view. At log-out the kept views are deleted, so the
// next player of this browser finds none.
import { loadSession, onSessionChange } from "../api/session";

const keptViews = "mailrun-views-v1";  // the cache sw.js keeps the views in
const renewEveryMs = 60_000;           // how often an open game's kept view is renewed

export interface GameSource { offline: boolean; savedAt: number }

const sources = new Map<string, GameSource>();
const listeners = new Set<() => void>();

export function sourceOf(gameId: string): GameSource | undefined {
  return sources.get(gameId);
}

export function onSourceChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function listenToKeptViews() {
  navigator.serviceWorker.addEventListener("message", (event: MessageEvent) => {
    const data = event.data as { type?: string; gameId?: string; offline?: boolean; savedAt?: number } | null;
    if (data?.type !== "mailrun-view" || !data.gameId) return;
    sources.set(data.gameId, { offline: Boolean(data.offline), savedAt: data.savedAt ?? 0 });
    for (const listener of listeners) listener();
  });
  navigator.serviceWorker.startMessages();
  // While a game is open and the network is up, its kept view follows the game.
  window.setInterval(() => {
    const game = /^#\/game\/([^/]+)$/.exec(window.location.hash);
    const token = loadSession()?.accessToken;
    if (game && token && navigator.onLine) {
      navigator.serviceWorker.controller?.postMessage({ type: "mailrun-renew", gameId: decodeURIComponent(game[1]), token });
    }
  }, renewEveryMs);
  onSessionChange((session) => {
    if (!session && "caches" in window) void caches.delete(keptViews);
  });
}

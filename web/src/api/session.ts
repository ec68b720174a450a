// The logged-in session: the tokens of AuthResponse, kept in localStorage so that a reload (or a
// second tab) stays logged in, and traded for new ones with Refresh before the access token runs
// out. Refresh tokens rotate (a used one is spent; presenting it twice ends the session), so tabs
// take turns through a Web Lock and a tab that finds a newer token stored uses that one instead.
import type { AuthResponse } from "@gen/mailrun/v1/lobby_pb";

export interface Session {
  userId: string;
  displayName: string;
  accessToken: string;
  accessExpiresAt: number;   // unix ms
  refreshToken: string;
  refreshExpiresAt: number;  // unix ms
}

const storageKey = "mailrun.session";
const listeners = new Set<(session: Session | null) => void>();

export function sessionFrom(auth: AuthResponse): Session {
  return {
    userId: auth.userId,
    displayName: auth.displayName,
    accessToken: auth.accessToken,
    accessExpiresAt: Number(auth.accessExpiresAtUnixMs),
    refreshToken: auth.refreshToken,
    refreshExpiresAt: Number(auth.refreshExpiresAtUnixMs),
  };
}

export function loadSession(): Session | null {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? "null") as Session | null;
    if (!stored || typeof stored.refreshToken !== "string") return null;
    return stored.refreshExpiresAt > Date.now() ? stored : null;
  } catch {
    return null;
  }
}

export function saveSession(session: Session | null): void {
  if (session) localStorage.setItem(storageKey, JSON.stringify(session));
  else localStorage.removeItem(storageKey);
  for (const listener of listeners) listener(session);
}

// Called with the new session (or null at log-out, or when the session ended on the server).
export function onSessionChange(listener: (session: Session | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab logged in or out: follow it.
window.addEventListener("storage", (event) => {
  if (event.key === storageKey) for (const listener of listeners) listener(loadSession());
});

// Runs `work` while no other tab of this origin refreshes (Web Locks; without them, as it is).
export function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? (locks.request("mailrun.refresh", work) as Promise<T>) : work();
}

// The device token the lobby gave this browser for each account (AuthResponse.device_token), kept
// after logging out and sent with the next Login of that account, so that someone guessing its
// password elsewhere does not lock this browser out (docs/api-clients.md).
const devicesKey = "mailrun.devices";

function storedDevices(): Record<string, string> {
  try {
    const stored = JSON.parse(localStorage.getItem(devicesKey) ?? "{}") as Record<string, string> | null;
    return stored && typeof stored === "object" ? stored : {};
  } catch {
    return {};
  }
}

export function rememberDevice(auth: AuthResponse): void {
  if (!auth.deviceToken) return;
  localStorage.setItem(devicesKey, JSON.stringify({ ...storedDevices(), [auth.displayName.toLowerCase()]: auth.deviceToken }));
}

export function deviceTokenFor(displayName: string): string {
  return storedDevices()[displayName.toLowerCase()] ?? "";
}

// A request id for the calls that take one (retries of one call reuse it).
export function requestId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

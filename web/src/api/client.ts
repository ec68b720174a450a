// The API as the app calls it: Connect clients of the three services over the Connect protocol
// (JSON) on the page's own origin (the gateway serves both the app and the API). An interceptor
// adds the access token, refreshes it shortly before it runs out, and once more when a call is
// refused as unauthenticated; a session the server has ended logs the app out.
import { Code, ConnectError, createClient, type Client, type Interceptor } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-web";

import { GameService } from "@gen/mailrun/v1/game_pb";
import { LobbyService } from "@gen/mailrun/v1/lobby_pb";
import { NotificationService } from "@gen/mailrun/v1/notification_pb";
import { ProgrammedMoveService } from "@gen/mailrun/v1/programmed_moves_pb";
import { StudyService } from "@gen/mailrun/v1/study_pb";
import { SeatService } from "@gen/mailrun/v1/seats_pb";
import {
  deviceTokenFor, exclusively, loadSession, rememberDevice, requestId, saveSession, sessionFrom, type Session,
} from "./session";

export interface Clients {
  game: Client<typeof GameService>;
  lobby: Client<typeof LobbyService>;
  notification: Client<typeof NotificationService>;
  programmed: Client<typeof ProgrammedMoveService>;
  study: Client<typeof StudyService>;
  seats: Client<typeof SeatService>;
}

const refreshMargin = 30_000;  // refresh when the access token has less than this left (ms)
const baseUrl = window.location.origin;

// Calls that need no token (and must not trigger a refresh).
const anonymous = new Set(["Register", "Login", "RequestLoginCode", "Refresh"]);

// Without the interceptor: for Register, Login, RequestLoginCode and Refresh.
const plainTransport = createConnectTransport({ baseUrl });
const plainLobby = createClient(LobbyService, plainTransport);

let refreshing: Promise<Session | null> | null = null;

// Trades the refresh token for new tokens. A tab that finds a newer session stored than the one it
// held (another tab refreshed meanwhile) takes that one; a refusal ends the session.
function refresh(held: Session): Promise<Session | null> {
  refreshing ??= exclusively(async () => {
    const stored = loadSession();
    if (stored && stored.refreshToken !== held.refreshToken && stored.accessExpiresAt - Date.now() > refreshMargin) {
      return stored;
    }
    const current = stored ?? held;
    try {
      const auth = await plainLobby.refresh({ requestId: requestId(), refreshToken: current.refreshToken });
      rememberDevice(auth);
      const next = sessionFrom(auth);
      saveSession(next);
      return next;
    } catch (err) {
      const code = ConnectError.from(err).code;
      if (code === Code.Unauthenticated || code === Code.PermissionDenied || code === Code.NotFound) {
        saveSession(null);
        return null;
      }
      throw err;
    }
  }).finally(() => { refreshing = null; });
  return refreshing;
}

async function freshSession(): Promise<Session | null> {
  const session = loadSession();
  if (!session) return null;
  if (session.accessExpiresAt - Date.now() > refreshMargin) return session;
  return refresh(session);
}

const withToken: Interceptor = (next) => async (req) => {
  if (anonymous.has(req.method.name)) return next(req);
  let session: Session | null;
  try {
    session = await freshSession();
  } catch (err) {
    // No refresh without a network: the held token still opens what the service worker kept of
    // the player's games (web/public/sw.js); a refused one is refreshed below once back online.
    session = loadSession();
    if (!session) throw err;
  }
  if (session) req.header.set("authorization", `Bearer ${session.accessToken}`);
  try {
    return await next(req);
  } catch (err) {
    // An access token refused (expired early, signing key rotated): refresh once and retry.
    if (!session || ConnectError.from(err).code !== Code.Unauthenticated || req.stream) throw err;
    const renewed = await refresh(session);
    if (!renewed) throw err;
    req.header.set("authorization", `Bearer ${renewed.accessToken}`);
    return next(req);
  }
};

const transport = createConnectTransport({ baseUrl, interceptors: [withToken] });

export const clients: Clients = {
  game: createClient(GameService, transport),
  lobby: createClient(LobbyService, transport),
  notification: createClient(NotificationService, transport),
  programmed: createClient(ProgrammedMoveService, transport),
  study: createClient(StudyService, transport),
  seats: createClient(SeatService, transport),
};

// `loginCode`: a code mailed by requestLoginCode, which logs in from a new device even while the
// account's logins from unknown devices wait (docs/operations.md, "Logins").
export async function login(displayName: string, password: string, loginCode = ""): Promise<Session> {
  const auth = await plainLobby.login({
    requestId: requestId(), displayName, password, deviceToken: deviceTokenFor(displayName), loginCode,
  });
  rememberDevice(auth);
  const session = sessionFrom(auth);
  saveSession(session);
  return session;
}

// Asks for a login code mailed to the account's verified address; the answer is the same whatever
// the name.
export async function requestLoginCode(displayName: string): Promise<void> {
  await plainLobby.requestLoginCode({ displayName });
}

export async function register(displayName: string, password: string): Promise<Session> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  const auth = await plainLobby.register({ requestId: requestId(), displayName, password, timeZone });
  rememberDevice(auth);
  const session = sessionFrom(auth);
  saveSession(session);
  return session;
}

// Ends this session on the server (best effort: the app logs out either way).
export async function logout(): Promise<void> {
  const session = loadSession();
  saveSession(null);
  if (!session) return;
  try {
    await plainLobby.logout({ requestId: requestId(), refreshToken: session.refreshToken },
                            { headers: { authorization: `Bearer ${session.accessToken}` } });
  } catch {
    // The session ends on the server when its refresh token expires.
  }
}

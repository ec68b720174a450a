// The page's first reads, started before the app's script has arrived (issue 48, the speed budget):
// a tiny script of its own (web/build.mjs: /assets/firstReads-HASH.js, async in index.html, no
// imports) that, on a game's page (#/game/<id>) with a session whose access token is good for a
// while yet, asks for what the board needs at once: GetGame and ListLegalActions together, then
// GetComponents of the game's title. On a slow network these round trips then overlap the main
// script's download instead of following it. The answers wait, as Connect JSON, in
// window.mailrunFirstReads for the app (web/src/game/firstReads.ts), which decodes them and falls
// back to its own calls when any failed. The calls go through the service worker like the app's
// own (web/public/sw.js keeps and serves the game's views offline, the same request bodies).
// When the app's script ran first (it marks window.mailrunFirstReads "taken"), nothing is asked.
interface FirstReadsJson {
  gameId: string;
  game: Promise<unknown>;
  legal: Promise<unknown>;
  components: Promise<unknown>;
}

const refreshMargin = 30_000;  // as web/src/api/client.ts: a token this close to its end is refreshed first

function start(): FirstReadsJson | undefined {
  const game = /^#\/game\/([^/?]+)$/.exec(window.location.hash);
  if (!game) return undefined;
  let token = "";
  try {
    const session = JSON.parse(localStorage.getItem("mailrun.session") ?? "null") as { accessToken?: unknown; accessExpiresAt?: unknown } | null;
    if (typeof session?.accessToken === "string" && typeof session.accessExpiresAt === "number" && session.accessExpiresAt - Date.now() > refreshMargin) {
      token = session.accessToken;
    }
  } catch {
    return undefined;  // no storage, or not a session: the app decides
  }
  if (!token) return undefined;
  const gameId = decodeURIComponent(game[1]);
  const call = (method: string, body: object) =>
    fetch(`/mailrun.v1.GameService/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json", "connect-protocol-version": "1", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${method}: HTTP ${response.status}`))));
  const view = call("GetGame", { gameId });
  const reads = {
    gameId,
    game: view,
    legal: call("ListLegalActions", { gameId }),
    components: view.then((answer: { view?: { title?: string; edition?: string } }) =>
      call("GetComponents", { title: answer.view?.title ?? "TITLE_1853", ...(answer.view?.edition ? { edition: answer.view.edition } : {}) })),
  };
  // A failed read is the app's to redo; never an unhandled rejection here.
  for (const read of [reads.game, reads.legal, reads.components]) read.catch(() => undefined);
  return reads;
}

const held = window as unknown as { mailrunFirstReads?: FirstReadsJson | "taken" };
if (held.mailrunFirstReads === undefined) held.mailrunFirstReads = start();

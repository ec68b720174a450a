// Mailrun's service worker (issue 42): the installable app's offline shell and its Web Push.
// - Offline: the app shell (/, index.html) and every static asset it loaded are kept in a cache
//   as they are fetched; navigations go to the network first (so a release is picked up at once)
//   and fall back to the cached shell offline; content-hashed /assets/ files are served from the
//   cache first (they never change). The API is not cached by this part (see the next).
// - Updates: a new sw.js activates at once (skipWaiting, clients.claim) and drops the caches of
//   older versions; the page reloads when its controller changes (web/src/notify/register.ts),
//   so no player stays on a stale client after a release.
// - The last view of each of the player's games, readable offline: the game's reads (GetGame as a
//   whole view, GetComponents, GetHistory: Connect POSTs) go to the network first, and each
//   answer is kept in a cache of its own, per player (the token's subject) and request; while a
//   game is open, the page asks every minute that its kept view be renewed (done when older than
//   30 s), so it follows the game as it moves on. When the network is down (the request fails, or the
//   gateway answers 502-504), the kept answer is served and the page is told
//   ("mailrun-view", offline, savedAt), which marks the game "offline — as of <time>"
//   (web/src/notify/offline.ts). The page empties the cache at log-out.
// - Push: each push's payload (JSON from the notification service: title, body, tag, url; see
//   docs/api-clients.md) is shown as a notification, one per tag (one per game for turns);
//   tapping it focuses an open window on the game's page or opens one; the page loads the game's
//   current version there.
const VERSION = "mailrun-shell-v1";
const VIEWS = "mailrun-views-v1";  // the games' last views: kept across releases
const KEPT = /^\/mailrun\.v1\.GameService\/(GetGame|GetComponents|GetHistory)$/;
const RENEW_AFTER_MS = 30_000;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(["/", "/manifest.webmanifest"])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== VERSION && name !== VIEWS).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// The player a request is made for: the subject of its bearer token ("v2.<key>.<payload>.<signature>",
// the payload base64url JSON; read, not verified: it only keeps one player's kept views apart from
// another's on a shared browser), or "".
function playerOf(request) {
  const parts = (/^Bearer (.+)$/.exec(request.headers.get("authorization") ?? "")?.[1] ?? "").split(".");
  if (parts.length < 3) return "";
  try {
    return JSON.parse(atob(parts[parts.length - 2].replace(/-/g, "+").replace(/_/g, "/"))).sub ?? "";
  } catch {
    return "";
  }
}

// The cache key of a read: the player, the method and the request's fields in a fixed order.
function keyOf(player, method, fields) {
  const sorted = JSON.stringify(Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b))));
  return new URL(`/kept-views/${encodeURIComponent(player)}/${method}?${encodeURIComponent(sorted)}`, self.location.origin).href;
}

async function keep(key, response) {
  const headers = new Headers(response.headers);
  headers.set("x-mailrun-saved-at", String(Date.now()));
  const cache = await caches.open(VIEWS);
  await cache.put(key, new Response(await response.blob(), { status: response.status, headers }));
}

async function tell(clientId, message) {
  const client = clientId ? await self.clients.get(clientId) : null;
  client?.postMessage(message);
}

// Renews a game's kept view (GetGame as a whole) when it is older than RENEW_AFTER_MS; asked by
// the page while the game is open ("mailrun-renew", with the player's access token).
async function renew(authorization, player, gameId) {
  const key = keyOf(player, "GetGame", { gameId });
  const kept = await (await caches.open(VIEWS)).match(key);
  if (!kept || Date.now() - Number(kept.headers.get("x-mailrun-saved-at")) < RENEW_AFTER_MS) return;
  const headers = { "content-type": "application/json", "connect-protocol-version": "1", authorization };
  const response = await fetch(new URL("/mailrun.v1.GameService/GetGame", self.location.origin), { method: "POST", headers, body: JSON.stringify({ gameId }) });
  if (response.ok) await keep(key, response);
}

async function keptOrNetwork(event, method) {
  const request = event.request;
  const player = playerOf(request);
  let fields = {};
  try {
    fields = JSON.parse(await request.clone().text());
  } catch {
    return fetch(request);
  }
  // A delta or a past version is not the game's last view.
  const whole = method !== "GetGame" || (!fields.sinceVersion && !fields.atVersion);
  if (!player || !whole) return fetch(request);
  const key = keyOf(player, method, fields);
  const fromKept = async (failure) => {
    const kept = await (await caches.open(VIEWS)).match(key);
    if (!kept) return failure();
    if (method === "GetGame") {
      await tell(event.clientId, { type: "mailrun-view", gameId: fields.gameId, offline: true, savedAt: Number(kept.headers.get("x-mailrun-saved-at")) });
    }
    return kept;
  };
  let response;
  try {
    response = await fetch(request);
  } catch (err) {
    return fromKept(() => { throw err; });
  }
  if (response.status >= 502 && response.status <= 504) return fromKept(() => response);
  if (response.ok) {
    event.waitUntil(keep(key, response.clone()).catch(() => undefined));
    if (method === "GetGame") event.waitUntil(tell(event.clientId, { type: "mailrun-view", gameId: fields.gameId, offline: false }));
  }
  return response;
}

self.addEventListener("message", (event) => {
  const data = event.data ?? {};
  if (data.type !== "mailrun-renew" || !data.gameId || !data.token) return;
  const authorization = `Bearer ${data.token}`;
  const player = playerOf(new Request("/", { headers: { authorization } }));
  if (player) event.waitUntil(renew(authorization, player, data.gameId).catch(() => undefined));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST") {
    const kept = KEPT.exec(url.pathname);
    if (kept) event.respondWith(keptOrNetwork(event, kept[1]));
    return;  // the rest of the API goes to the network untouched
  }
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then((response) => {
          const copy = response.clone();
          caches.open(VERSION).then((cache) => cache.put("/", copy));
          return response;
        })
        .catch(() => caches.match("/")),
    );
    return;
  }
  event.respondWith(
    caches.match(request).then((cached) => cached ?? fetch(request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(VERSION).then((cache) => cache.put(request, copy));
      }
      return response;
    })),
  );
});

self.addEventListener("push", (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { title: "Mailrun", body: event.data ? event.data.text() : "" };
  }
  const title = payload.title || "Mailrun";
  event.waitUntil(self.registration.showNotification(title, {
    body: payload.body || "",
    tag: payload.tag || payload.event_id,
    renotify: Boolean(payload.tag),
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { url: payload.url || "/", event_id: payload.event_id, game_id: payload.game_id },
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/", self.location.origin).href;
  event.waitUntil((async () => {
    const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
    for (const client of windows) {
      if (new URL(client.url).origin === self.location.origin) {
        await client.focus().catch(() => undefined);  // focus needs the click's activation
        return client.navigate(target);
      }
    }
    return self.clients.openWindow(target);
  })());
});

// Mailrun's service worker (issue 42): the installable app's offline shell and its Web Push.
// - Offline: the app shell (/, index.html) and every static asset it loaded are kept in a cache
//   as they are fetched; navigations go to the network first (so a release is picked up at once)
//   and fall back to the cached shell offline; content-hashed /assets/ files are served from the
//   cache first (they never change). API calls are never cached here.
// - Updates: a new sw.js activates at once (skipWaiting, clients.claim) and drops the caches of
//   older versions; the page reloads when its controller changes (web/src/notify/register.ts),
//   so no player stays on a stale client after a release.
// - Push: each push's payload (JSON from the notification service: title, body, tag, url; see
//   docs/api-clients.md) is shown as a notification, one per tag (one per game for turns);
//   tapping it focuses an open window on the game's page or opens one; the page loads the game's
//   current version there.
const VERSION = "mailrun-shell-v1";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(VERSION).then((cache) => cache.addAll(["/", "/manifest.webmanifest"])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== VERSION).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;  // the API (POST) goes to the network untouched
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
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

// The installable app's side of notifications (issue 42): registers the service worker
// (web/public/sw.js: offline shell, updates, push), reloads the page once when a new worker takes
// over (the update path: no player stays on a stale client), and subscribes this browser to Web
// Push at a moment that makes sense: the first time the player opens a game, not at login.
// The subscription is made with the service's VAPID key (GetWebPushKey) and registered as a
// PLATFORM_WEB_PUSH device; when the key changes (a rotation), it subscribes again.
import { clients } from "../api/client";
import { Platform } from "@gen/mailrun/v1/notification_pb";

const askedKey = "mailrun.webPush.asked";

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; ++i) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
}

// Subscribes (or renews the subscription) and registers it; quiet when anything is missing.
export async function subscribeToPush(): Promise<"subscribed" | "unavailable" | "denied"> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return "unavailable";
  const { vapidPublicKey } = await clients.notification.getWebPushKey({});
  if (!vapidPublicKey) return "unavailable";
  if ((await Notification.requestPermission()) !== "granted") return "denied";
  const registration = await navigator.serviceWorker.ready;
  const key = keyBytes(vapidPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  await clients.notification.registerDevice({
    requestId: crypto.randomUUID(),
    platform: Platform.WEB_PUSH,
    webPush: { endpoint: json.endpoint ?? "", p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  });
  return "subscribed";
}

function maybeSubscribeOnGame() {
  if (!window.location.hash.startsWith("#/game/")) return;
  const asked = localStorage.getItem(askedKey);
  if (asked === "denied") return;
  // Asked once per browser; afterwards only renewed quietly (permission already given).
  if (asked && Notification.permission !== "granted") return;
  subscribeToPush()
    .then((outcome) => localStorage.setItem(askedKey, outcome))
    .catch(() => undefined);  // not logged in yet, offline: tried again on the next game
}

export function startNotify() {
  if (!("serviceWorker" in navigator)) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) window.location.reload();  // a release: take the new client at once
  });
  navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  window.addEventListener("hashchange", maybeSubscribeOnGame);
  maybeSubscribeOnGame();
}

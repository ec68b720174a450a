// The installable app's side of notifications (issue 42): registers the service worker
// (web/public/sw.js: offline shell, updates, push), reloads the page once when a new worker takes
// over (the update path: no player stays on a stale client), and subscribes this browser to Web
// Push at a moment that makes sense: the first time the player opens a game, not at login.
// The subscription is made with the service's VAPID key (GetWebPushKey) and registered as a
// PLATFORM_WEB_PUSH device; when the key changes (a rotation), it subscribes again. The Settings
// screen turns it off (the device unregistered, the subscription dropped, and not asked again on
// the next game) and on again.
import { Code, ConnectError } from "@connectrpc/connect";

import { clients } from "../api/client";
import { requestId } from "../api/session";
import { Platform } from "@gen/mailrun/v1/notification_pb";
import { listenToKeptViews } from "./offline";

const askedKey = "mailrun.webPush.asked";   // "subscribed", "denied", "unavailable" or "off"
const deviceKey = "mailrun.webPush.device";  // the device id this browser's subscription has

// This browser's Web Push device, if it registered one.
export function thisDeviceId(): string {
  return localStorage.getItem(deviceKey) ?? "";
}

export type PushState = "on" | "off" | "unavailable" | "blocked";

function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

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
  if (!pushSupported()) return "unavailable";
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
  const { deviceId } = await clients.notification.registerDevice({
    requestId: crypto.randomUUID(),
    platform: Platform.WEB_PUSH,
    webPush: { endpoint: json.endpoint ?? "", p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  });
  localStorage.setItem(deviceKey, deviceId);
  localStorage.setItem(askedKey, "subscribed");
  return "subscribed";
}

// Whether this browser gets pushes now.
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unavailable";
  if (Notification.permission === "denied") return "blocked";
  const { vapidPublicKey } = await clients.notification.getWebPushKey({});
  if (!vapidPublicKey) return "unavailable";
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && thisDeviceId() && Notification.permission === "granted" ? "on" : "off";
}

// Turns pushes off for this browser: the device unregistered (its pending pushes cancelled), the
// subscription dropped, and no asking again when a game opens (Settings turns it back on).
export async function unsubscribeFromPush(): Promise<void> {
  const deviceId = thisDeviceId();
  if (deviceId) {
    try {
      await clients.notification.unregisterDevice({ requestId: requestId(), deviceId });
    } catch (err) {
      if (ConnectError.from(err).code !== Code.NotFound) throw err;  // removed elsewhere already
    }
  }
  localStorage.removeItem(deviceKey);
  localStorage.setItem(askedKey, "off");
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

function maybeSubscribeOnGame() {
  if (!window.location.hash.startsWith("#/game/")) return;
  const asked = localStorage.getItem(askedKey);
  if (asked === "denied" || asked === "off") return;
  // Asked once per browser; afterwards only renewed quietly (permission already given).
  if (asked && Notification.permission !== "granted") return;
  subscribeToPush()
    .then((outcome) => localStorage.setItem(askedKey, outcome))
    .catch(() => undefined);  // not logged in yet, offline: tried again on the next game
}

export function startNotify() {
  if (!("serviceWorker" in navigator)) return;
  listenToKeptViews();
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) window.location.reload();  // a release: take the new client at once
  });
  navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  window.addEventListener("hashchange", maybeSubscribeOnGame);
  maybeSubscribeOnGame();
}

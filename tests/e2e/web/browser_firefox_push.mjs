// Web Push end to end in a real browser (issue 42): Debian's Firefox ESR, headless, driven by
// puppeteer-core over WebDriver BiDi. Chromium's push service is Google's FCM, out of reach here;
// Firefox takes its push service from a pref (dom.push.serverURL), so a push service on loopback
// (firefox_push_service.mjs, Mozilla's WebSocket push protocol) stands in for Mozilla's autopush.
// A player logs in, turns push on in Settings (the notification permission granted by the
// profile), and the app subscribes with the service's VAPID key and registers the subscription;
// the other players move (through the API) until it is that player's turn; the notification
// service sends the your-turn by Web Push (encrypted, VAPID-signed) to the endpoint the stand-in
// handed out, the stand-in passes it to Firefox, which decrypts it (its ack says so: code 100) and
// wakes the service worker, which shows the notification: read back with
// registration.getNotifications(). Prints what it saw as JSON for web_firefox_push_test.cc.
import { createRequire } from "node:module";
import path from "node:path";

import { callApi, logIn, registerPlayers, scriptedPlayers, startGame } from "./browser_common.mjs";
import { startFirefoxPushService } from "./firefox_push_service.mjs";

const require = createRequire(path.resolve(process.env.MAILRUN_WEB_CLIENT_DIR ?? ".", "node_modules", "x.js"));
const puppeteer = require("puppeteer-core");
const url = process.env.MAILRUN_WEB_URL;
const password = "browser-test-password";
const saw = {};
let counter = 0;
const rid = () => `browser-firefox-${Date.now()}-${counter++}`;
const until = async (what, check, timeout) => {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`waited ${timeout} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
};

const push = await startFirefoxPushService(require);
const browser = await puppeteer.launch({
  browser: "firefox",
  executablePath: process.env.MAILRUN_FIREFOX ?? "/usr/bin/firefox-esr",
  headless: true,
  extraPrefsFirefox: {
    "dom.push.enabled": true,
    "dom.push.connection.enabled": true,
    "dom.push.serverURL": push.wsUrl,
    "dom.push.testing.allowInsecureServerURL": true,  // ws:// on loopback, not wss://
    "permissions.default.desktop-notification": 1,    // the player says yes to notifications
    "dom.serviceWorkers.enabled": true,
    // Firefox's own alert window: the system's (libnotify over D-Bus) is absent on a test machine,
    // and showNotification then fails with NS_ERROR_FAILURE.
    "alerts.useSystemBackend": false,
  },
});
try {
  saw.browser = await browser.version();
  const players = await registerPlayers(url, ["Rafael", "Sunita", "Tarun"], password, rid);
  const [me, ...others] = players;
  const gameId = await startGame(url, players, "TITLE_1853", rid);
  saw.gameId = gameId;
  saw.player = me.name;
  const page = (await browser.pages())[0] ?? await browser.newPage();
  page.on("pageerror", (err) => { (saw.pageErrors ??= []).push(err.message); });
  await logIn(page, url, me.name, password);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 30_000 });
  saw.connectedToPushService = await until("Firefox to say hello to its push service", () => push.seen.hellos.length > 0, 30_000)
    .then(() => true, () => false);

  // Settings: push on for this browser.
  await page.goto(`${url}/#/settings`, { waitUntil: "domcontentloaded" });
  await page.waitForSelector("[data-test=push-switch]", { timeout: 30_000 });
  await page.waitForFunction(() => !document.querySelector("[data-test=push-state]")?.textContent?.startsWith("Checking"), { timeout: 30_000 });
  saw.pushBefore = await page.$eval("[data-test=push-state]", (e) => e.textContent);
  await page.click("[data-test=push-switch]");
  await page.waitForFunction(() => document.querySelector("[data-test=push-state]")?.textContent?.startsWith("On"), { timeout: 30_000 });
  saw.pushAfter = await page.$eval("[data-test=push-state]", (e) => e.textContent);
  saw.subscription = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.toJSON() ?? null);
  saw.registrations = push.seen.registrations;
  saw.devices = (await callApi(url, "NotificationService", "ListDevices", {}, me.token)).devices ?? [];

  // The others move until it is this player's turn: a your-turn made after the subscription.
  const script = scriptedPlayers(url, gameId, players, saw);
  await script(() => true, others);
  const { version } = await script(() => true, [me]);
  saw.turnVersion = version;
  const delivered = await until("a push Firefox acknowledged", () => push.seen.acks.find((a) => a.code !== undefined), 60_000)
    .catch(() => null);
  saw.pushes = push.seen.pushes;
  saw.acks = push.seen.acks;
  saw.ackCode = delivered?.code ?? null;
  // The service worker showed it: the notifications of its registration, as the page reads them.
  saw.notifications = await until("the service worker's notification", () => page.evaluate(async () => {
    const shown = await (await navigator.serviceWorker.ready).getNotifications();
    return shown.length ? shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })) : null;
  }), 30_000).catch(() => []);
} catch (err) {
  saw.pushService = push.seen;
  process.stderr.write(`browser_firefox_push: failed; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser.close().catch(() => undefined);
  await push.close();
}
process.stdout.write(`${JSON.stringify(saw)}\n`);

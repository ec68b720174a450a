// The installable app (issue 42) in Debian's chromium: the gateway's page registers its service
// worker, Chromium finds nothing against installing it (DevTools' Page.getInstallabilityErrors),
// and a push delivered to the worker through the DevTools protocol (ServiceWorker.deliverPushMessage,
// the payload the notification service sends) is shown as a notification, one per game (its tag),
// carrying the game's page to open. Prints what it saw as JSON for web_test.cc to check.
import { launchBrowser } from "./browser_common.mjs";

const url = process.env.MAILRUN_WEB_URL;
const browser = await launchBrowser();
const saw = {};
try {
  // The default context: Chromium installs nothing from an incognito one ("in-incognito").
  const context = browser.defaultBrowserContext();
  const page = await context.newPage();
  const cdp = await page.createCDPSession();
  const registrations = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: list }) => registrations.push(...list));
  await cdp.send("ServiceWorker.enable");
  await page.goto(url, { waitUntil: "networkidle0" });
  saw.scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  saw.installabilityErrors = installabilityErrors.map((e) => [e.errorId, ...e.errorArguments.map((a) => a.value)].join(" "));
  const manifest = await cdp.send("Page.getAppManifest");
  saw.manifestErrors = manifest.errors.map((e) => e.message);
  saw.manifestUrl = manifest.url;

  // Notifications are shown only with the permission a player grants when asked.
  await context.overridePermissions(url, ["notifications"]);
  const registration = registrations.find((r) => r.scopeURL === saw.scope && !r.isDeleted);
  const payload = { event_id: "e-1", kind: "your_turn", title: "Your turn", body: "Railway Round 1.1: lay track",
                    game_id: "game-7", url: "/#/game/game-7", tag: "turn-game-7" };
  for (const body of [payload, { ...payload, event_id: "e-2", body: "Railway Round 1.2: lay track" }]) {
    await cdp.send("ServiceWorker.deliverPushMessage",
                   { origin: new URL(url).origin, registrationId: registration.registrationId, data: JSON.stringify(body) });
  }
  saw.notifications = await page.waitForFunction(async () => {
    const shown = await (await navigator.serviceWorker.ready).getNotifications();
    return shown.length > 0 && shown.every((n) => n.body.endsWith("1.2: lay track"))
      ? shown.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url })) : false;
  }, { timeout: 20_000 }).then((handle) => handle.jsonValue());

  // Tapping it: the worker's notificationclick (dispatched in the worker, as Chromium would on a
  // tap) brings the open window to the game's page, where the client loads its current version.
  const worker = await (await browser.waitForTarget((t) => t.type() === "service_worker")).worker();
  await worker.evaluate(async () => {
    const [shown] = await self.registration.getNotifications();
    self.dispatchEvent(new NotificationEvent("notificationclick", { notification: shown }));
  });
  await page.waitForFunction(() => window.location.hash === "#/game/game-7", { timeout: 20_000 });
  saw.openedAfterTap = await page.evaluate(() => window.location.pathname + window.location.hash);

  // Offline: the shell still loads from the service worker's cache.
  await page.setOfflineMode(true);
  await page.reload({ waitUntil: "domcontentloaded" });
  saw.offlineShell = await page.evaluate(() => document.getElementById("app") !== null);
  await page.setOfflineMode(false);
} finally {
  await browser.close();
}
console.log(JSON.stringify(saw));

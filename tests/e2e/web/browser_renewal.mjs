// The service worker renews the kept view of an open game (issue 42; web/public/sw.js, offline.ts):
// a 1853 game of three players made through the API, one of them on a phone (Debian's chromium),
// through a gateway this script runs itself. The player opens the game; then the game moves on
// elsewhere (the players' moves through the API, the player's own from another device), and the
// open page follows it live (deltas, which the worker does not keep). Within the page's next
// renewals (every minute, for a kept view older than 30 s) the worker's kept GetGame is the newer
// version; then the gateway is stopped and the page reloaded: the game shows that newer version,
// marked "Offline — as of <time>" with the time of the renewal. Prints what it saw as JSON for
// web_kept_views_test.cc.
import { launchBrowser, phoneLoggedIn, registerPlayers, screenAt, scriptedPlayers, shot, startGame } from "./browser_common.mjs";
import { ownGateway } from "./own_gateway.mjs";

const password = "browser-test-password";
const saw = {};
let counter = 0;
const rid = () => `browser-renewal-${Date.now()}-${counter++}`;
const gateway = await ownGateway();
const { url } = gateway;
const browser = await launchBrowser();
try {
  const players = await registerPlayers(url, ["Uma", "Vikram", "Wasim"], password, rid);
  const [me, ...others] = players;
  const gameId = await startGame(url, players, "TITLE_1853", rid);
  const { page } = await phoneLoggedIn(browser, url, me.name, password, saw);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 30_000 });
  // The version of the whole GetGame the worker keeps for this game, and when it was saved.
  const kept = () => page.evaluate(async (gameId) => {
    const cache = await caches.open("mailrun-views-v1");
    for (const request of await cache.keys()) {
      if (!request.url.includes("/GetGame?") || !decodeURIComponent(request.url).includes(gameId)) continue;
      const response = await cache.match(request);
      const body = await response.json();
      return { version: Number(body.version ?? 0), savedAt: Number(response.headers.get("x-mailrun-saved-at")) };
    }
    return null;
  }, gameId);
  const script = scriptedPlayers(url, gameId, players, saw);
  const { version: opened } = await script(() => true, [me]);
  await page.goto(`${url}/#/game/${encodeURIComponent(gameId)}`, { waitUntil: "domcontentloaded" });
  await screenAt(page, opened);
  saw.opened = { version: opened, at: Date.now() };
  await page.waitForFunction(async (gameId) => (await (await caches.open("mailrun-views-v1")).keys())
    .some((r) => r.url.includes("/GetGame?") && decodeURIComponent(r.url).includes(gameId)), { timeout: 20_000 }, gameId);
  saw.keptAtOpen = await kept();

  // Elsewhere: the player's own move from another device, then the others', until another may act.
  const { version: moved } = await script(() => true, others);
  saw.moved = { version: moved, at: Date.now() };
  await screenAt(page, moved);  // followed live on the page
  saw.keptAfterMove = await kept();

  // The page's renewals (every minute) bring the kept view to the newer version.
  const deadline = Date.now() + 150_000;
  let renewed = await kept();
  while ((renewed?.version ?? 0) < moved && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    renewed = await kept();
  }
  saw.renewed = { ...renewed, seenAt: Date.now() };

  // Offline: the newer version, marked with the time of the renewal.
  await gateway.stop();
  await page.reload({ waitUntil: "domcontentloaded" });
  await page.waitForSelector("[data-test=offline-view]", { timeout: 30_000 });
  await page.waitForFunction(() => document.querySelector("[data-testid=game-screen]")?.dataset.version, { timeout: 30_000 });
  saw.offline = await page.evaluate(() => ({
    version: Number(document.querySelector("[data-testid=game-screen]")?.dataset.version),
    mark: document.querySelector("[data-test=offline-view]")?.textContent ?? "",
    savedAt: Number(document.querySelector("[data-test=offline-view]")?.dataset.savedAt),
  }));
  await shot(page, "game-offline-renewed-phone");
} catch (err) {
  process.stderr.write(`browser_renewal: failed; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser.close();
  await gateway.stop();
}
process.stdout.write(`${JSON.stringify(saw)}\n`);

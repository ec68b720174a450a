// The last view of a player's game readable offline in the installable app (issue 42), on a phone
// (360x740): a 1853 game of three players made through the API, one of them in the browser,
// through a gateway this script runs itself. The player opens the game (the app's service worker,
// web/public/sw.js, keeps what the game's page read); then the way to the service is cut twice,
// each time followed by a reload:
//   devtools - DevTools' offline emulation, for the page and for its service worker;
//   gateway  - the gateway stopped;
// and each time the game is shown as last seen, at the same version, marked "Offline — as of
// <time>", claiming neither "Your turn" nor "reconnecting" (the turn may have moved on); with the
// way open again and a reload, the mark is gone and the turn is shown again. At log-out the kept views are
// deleted. Prints what it saw as JSON for web_notify_test.cc.
import { checkAccessibility } from "./axe.mjs";
import { launchBrowser, phoneLoggedIn, registerPlayers, screenAt, scriptedPlayers, shot, startGame } from "./browser_common.mjs";
import { ownGateway } from "./own_gateway.mjs";

const password = "browser-test-password";
const saw = { axe: {} };
let counter = 0;
const rid = () => `browser-offline-${Date.now()}-${counter++}`;
const gateway = await ownGateway();
const { url } = gateway;
const browser = await launchBrowser();
try {
  const players = await registerPlayers(url, ["Ojas", "Pallavi", "Qadir"], password, rid);
  const [me] = players;
  const gameId = await startGame(url, players, "TITLE_1853", rid);
  saw.gameId = gameId;
  saw.player = me.name;
  const { page } = await phoneLoggedIn(browser, url, me.name, password, saw);
  // The service worker takes the page over on its first start (clients.claim).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, { timeout: 30_000 });
  // The version shown, and what the status line and the glance strip claim (offline: no turn, no live state).
  const screen = () => page.$eval("[data-testid=game-screen]", (e) => ({
    version: e.dataset.version,
    status: e.querySelector("[data-testid=status]")?.textContent ?? "",
    glanceTurn: e.querySelector("[data-testid=glance-turn]")?.textContent ?? "",
  })).catch(() => null);
  const mark = () => page.$eval("[data-test=offline-view]", (e) => ({ text: e.textContent, savedAt: Number(e.dataset.savedAt) })).catch(() => null);
  // The game moves on to the player's turn (the others move through the API), then is opened.
  const { version } = await scriptedPlayers(url, gameId, players, saw)(() => true, [me]);
  await page.goto(`${url}/#/game/${encodeURIComponent(gameId)}`, { waitUntil: "domcontentloaded" });
  await screenAt(page, version);
  saw.online = { ...(await screen()), version: String(version), mark: await mark(),
                 kept: await page.evaluate(async () => (await (await caches.open("mailrun-views-v1")).keys()).map((r) => new URL(r.url).pathname)) };
  const openedAt = Date.now();

  // Both DevTools targets offline: the page, and the service worker (whose own fetches the page's
  // emulation does not reach).
  const workerTarget = await browser.waitForTarget((t) => t.type() === "service_worker" && t.url().startsWith(url), { timeout: 20_000 });
  const worker = await workerTarget.createCDPSession();
  await worker.send("Network.enable");
  const setOffline = async (offline) => {
    await page.setOfflineMode(offline);
    await worker.send("Network.emulateNetworkConditions", { offline, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  };
  const readOffline = async (name) => {
    await page.reload({ waitUntil: "domcontentloaded" });
    await page.waitForSelector("[data-test=offline-view]", { timeout: 30_000 });
    await page.waitForSelector("[data-testid=game-screen]", { timeout: 30_000 });
    await page.waitForFunction((v) => document.querySelector("[data-testid=game-screen]")?.dataset.version === v, { timeout: 30_000 }, String(version))
      .catch(() => undefined);  // checked by the test: the version shown is saw[name].version
    saw[name] = { ...(await screen()), mark: await mark(), openedAt };
    await shot(page, `game-offline-${name}-phone`);
    saw.axe[name] = await checkAccessibility(page);
  };

  await setOffline(true);
  await readOffline("devtools");
  await setOffline(false);
  await page.reload({ waitUntil: "domcontentloaded" });
  await screenAt(page, version);
  saw.backOnline = { ...(await screen()), mark: await mark() };

  await gateway.stop();
  await readOffline("gateway");
  await gateway.start();
  await page.reload({ waitUntil: "domcontentloaded" });
  await screenAt(page, version);
  saw.gatewayBack = { ...(await screen()), mark: await mark() };

  // Log-out: the kept views go with the session.
  // The log is read after the board is drawn (usableMark.ts), so its view may still be on its way
  // into the kept views: wait for it (up to 10 s) before counting.
  saw.keptBeforeLogout = await page.evaluate(async () => {
    const deadline = Date.now() + 10000;
    let kept = 0;
    while (Date.now() < deadline) {
      kept = (await (await caches.open("mailrun-views-v1")).keys()).length;
      if (kept >= 3) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return kept;
  });
  await page.click("[data-test=logout]");
  await page.waitForSelector("[data-test=login-form]", { timeout: 30_000 });
  await page.waitForFunction(async () => !(await caches.has("mailrun-views-v1")), { timeout: 10_000 }).catch(() => undefined);
  saw.keptAfterLogout = await page.evaluate(async () => (await caches.has("mailrun-views-v1"))
    ? (await (await caches.open("mailrun-views-v1")).keys()).length : 0);
} catch (err) {
  saw.screen = await browser.pages().then((pages) => Promise.all(pages.map((p) => p.evaluate(() => ({
    hash: location.hash, text: document.body.innerText.slice(0, 1500),
  })).catch((e) => String(e))))).catch((e) => String(e));
  process.stderr.write(`browser_offline: failed; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser.close();
  await gateway.stop();
}
process.stdout.write(`${JSON.stringify(saw)}\n`);

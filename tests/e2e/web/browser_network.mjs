// Never lose a move to the network, in a real browser on a phone (360x740): a 1853 game of three
// players made through the API, one of them in the browser, through a gateway this script runs
// itself (so that it can stop it). Four moves of that player, each made by tapping on the game
// screen while the way to the service is cut:
//   offline  - the browser's offline emulation: the move waits ("sending"), the offline banner
//              shows; the network back, it lands once and shows "sent";
//   gateway  - the gateway stopped: the same, and it lands once the gateway is started again;
//   reload   - the move's request failing (the page's requests to SubmitAction aborted), the page
//              reloaded: the move is still there, "sending", and lands once when the way is open;
//   refused  - the move held back while the same player makes the same move from another device
//              (the API): the held one, sent afterwards, is refused (the game moved on) and the
//              refusal shows next to it.
// Prints what it saw as JSON for web_test.cc, which checks the log through the services.
//
// Environment: MAILRUN_GATEWAY_DIR (the built gateway), MAILRUN_WEB_DIR (the built client),
// MAILRUN_GAME_ADDRESS, MAILRUN_LOBBY_ADDRESS, MAILRUN_NOTIFY_ADDRESS (the stack's services),
// MAILRUN_WEB_CLIENT_DIR, MAILRUN_CHROMIUM, MAILRUN_SCREENSHOTS (optional).
import { checkAccessibility } from "./axe.mjs";
import {
  callApi, chooseMove, launchBrowser, logIn, moveOnScreen, phoneViewport, registerPlayers, screenAt, scriptedPlayers, shot,
  startGame,
} from "./browser_common.mjs";
import { ownGateway } from "./own_gateway.mjs";

const password = "browser-test-password";
const started = Date.now();
const saw = { timings: {}, moves: {}, axe: {} };
const mark = (name) => { saw.timings[name] = Date.now() - started; };
let counter = 0;
const rid = () => `browser-network-${Date.now()}-${counter++}`;

// The script's own gateway, on a port that stays the same across a stop and a start.
const own = await ownGateway();
const { url } = own;
const startGateway = own.start;
const stopGateway = own.stop;
const api = (method, body, token) => callApi(url, ...method.split("/"), body, token);
const browser = await launchBrowser();
try {
  const players = await registerPlayers(url, ["Wasim", "Yamini", "Zubin"], password, rid);
  const [me] = players;
  const gameId = await startGame(url, players, "TITLE_1853", rid);
  saw.gameId = gameId;
  saw.player = me.name;
  const scriptUntil = scriptedPlayers(url, gameId, players, saw);
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(phoneViewport);
  page.on("pageerror", (err) => { (saw.pageErrors ??= []).push(err.message); });
  await logIn(page, url, me.name, password);
  const openGame = async () => {
    await page.goto(`${url}/#/game/${encodeURIComponent(gameId)}`, { waitUntil: "domcontentloaded" });
    await page.waitForSelector("[data-testid=game-screen]");
  };
  await openGame();
  mark("started");

  const lastMove = () => page.$eval("[data-testid=outbox-move]:last-child", (e) => ({ state: e.dataset.state, id: e.dataset.requestId, text: e.textContent }));
  const waitForState = (state, timeout = 30_000) =>
    page.waitForFunction((state) => document.querySelector("[data-testid=outbox-move]:last-child")?.dataset.state === state, { timeout }, state);
  const offlineBanner = () => page.$("[data-test=offline]").then((e) => !!e);
  // Up to my next move (the others' through the API), the screen at it; returns the version.
  const myTurn = async () => {
    const { version } = await scriptUntil(() => true, [me]);
    await screenAt(page, version);
    return version;
  };
  const landed = async (name, before) => {
    await waitForState("sent", 60_000);
    await page.waitForFunction((v) => Number(document.querySelector("[data-testid=game-screen]")?.dataset.version) > v, { timeout: 30_000 }, before);
    const legal = await api("GameService/ListLegalActions", { gameId }, me.token);
    saw.moves[name].after = Number(legal.version);
    saw.moves[name].final = await lastMove();
  };

  // 1. The browser's offline emulation, mid-move.
  {
    const before = await myTurn();
    await page.setOfflineMode(true);
    const words = await moveOnScreen(page);
    await waitForState("sending");
    await page.waitForSelector("[data-test=offline]", { timeout: 20_000 });
    await new Promise((r) => setTimeout(r, 2_000));
    saw.moves.offline = { before, words, whileCut: await lastMove(), offlineBanner: await offlineBanner() };
    await shot(page, "move-offline-phone");
    saw.axe.offline = await checkAccessibility(page);
    await page.setOfflineMode(false);
    await landed("offline", before);
    await page.waitForFunction(() => !document.querySelector("[data-test=offline]"), { timeout: 30_000 });
    saw.moves.offline.bannerGone = true;
  }
  mark("offline");

  // 2. The gateway stopped, mid-move; started again.
  {
    const before = await myTurn();
    await stopGateway();
    const words = await moveOnScreen(page);
    await waitForState("sending");
    await page.waitForSelector("[data-test=offline]", { timeout: 30_000 });
    await page.waitForFunction(() => /try [2-9]/.test(document.querySelector("[data-testid=outbox-move]:last-child")?.textContent ?? ""), { timeout: 30_000 });
    saw.moves.gateway = { before, words, whileCut: await lastMove(), offlineBanner: await offlineBanner() };
    await startGateway();
    await landed("gateway", before);
  }
  mark("gateway");

  // 3. The move's request failing, the page reloaded: still there, sent once the way is open.
  {
    const before = await myTurn();
    let cut = true;
    // The app's service worker (web/public/sw.js) answers its GETs itself, and DevTools cannot hold
    // a request a service worker made: the page goes around it here, so every request is held.
    await page.setBypassServiceWorker(true);
    await page.setRequestInterception(true);
    page.on("request", (request) => {
      if (request.isInterceptResolutionHandled()) return;
      try {
        if (cut && request.url().endsWith(".GameService/SubmitAction")) void request.abort("internetdisconnected").catch(() => {});
        else void request.continue().catch(() => {});
      } catch {
        // A request DevTools did not hold (interception off for it): it goes on by itself.
      }
    });
    const words = await moveOnScreen(page);
    await waitForState("sending");
    const id = (await lastMove()).id;
    await page.reload({ waitUntil: "domcontentloaded" });
    await page.waitForSelector("[data-testid=outbox-move]", { timeout: 30_000 });
    saw.moves.reload = { before, words, afterReload: await lastMove(), sameRequest: (await lastMove()).id === id };
    cut = false;
    await landed("reload", before);
    saw.moves.reload.sameRequest &&= saw.moves.reload.final.id === id;

    // 4. Held back while the same move is made from another device: refused, shown beside it.
    const before4 = await myTurn();
    cut = true;
    const words4 = await moveOnScreen(page);
    await waitForState("sending");
    const legal = await api("GameService/ListLegalActions", { gameId }, me.token);
    await api("GameService/SubmitAction", { gameId, expectedVersion: legal.version, action: chooseMove(legal.actions).action, requestId: rid() }, me.token);
    cut = false;
    await page.evaluate(() => window.dispatchEvent(new Event("online"))); // no need to wait for the pause
    await waitForState("refused", 60_000);
    saw.moves.refused = {
      before: before4,
      words: words4,
      final: await lastMove(),
      refusal: await page.$eval("[data-testid=outbox-move]:last-child [data-testid=outbox-refusal]", (e) => e.textContent).catch(() => ""),
    };
    await shot(page, "move-refused-phone");
    saw.axe.refused = await checkAccessibility(page);
    await page.setRequestInterception(false);
  }
  mark("done");
} catch (err) {
  saw.screen = await browser.pages().then((pages) => Promise.all(pages.map((p) => p.evaluate(() => ({
    hash: location.hash,
    data: { ...(document.querySelector("[data-testid=game-screen]")?.dataset ?? {}) },
    text: document.body.innerText.slice(0, 1500),
  })).catch((e) => String(e))))).catch((e) => String(e));
  process.stderr.write(`browser_network: failed after ${Date.now() - started} ms; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser.close();
  await stopGateway();
}
process.stdout.write(`${JSON.stringify(saw)}\n`);

// A whole 1853 game played by tapping only (issue 48's acceptance): three players (the fewest
// 1853 allows, TABLE 3) at a short-bank table (2.4.2: £3,450, the shortest game the rules offer),
// each on a phone of their own (a browser context at 360 x 740 with touch), logged in on the login
// screen. Every move of every seat is made in that seat's browser by tapping (browser_tapper.mjs:
// the map for lays, bases and bid cities, "Run these" for the runs, the move forms for the rest);
// the test only decides which: it reads the service's legal actions and takes the move the
// scripted player would (web/src/game/dev/scripted.mjs, chooseMove). No move goes through the API,
// no autopilot: the game ends as the rules end it (the bank broken, 5.1.2, or a share at the
// market's end, 5.1.3). axe-core checks each distinct screen met once (by round and kind of move,
// and the game over). Prints what it saw as JSON for web_tap_test.cc to check against the service.
//
// Environment: MAILRUN_WEB_URL (the gateway), MAILRUN_WEB_CLIENT_DIR (node_modules of this
// folder's package.json), MAILRUN_CHROMIUM, MAILRUN_SCREENSHOTS (optional: a PNG of each screen
// the first time it is met).
import { checkAccessibility } from "./axe.mjs";
import { callApi, chooseMove, launchBrowser, phoneLoggedIn, registerPlayers, shot, startGame } from "./browser_common.mjs";
import { kindOf, nextMover, phases, screenChecker, tapMove, timed } from "./browser_tapper.mjs";

const url = process.env.MAILRUN_WEB_URL;
if (!url) {
  console.error("browser_tap1853: MAILRUN_WEB_URL is not set");
  process.exit(2);
}
const password = "browser-test-password";
const started = Date.now();
const saw = { timings: {}, axe: {}, moves: 0, kinds: {}, log: [], screens: [] };
const mark = (name) => { saw.timings[name] = Date.now() - started; };
const api = (method, body, token) => callApi(url, ...method.split("/"), body, token);
let counter = 0;
const rid = () => `browser-tap1853-${Date.now()}-${counter++}`;
const MOVE_LIMIT = Number(process.env.MAILRUN_TAP_MOVE_LIMIT ?? "900");

const browser = await launchBrowser();
try {
  const players = await registerPlayers(url, ["Ravi", "Sita", "Tara"], password, rid);
  saw.players = players.map((p) => p.name);
  // A short-bank table of three (2.4.2), opened and filled through the lobby.
  const gameId = await startGame(url, players, "TITLE_1853", rid, { bank: process.env.MAILRUN_TAP_BANK ?? "BANK_SHORT" });
  saw.gameId = gameId;
  const components = (await api("GameService/GetComponents", { title: "TITLE_1853" }, players[0].token)).components;
  const cityHex = new Map((components.cities ?? []).map((c) => [c.name, c.hex]));
  mark("started");

  // Each player on a phone of their own, logged in on the login screen, the game open.
  for (const p of players) {
    const { page } = await phoneLoggedIn(browser, url, p.name, password, saw);
    p.page = page;
    await page.goto(`${url}/#/game/${encodeURIComponent(gameId)}`, { waitUntil: "domcontentloaded" });
    await page.waitForSelector("[data-testid=game-screen]");
  }
  mark("opened");

  const onScreenOf = screenChecker(saw, "tap-1853", shot);

  let finished = false;
  while (!finished) {
    if (saw.moves >= MOVE_LIMIT) throw new Error(`no end after ${saw.moves} tapped moves`);
    const { mover, legal } = (await timed("nextMover", () => nextMover(api, gameId, players))) ?? {};
    if (!mover) {
      const game = await api("GameService/GetGame", { gameId }, players[0].token);
      if (game.status === "GAME_STATUS_FINISHED") break;
      throw new Error(`nobody has a move at version ${game.version} and the game is not over`);
    }
    const pick = chooseMove(legal.actions);
    const index = legal.actions.indexOf(pick);
    const { kind } = kindOf(pick.action);
    const version = Number(legal.version ?? 0);
    try {
      const words = await timed("tapMove", () => tapMove(mover.page, { legal: legal.actions, index, version, cityHex, onScreen: onScreenOf(mover.page) }));
      saw.log.push({ version: version + 1, player: mover.name, kind, words });
    } catch (error) {
      await shot(mover.page, "tap-1853-failed-phone");
      throw new Error(`${mover.name}'s move ${saw.moves + 1} (${kind}: ${pick.description}) at version ${version}: ${error.message}`);
    }
    saw.moves++;
    saw.kinds[kind] = (saw.kinds[kind] ?? 0) + 1;
    if (saw.moves % 50 === 0) mark(`move${saw.moves}`);
    finished = (await mover.page.$eval("[data-testid=game-screen]", (e) => e.dataset.finished)) === "yes";
  }
  mark("finished");
  saw.timings.phases = phases;

  // Every phone at the end: the game-over panel, checked once by axe-core.
  const end = await api("GameService/GetGame", { gameId }, players[0].token);
  saw.finalVersion = Number(end.version);
  saw.endReason = end.view?.endReason ?? "";
  for (const p of players) {
    await p.page.waitForSelector("[data-testid=game-screen][data-finished=yes] [data-testid=game-over]", { timeout: 60_000 });
  }
  await players[0].page.$eval("[data-testid=game-over]", (e) => e.scrollIntoView({ block: "start" }));
  saw.axe["game over"] = await checkAccessibility(players[0].page);
  saw.screens.push("game over");
  await shot(players[0].page, "tap-1853-game-over-phone");
  saw.final = await players[0].page.$$eval("[data-testid=game-over] tbody tr", (trs) =>
    trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent.trim())));
} catch (err) {
  process.stderr.write(`browser_tap1853: failed after ${Date.now() - started} ms; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser.close();
}
mark("done");
process.stdout.write(`${JSON.stringify(saw)}\n`);

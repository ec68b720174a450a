// The host taken to the game when the table fills (issue 48, item 7), in a real browser (chromium,
// headless, puppeteer-core) on a 360x740 phone: Hana opens a three-seat 1853 table (through the
// API) and waits on the lobby's table screen, her table among "My tables"; Ivo joins (the table is
// not full: she stays on the lobby through one whole re-read of her tables); Jun joins, the table is
// full and its game starts by itself, and Hana's page goes to the game on its own (no tap, no
// reload: the same document) and shows the game screen. Prints what it saw as JSON for
// web_flow_test.cc, which checks the game against the lobby and the game service.
//
// Environment: MAILRUN_WEB_URL (the gateway), MAILRUN_WEB_CLIENT_DIR (node_modules of this folder's
// package.json), MAILRUN_CHROMIUM (default /usr/bin/chromium), MAILRUN_SCREENSHOTS.
import { checkAccessibility } from "./axe.mjs";
import { callApi, launchBrowser, phoneLoggedIn, registerPlayers, shot } from "./browser_common.mjs";

const url = process.env.MAILRUN_WEB_URL;
if (!url) {
  console.error("browser_host: MAILRUN_WEB_URL is not set");
  process.exit(2);
}
const password = "browser-test-password";
const started = Date.now();
const saw = { timings: {}, axe: {} };
const mark = (name) => { saw.timings[name] = Date.now() - started; };
let counter = 0;
const rid = () => `browser-host-${Date.now()}-${counter++}`;
const hashOf = (page) => page.evaluate(() => location.hash);

const browser = await launchBrowser();
try {
  const [hana, ivo, jun] = await registerPlayers(url, ["Hana", "Ivo", "Jun"], password, rid);
  const table = await callApi(url, "LobbyService", "CreateTable", { requestId: rid(), seats: 3, title: "TITLE_1853" }, hana.token);
  saw.tableId = table.tableId;
  const { page } = await phoneLoggedIn(browser, url, "Hana", password, saw);
  await page.goto(`${url}/#/lobby`, { waitUntil: "domcontentloaded" });
  await page.waitForSelector(`[data-test=my-table][data-table="${table.tableId}"]`, { timeout: 30_000 });
  saw.axe.lobby = await checkAccessibility(page);
  await shot(page, "host-waiting-phone");
  // A mark in this document: a reload or a new page would lose it.
  await page.evaluate(() => { window.mailrunHostDocument = "the lobby's"; });
  mark("waiting");

  await callApi(url, "LobbyService", "JoinTable", { requestId: rid(), tableId: table.tableId }, ivo.token);
  // One seat still open: the lobby re-reads her tables every 4 s and keeps her where she is.
  await new Promise((r) => setTimeout(r, 5_000));
  saw.hashWithASeatOpen = await hashOf(page);

  await callApi(url, "LobbyService", "JoinTable", { requestId: rid(), tableId: table.tableId }, jun.token);
  const joined = Date.now();
  mark("full");
  await page.waitForFunction(() => location.hash.startsWith("#/game/"), { timeout: 30_000 });
  saw.tookMs = Date.now() - joined;
  saw.hashInGame = await hashOf(page);
  await page.waitForSelector("[data-testid=game-screen]", { timeout: 30_000 });
  saw.sameDocument = await page.evaluate(() => window.mailrunHostDocument === "the lobby's");
  saw.screenVersion = await page.$eval("[data-testid=game-screen]", (e) => e.dataset.version);
  await shot(page, "host-taken-to-game-phone");
  mark("in game");
} catch (err) {
  process.stderr.write(`browser_host: failed after ${Date.now() - started} ms; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser.close();
}
process.stdout.write(`${JSON.stringify(saw)}\n`);

// A 1947 game's operating round played on the board in a real browser (chromium, headless, driven
// by puppeteer-core): three players registered and a 1947 table opened through the API, the moves
// up to the first tile lay scripted through the API (web/src/game/dev/scripted.mjs); then the
// player who may lay it (the first railway's president), logged in in the browser, taps an
// outlined hex of the service's board picture, turns the tile and submits it; the script plays on
// until that player's railway has a run to make, and the player accepts the optimiser's runs drawn
// on the board ("Run these"). Prints what it saw as JSON on standard output
// for web_test.cc to check against the services. With MAILRUN_SCREENSHOTS=DIR it saves the game
// screen with the lay (desktop and phone) and with the runs (desktop).
//
// Environment: MAILRUN_WEB_URL (the gateway), MAILRUN_WEB_CLIENT_DIR (node_modules of this
// folder's package.json), MAILRUN_CHROMIUM (default /usr/bin/chromium), MAILRUN_SCREENSHOTS.
import { checkAccessibility } from "./axe.mjs";
import { callApi, clickStill, launchBrowser, scriptedPlayers, shot, text } from "./browser_common.mjs";

const url = process.env.MAILRUN_WEB_URL;
if (!url) {
  console.error("browser_1947: MAILRUN_WEB_URL is not set");
  process.exit(2);
}
const password = "browser-test-password";
const started = Date.now();
const saw = { timings: {} };
const mark = (name) => { saw.timings[name] = Date.now() - started; };
const api = (method, body, token) => callApi(url, ...method.split("/"), body, token);
let counter = 0;
const rid = () => `browser-1947-${Date.now()}-${counter++}`;

const browser = await launchBrowser();

// The screen at version v with its legal actions read for it.
const atVersion = (page, v) => page.waitForFunction((v) => {
  const screen = document.querySelector("[data-testid=game-screen]");
  return screen?.dataset.version === String(v) && screen.dataset.legalVersion === String(v);
}, { timeout: 60_000 }, v);

try {
  const players = [];
  for (const name of ["Asha", "Bina", "Chetan"]) {
    const auth = await api("LobbyService/Register", { requestId: rid(), displayName: name, password });
    players.push({ name, token: auth.accessToken });
  }
  const table = await api("LobbyService/CreateTable", { requestId: rid(), seats: 3, title: "TITLE_1947" }, players[0].token);
  for (const p of players.slice(1)) await api("LobbyService/JoinTable", { requestId: rid(), tableId: table.tableId }, p.token);
  let gameId = "";
  for (let i = 0; !gameId && i < 100; i++) {
    await new Promise((r) => setTimeout(r, 200));
    gameId = (await api("LobbyService/GetTable", { tableId: table.tableId }, players[0].token)).gameId ?? "";
  }
  if (!gameId) throw new Error("the full 1947 table did not start");
  saw.gameId = gameId;
  mark("started");

  const scriptUntil = scriptedPlayers(url, gameId, players, saw);

  // The lay: tap an outlined hex on the board picture, turn the tile where it has another legal
  // rotation (the mark drawn in place turns with it), submit.
  const { version: layAt, player: me } = await scriptUntil((a) => !!a.layTrack1947, players);
  saw.player = me.name;
  mark("layReached");
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.on("pageerror", (err) => { (saw.pageErrors ??= []).push(err.message); });
  await page.setViewport({ width: 1280, height: 800, deviceScaleFactor: 1 });
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await page.waitForSelector("[data-test=login-form]");
  await page.type("input[name=name]", me.name);
  await page.type("input[name=password]", password);
  await page.click("[data-test=login-submit]");
  await page.waitForFunction((name) => document.querySelector("[data-test=me]")?.textContent === name, {}, me.name);
  await page.goto(`${url}/#/game/${encodeURIComponent(gameId)}`, { waitUntil: "domcontentloaded" });
  await atVersion(page, layAt);
  await page.waitForSelector("[data-testid=board-picture], [data-testid=board] image");
  saw.boardIsPicture = !!(await page.$("[data-testid=board] image"));
  const hex = await page.$eval(".mr-selectable", (e) => e.getAttribute("data-hex"));
  await clickStill(page, `[data-testid=hex-${hex}]`);
  await page.waitForSelector("[data-testid=tile-tray]");
  await page.waitForSelector("[data-testid=lay-mark]");
  const rotationShown = () => page.$eval("[data-testid=lay-mark]", (e) => e.dataset.rotation);
  const firstRotation = await rotationShown();
  if (await page.$("[data-testid=rotate]:not([disabled])")) {
    await clickStill(page, "[data-testid=rotate]");
    await page.waitForFunction((r) => document.querySelector("[data-testid=lay-mark]")?.dataset.rotation !== r, { timeout: 5_000 }, firstRotation);
  }
  await page.waitForSelector("[data-testid=submit]:not([disabled])");
  saw.tileLay = { hex, before: layAt, rotation: Number(await rotationShown()), description: await text(page, "[data-testid=submit]") };
  await shot(page, "game-1947-lay-desktop");
  {
    const phone = await context.newPage();
    await phone.setViewport({ width: 360, height: 740, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await phone.goto(page.url(), { waitUntil: "domcontentloaded" });
    await atVersion(phone, layAt);
    await phone.waitForSelector("[data-testid=board] image");
    // The board opened zoomed to the legal hexes: each a target of at least 44 x 44 CSS px.
    await phone.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
    saw.phoneTargets = await phone.$$eval(".mr-selectable", (els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return { hex: e.dataset.hex, width: Math.round(r.width), height: Math.round(r.height) };
    }));
    saw.axe = { lay: await checkAccessibility(page), layPhone: await checkAccessibility(phone) };
    await phone.tap(`[data-testid=hex-${hex}]`);
    await phone.waitForSelector("[data-testid=lay-mark]");
    await shot(phone, "game-1947-lay-phone");
    await phone.close();
  }
  await clickStill(page, "[data-testid=submit]");
  await atVersion(page, layAt + 1);
  mark("laid");

  // The runs: the optimiser's plan drawn on the board and accepted with one tap.
  // (A turn whose best plan runs nothing is scripted past: there would be nothing to draw.)
  const { version: runAt } = await scriptUntil((a) => !!a.runTrains1947?.runs?.some((r) => r.stops?.length), [me]);
  await atVersion(page, runAt);
  await page.waitForSelector("[data-testid=runs-accept]:not([disabled])", { timeout: 20_000 });
  const suggested = await api("GameService/SuggestRuns", { gameId }, me.token);
  saw.runs = {
    before: runAt,
    company: suggested.company,
    stops: (suggested.bestTotal?.runs ?? []).map((r) => r.nodes),
    revenue: (suggested.bestTotal?.runs ?? []).reduce((sum, r) => sum + (r.revenue ?? 0), 0),
    drawn: await page.$$eval("[data-testid=board] polyline.mr-run", (lines) => lines.length),
    payOut: await page.$eval("[data-testid=runs-pay]", (e) => e.checked),
  };
  await shot(page, "game-1947-runs-desktop");
  await clickStill(page, "[data-testid=runs-accept]");
  await atVersion(page, runAt + 1);
  mark("ran");
} catch (err) {
  process.stderr.write(`browser_1947: failed after ${Date.now() - started} ms; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser.close();
}
mark("done");
process.stdout.write(`${JSON.stringify(saw)}\n`);

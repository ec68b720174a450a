// A 1947 game's operating round played on the board in a real browser (chromium, headless, driven
// by puppeteer-core): three players registered and a 1947 table opened through the API, the moves
// up to the first tile lay scripted through the API (web/src/game/dev/scripted.mjs); then the
// player who may lay it (the first railway's president), logged in in the browser, taps an
// outlined hex of the board drawn from 1947's components, chooses a tile in the tray by the track
// drawn on it (the one reaching the most hex edges, not a number), turns it and submits it,
// noting the board edges the track previewed in place reaches; the script plays on
// until that player's railway has a run to make, and the player accepts the optimiser's runs drawn
// on the board ("Run these"). Prints what it saw as JSON on standard output
// for web_test.cc to check against the services. With MAILRUN_SCREENSHOTS=DIR it saves the game
// screen with the lay (desktop and phone), the whole board, the market and the railways on a
// phone, and with the runs (desktop).
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

// The grid edges (components.proto: 0 SW .. 5 SE, drawn a quarter turn further round on 1947's
// turned board, hexGeometry.ts) that the track drawn in a tile's picture reaches: the ends of each
// track line (data-d, SVG path data) that lie on the middle of an edge of the tile's hexagon (its
// first polygon), by their direction from the hexagon's middle.
const drawnEdges = (root) => {
  const corners = root.querySelector("polygon").getAttribute("points").trim().split(/\s+/).map((p) => p.split(",").map(Number));
  const centre = { x: corners.reduce((s, p) => s + p[0], 0) / 6, y: corners.reduce((s, p) => s + p[1], 0) / 6 };
  const radius = Math.hypot(corners[0][0] - centre.x, corners[0][1] - centre.y) / 0.97; // TileShape's hexagon
  const edges = new Set();
  for (const track of root.querySelectorAll(".mr-track")) {
    const points = [...track.dataset.d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
    for (const end of [points[0], points[points.length - 1]]) {
      const dx = end.x - centre.x;
      const dy = end.y - centre.y;
      if (Math.abs(Math.hypot(dx, dy) - (radius * Math.sqrt(3)) / 2) > radius * 0.05) continue; // a station's end
      const degrees = (Math.atan2(dy, dx) * 180) / Math.PI;
      edges.add(((Math.round((degrees - 210) / 60) % 6) + 6) % 6);
    }
  }
  return [...edges].sort((a, b) => a - b);
};

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
  await page.waitForSelector("[data-testid=board] polygon.mr-hit");
  // The map drawn from the components (no picture in it): every hex's ground, flat-topped.
  saw.board = await page.evaluate(() => ({
    images: document.querySelectorAll("[data-testid=board] image, [data-testid=board-picture]").length,
    hexes: document.querySelectorAll("[data-testid=board] polygon.mr-hit").length,
  }));
  const hex = await page.$eval(".mr-selectable", (e) => e.getAttribute("data-hex"));
  await clickStill(page, `[data-testid=hex-${hex}]`);
  await page.waitForSelector("[data-testid=tile-tray] .mr-tile-choice svg .mr-track");
  // The tile chosen by its drawn track: the first whose track is a gentle curve (two edges with one
  // between them), else the first with a sharp curve (neighbouring edges), else the first.
  await page.evaluate(`window.drawnEdges = ${drawnEdges}`);
  const tray = await page.$$eval("[data-testid=tile-tray] .mr-tile-choice", (buttons) => buttons.map((b) => ({ edges: window.drawnEdges(b.querySelector("svg")), rotation: Number(b.dataset.rotation) })));
  const apart = (edges) => (edges.length === 2 ? Math.min((edges[1] - edges[0]) % 6, (edges[0] - edges[1] + 6) % 6) : 0);
  const gentle = tray.findIndex((t) => apart(t.edges) === 2);
  const sharp = tray.findIndex((t) => apart(t.edges) === 1);
  const pick = gentle >= 0 ? gentle : sharp >= 0 ? sharp : 0;
  saw.tray = tray;
  await clickStill(page, `[data-testid=tile-tray] .mr-tile-choice:nth-of-type(${pick + 1})`);
  await page.waitForSelector(`[data-testid=tile-tray] .mr-tile-choice:nth-of-type(${pick + 1})[aria-pressed=true]`);
  await page.waitForSelector("[data-testid=lay-preview]");
  const rotationShown = () => page.$eval("[data-testid=lay-preview]", (e) => e.dataset.rotation);
  const firstRotation = await rotationShown();
  if (await page.$("[data-testid=rotate]:not([disabled])")) {
    await clickStill(page, "[data-testid=rotate]");
    await page.waitForFunction((r) => document.querySelector("[data-testid=lay-preview]")?.dataset.rotation !== r, { timeout: 5_000 }, firstRotation);
  }
  await page.waitForSelector("[data-testid=submit]:not([disabled])");
  // The track previewed in place, as board edges of the tapped hex.
  const previewEdges = await page.$eval("[data-testid=lay-preview]", (g) => window.drawnEdges(g));
  saw.tileLay = { hex, before: layAt, rotation: Number(await rotationShown()), tray: tray[pick], previewEdges, description: await text(page, "[data-testid=submit]") };
  await shot(page, "game-1947-lay-desktop");
  {
    const phone = await context.newPage();
    await phone.setViewport({ width: 360, height: 740, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await phone.goto(page.url(), { waitUntil: "domcontentloaded" });
    await atVersion(phone, layAt);
    await phone.waitForSelector("[data-testid=board] polygon.mr-hit");
    // The board opened zoomed to the legal hexes: each a target of at least 44 x 44 CSS px.
    await phone.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
    saw.phoneTargets = await phone.$$eval(".mr-selectable", (els) => els.map((e) => {
      const r = e.getBoundingClientRect();
      return { hex: e.dataset.hex, width: Math.round(r.width), height: Math.round(r.height) };
    }));
    saw.axe = { lay: await checkAccessibility(page), layPhone: await checkAccessibility(phone) };
    await phone.tap(`[data-testid=hex-${hex}]`);
    await phone.waitForSelector("[data-testid=lay-preview]");
    await shot(phone, "game-1947-lay-phone");
    await phone.close();
  }
  if (process.env.MAILRUN_SCREENSHOTS) {
    // The whole board zoomed out to fit, then the market grid and the railways, each a panel.
    const phone = await context.newPage();
    await phone.setViewport({ width: 360, height: 740, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    await phone.goto(page.url(), { waitUntil: "domcontentloaded" });
    await atVersion(phone, layAt);
    await phone.waitForSelector("[data-testid=board] polygon.mr-hit");
    await phone.$eval("[data-testid=zoom-fit]", (e) => e.click());
    await shot(phone, "game-1947-board-phone");
    for (const [tab, panel, name] of [["market", "market-1947", "game-1947-market-phone"], ["companies", "railways-1947", "game-1947-railways-phone"]]) {
      await phone.$eval(`[data-testid=tab-${tab}]`, (e) => e.click());
      await phone.waitForSelector(`[data-testid=${panel}]`);
      await phone.$eval(`[data-testid=${panel}]`, (e) => e.scrollIntoView({ block: "start" }));
      await shot(phone, name);
    }
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

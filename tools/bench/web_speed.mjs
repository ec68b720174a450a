// The game screen's first render on a phone (issue 48, item 8), run by tools/bench/web_speed.sh
// against a stack of its own. Makes two games through the API (three players; the moves chosen by
// web/src/game/dev/scripted.mjs): 1853 in the middle of the game (at least 150 moves, then until a
// player may lay a tile) and 1947 in its first operating round (until a railway may lay track).
// Then, RUNS times and in turn, opens each game's screen as the player who acts, in a fresh browser
// context (nothing cached, no service worker, logged in by the session in localStorage as the app
// keeps it) on a 360x740 phone, throttled (CPU 4x, DevTools' "Slow 3G": 400 ms latency, 400 kbit/s
// down and up, cache disabled) and not (the baseline), and measures the time from navigation to a
// usable board: the client's performance mark "mailrun:board-usable" (web/src/game/usableMark.ts:
// the board drawn with the legal targets of the version shown, and the move forms), checked to have
// targets outlined. Prints the JavaScript's size (raw and gzipped, every .js the build wrote and
// what the page fetched), the bytes carried until the mark, and median, min and max per profile.
// With --screenshots DIR: each game's map screen at 1440x900 (map-1853-desktop.png,
// map-1947-desktop.png), and every main screen of both titles at 1440x900 (tools/bench/web_screens.mjs,
// with four more games: 1853's contract bids and a dealing round, 1947's auction and stock round).
// --runs 0 --screenshots DIR: the screenshots alone.
// With --profile: for every opening, where the time went (each request's timings and bytes, the
// page's marks, the main thread's busy time by kind), printed as it is measured.
//
// Environment: MAILRUN_WEB_URL (the gateway), MAILRUN_WEB_DIR (build/web), MAILRUN_WEB_CLIENT_DIR
// (puppeteer-core's node_modules, tests/e2e/web/setup.sh), MAILRUN_CHROMIUM.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

import { shootWideScreens, wideViewport } from "./web_screens.mjs";
import { callApi, launchBrowser, phoneViewport, registerPlayers, scriptedPlayers, startGame } from "../../tests/e2e/web/browser_common.mjs";

const { values: opts } = parseArgs({ options: { runs: { type: "string", default: "5" }, screenshots: { type: "string" }, json: { type: "string" }, profile: { type: "boolean" } } });
const url = process.env.MAILRUN_WEB_URL;
const webDir = process.env.MAILRUN_WEB_DIR;
if (!url || !webDir) {
  console.error("web_speed: MAILRUN_WEB_URL and MAILRUN_WEB_DIR must be set (run tools/bench/web_speed.sh)");
  process.exit(2);
}
const runs = Number(opts.runs);
const password = "web-speed-password";
let counter = 0;
const rid = () => `web-speed-${Date.now()}-${counter++}`;
const log = (...words) => console.error(new Date().toISOString().slice(11, 19), ...words);

// DevTools' "Slow 3G" as the brief gives it: 400 ms, 400 kbit/s each way (bytes per second here).
const slow3g = { offline: false, latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 };

// 1. The JavaScript the build wrote: each file raw and gzipped (level 9, as a server would send it).
const assets = path.join(webDir, "assets");
const bundle = readdirSync(assets).filter((f) => f.endsWith(".js") || f.endsWith(".css")).map((f) => {
  const bytes = readFileSync(path.join(assets, f));
  return { file: f, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const index = readFileSync(path.join(webDir, "index.html"), "utf8");
const js = bundle.filter((b) => b.file.endsWith(".js"));
const sum = (list, key) => list.reduce((n, b) => n + b[key], 0);
log(`JavaScript: ${js.length} files, ${sum(js, "raw")} B raw, ${sum(js, "gzip")} B gzipped; index.html runs ${[...index.matchAll(/src="\/assets\/([^"]+)"/g)].map((m) => m[1]).join(", ")}`);

// 2. The games, each stopped where its player acts on the map.
async function gameAt(title, phase, names, wanted) {
  const players = await registerPlayers(url, names, password, rid);
  const gameId = await startGame(url, players, title, rid);
  const saw = {};
  const until = scriptedPlayers(url, gameId, players, saw);
  const { version, player } = await until((a) => wanted(a, saw.scripted), players);
  log(`${title}: ${saw.scripted} moves scripted, version ${version}, ${player.name} acts on the map`);
  return { title, phase, gameId, version, player };
}
const games = [
  await gameAt("TITLE_1853", "lay", ["Asha", "Bram", "Chen"], (a, moved) => moved >= 150 && !!a.layTile),
  await gameAt("TITLE_1947", "track", ["Dara", "Esme", "Faiz"], (a) => !!a.layTrack1947),
];
// For the wide screenshots only: the other phases' screens.
const moreGames = !opts.screenshots ? [] : [
  await gameAt("TITLE_1853", "bids", ["Gita", "Hugo", "Ines"], (a) => !!a.claimCity),
  await gameAt("TITLE_1853", "dealing", ["Jaya", "Kurt", "Lena"], (a) => !!a.buyShare),
  await gameAt("TITLE_1947", "auction", ["Mira", "Nils", "Omar"], (a) => !!a.bidPrivate1947),
  await gameAt("TITLE_1947", "stock", ["Pia", "Quin", "Ravi"], (a) => !!a.buyPresidentCertificate1947),
];

// 3. One cold opening of a game's screen; what it took.
const browser = await launchBrowser();
async function openCold(game, throttled, viewport = phoneViewport, checked = true) {
  const auth = await callApi(url, "LobbyService", "Login", { requestId: rid(), displayName: game.player.name, password });
  const session = JSON.stringify({
    userId: auth.userId, displayName: auth.displayName, accessToken: auth.accessToken, accessExpiresAt: Number(auth.accessExpiresAtUnixMs),
    refreshToken: auth.refreshToken, refreshExpiresAt: Number(auth.refreshExpiresAtUnixMs),
  });
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await page.setViewport(viewport);
  const cdp = await page.createCDPSession();
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Network.setBypassServiceWorker", { bypass: true });
  if (throttled) {
    await cdp.send("Network.emulateNetworkConditions", slow3g);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  }
  await cdp.send("Performance.enable", { timeDomain: "timeTicks" });
  const types = new Map();
  const carried = { total: 0, byType: {}, requests: 0 };
  const timeline = new Map();  // requestId -> { what, sent, answered, done, bytes } (seconds, monotonic)
  cdp.on("Network.requestWillBeSent", (e) => timeline.set(e.requestId, { what: `${e.request.method} ${new URL(e.request.url).pathname}`, sent: e.timestamp }));
  cdp.on("Network.responseReceived", (e) => {
    types.set(e.requestId, e.type);
    const t = timeline.get(e.requestId);
    if (t) Object.assign(t, { answered: e.timestamp, encoding: e.response.headers["content-encoding"] ?? e.response.headers["Content-Encoding"] ?? "" });
  });
  cdp.on("Network.loadingFinished", (e) => {
    const type = types.get(e.requestId) ?? "Other";
    carried.total += e.encodedDataLength;
    carried.byType[type] = (carried.byType[type] ?? 0) + e.encodedDataLength;
    carried.requests++;
    const t = timeline.get(e.requestId);
    if (t) Object.assign(t, { done: e.timestamp, bytes: e.encodedDataLength });
  });
  await page.evaluateOnNewDocument((s) => {
    try {
      if (!localStorage.getItem("mailrun.session")) localStorage.setItem("mailrun.session", s);
    } catch {
      // a document with no storage of its own (about:blank)
    }
  }, session);
  await page.goto(`${url}/#/game/${encodeURIComponent(game.gameId)}`, { waitUntil: "domcontentloaded", timeout: 120_000 });
  await page.waitForFunction(() => performance.getEntriesByName("mailrun:board-usable").length > 0, { polling: 100, timeout: 120_000 });
  const bytesAtMark = { ...carried, byType: { ...carried.byType } };
  const seen = await page.evaluate(() => ({
    usableMs: performance.getEntriesByName("mailrun:board-usable")[0].startTime,
    firstPaintMs: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
    targets: document.querySelectorAll("[data-testid=board] .mr-selectable").length,
    forms: !!document.querySelector("[data-testid=moves]"),
    version: document.querySelector("[data-testid=game-screen]")?.dataset.version,
  }));
  if (opts.profile) await profileOf(game, throttled, page, cdp, timeline);
  if (checked && (seen.targets === 0 || !seen.forms)) throw new Error(`${game.title}: the board was marked usable with ${seen.targets} targets, forms ${seen.forms}`);
  if (errors.length) throw new Error(`${game.title}: page errors ${errors.join("; ")}`);
  return { page, context, seen, bytes: bytesAtMark };
}

// --profile: where the time to the usable board went in one opening: each request (sent, answered,
// done, in ms from the navigation's start; bytes on the wire), the page's marks, and the main
// thread's busy time by kind (the DevTools protocol's Performance metrics, in ms of the page's clock).
async function profileOf(game, throttled, page, cdp, timeline) {
  const metrics = Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
  const nav = metrics.NavigationStart;
  const ms = (t) => (t === undefined ? "-" : String(Math.round((t - nav) * 1000)).padStart(6));
  const marks = await page.evaluate(() => [
    ...performance.getEntriesByType("mark").map((m) => [m.name, m.startTime]),
    ...["first-paint", "first-contentful-paint"].map((n) => [n, performance.getEntriesByName(n)[0]?.startTime ?? -1]),
    ["domInteractive", performance.getEntriesByType("navigation")[0]?.domInteractive ?? -1],
  ]);
  const lines = [`profile ${game.title} ${throttled ? "throttled" : "baseline"}: request | sent | answered | done (ms) | bytes`];
  for (const t of [...timeline.values()].sort((a, b) => a.sent - b.sent)) {
    lines.push(`  ${t.what.padEnd(58)} ${ms(t.sent)} ${ms(t.answered)} ${ms(t.done)} ${String(t.bytes ?? "-").padStart(7)} ${t.encoding ?? ""}`);
  }
  lines.push(`  marks: ${marks.filter(([, t]) => t >= 0).sort((a, b) => a[1] - b[1]).map(([n, t]) => `${n} ${Math.round(t)}`).join(", ")}`);
  lines.push(`  main thread (ms): script ${Math.round(metrics.ScriptDuration * 1000)}, layout ${Math.round(metrics.LayoutDuration * 1000)}, ` +
    `style ${Math.round(metrics.RecalcStyleDuration * 1000)}, tasks ${Math.round(metrics.TaskDuration * 1000)}`);
  console.log(lines.join("\n"));
}

// 4. RUNS rounds, each game and each profile in turn (A/B/A/B), a fresh context every time.
const results = [];
for (let run = 0; run < runs; run++) {
  for (const game of games) {
    for (const throttled of [true, false]) {
      const { context, seen, bytes } = await openCold(game, throttled);
      await context.close();
      results.push({ run, title: game.title, profile: throttled ? "phone: CPU 4x, Slow 3G" : "baseline: no throttling", ...seen, bytes });
      log(`run ${run + 1} ${game.title} ${throttled ? "throttled" : "baseline "}: usable ${Math.round(seen.usableMs)} ms (first paint ${Math.round(seen.firstPaintMs ?? -1)} ms), ` +
        `${bytes.total} B in ${bytes.requests} requests (script ${bytes.byType.Script ?? 0} B), ${seen.targets} targets`);
    }
  }
}

// 5. Screenshots of each map screen at 1440x900 (not throttled).
if (opts.screenshots) {
  for (const game of games) {
    const { page, context } = await openCold(game, false, wideViewport);
    await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
    await new Promise((r) => setTimeout(r, 500));
    await page.screenshot({ path: path.join(opts.screenshots, `map-${game.title.slice(6)}-desktop.png`) });
    await context.close();
  }
  const wide = await shootWideScreens((game, viewport) => openCold(game, false, viewport, false), [...games, ...moreGames], opts.screenshots, log);
  log(`${wide.length + games.length} screenshots in ${opts.screenshots}`);
}
await browser.close();

// 6. The summary: median and spread per game and profile.
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const summary = [];
for (const game of games) {
  for (const profile of [...new Set(results.map((r) => r.profile))]) {
    const mine = results.filter((r) => r.title === game.title && r.profile === profile);
    const ms = mine.map((r) => r.usableMs);
    summary.push({
      title: game.title, profile, runs: mine.length,
      usableMedianMs: Math.round(median(ms)), usableMinMs: Math.round(Math.min(...ms)), usableMaxMs: Math.round(Math.max(...ms)),
      bytesMedian: median(mine.map((r) => r.bytes.total)), scriptBytesMedian: median(mine.map((r) => r.bytes.byType.Script ?? 0)),
      requestsMedian: median(mine.map((r) => r.bytes.requests)),
    });
  }
}
console.log("JavaScript built:", js.map((b) => `${b.file} ${b.raw} B raw, ${b.gzip} B gzipped`).join("; "));
console.log(`JavaScript gzipped in all: ${sum(js, "gzip")} B (target < 150 KB = 153,600 B)`);
for (const s of summary) {
  console.log(`${s.title.slice(6)} ${s.profile}: usable board median ${s.usableMedianMs} ms (${s.usableMinMs}-${s.usableMaxMs}, ${s.runs} runs), ` +
    `carried ${s.bytesMedian} B in ${s.requestsMedian} requests (script ${s.scriptBytesMedian} B)`);
}
if (opts.json) writeFileSync(opts.json, JSON.stringify({ bundle, games: games.map(({ title, gameId, version }) => ({ title, gameId, version })), results, summary }, null, 1));

// The map on a phone (360 x 740, touch), for 1853 and 1947, in a real browser (chromium, headless,
// driven by puppeteer-core): three players and a table of each title made through the API, the
// moves between scripted (web/src/game/dev/scripted.mjs). At the zoom the board opens with, every
// legal target (1853's bid cities and first tile lay, 1947's first track lay and the stops of a
// run being drawn) is measured in CSS px, and every label on the board (each <text>: its font size
// times the board's scale on screen). 1853's first lay is then made from the keyboard: the focus
// moves hex to hex with the arrow keys, the live region and each hex's name say where the player
// may act, Enter on an outlined hex opens its tile tray; "i", a second tap and a long press each
// open what a hex is. In 1947's first operating round the railway's president clears a train's
// run and draws it again stop by stop on the map (the optimiser's stops in the other direction),
// a lone stop first, which the service's validator refuses next to the run; the drawn run, checked,
// is submitted with "Run these". Prints what it saw as JSON for web_test.cc to check against the
// services. With MAILRUN_SCREENSHOTS=DIR it saves each of these screens.
//
// Environment: MAILRUN_WEB_URL (the gateway), MAILRUN_WEB_CLIENT_DIR (node_modules of this
// folder's package.json), MAILRUN_CHROMIUM (default /usr/bin/chromium), MAILRUN_SCREENSHOTS.
import { checkAccessibility } from "./axe.mjs";
import { callApi, clickStill, launchBrowser, logIn, phoneViewport, registerPlayers, scriptedPlayers, screenAt, shot, startGame } from "./browser_common.mjs";

const url = process.env.MAILRUN_WEB_URL;
if (!url) {
  console.error("browser_map: MAILRUN_WEB_URL is not set");
  process.exit(2);
}
const password = "browser-test-password";
const started = Date.now();
const saw = { timings: {}, axe: {} };
const mark = (name) => { saw.timings[name] = Date.now() - started; };
const api = (method, body, token) => callApi(url, ...method.split("/"), body, token);
let counter = 0;
const rid = () => `browser-map-${Date.now()}-${counter++}`;
const focusOn = (page, selector) => page.$eval(selector, (e) => e.focus()); // puppeteer's focus() takes HTML elements only
const frames = (page) => page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));

const browser = await launchBrowser();
const pages = new Map(); // player name -> a phone page logged in as them

async function phoneOf(player) {
  if (pages.has(player.name)) return pages.get(player.name);
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.on("pageerror", (err) => { (saw.pageErrors ??= []).push(err.message); });
  await page.setViewport(phoneViewport);
  await logIn(page, url, player.name, password);
  pages.set(player.name, page);
  return page;
}

// The game open on `player`'s phone at version v, the board drawn and settled at its opening zoom.
async function openGame(player, gameId, v) {
  const page = await phoneOf(player);
  await page.goto(`${url}/#/game/${encodeURIComponent(gameId)}`, { waitUntil: "domcontentloaded" });
  await page.reload({ waitUntil: "domcontentloaded" }); // a fresh screen: the zoom it opens with
  await screenAt(page, v);
  await page.waitForSelector("[data-testid=board] polygon.mr-hit");
  await frames(page);
  await frames(page);
  return page;
}

// The legal targets (outlined hexes, bid cities) and the labels of the board as drawn now, in CSS px.
function measure(page) {
  return page.evaluate(() => {
    const svg = document.querySelector("[data-testid=board] svg");
    const targets = [...svg.querySelectorAll(".mr-selectable, .mr-city-offered")].map((e) => {
      const r = e.getBoundingClientRect();
      return { hex: e.dataset.hex, width: Math.round(r.width * 10) / 10, height: Math.round(r.height * 10) / 10 };
    });
    let smallest = { px: Infinity, text: "" };
    let labels = 0;
    for (const t of svg.querySelectorAll("text")) {
      if (!t.textContent.trim()) continue;
      const ctm = t.getScreenCTM();
      const px = Number(t.getAttribute("font-size")) * Math.hypot(ctm.a, ctm.b);
      labels++;
      if (px < smallest.px) smallest = { px: Math.round(px * 100) / 100, text: t.textContent.trim() };
    }
    return { targets, labels, smallestLabel: smallest };
  });
}

// Brings `hex` into the board's frame (focusing a hex pans the board to it) and taps it.
async function tapHex(page, hex) {
  await focusOn(page, `[data-testid=hex-${hex}]`);
  await frames(page);
  await page.tap(`[data-testid=hex-${hex}]`);
}

try {
  const players = await registerPlayers(url, ["Ila", "Jatin", "Kavya"], password, rid);
  mark("registered");

  // ---- 1853: the bid cities, then the first tile lay, from the keyboard.
  const game1853 = await startGame(url, players, "TITLE_1853", rid);
  saw.game1853 = game1853;
  const script1853 = scriptedPlayers(url, game1853, players, saw);
  {
    const { version, player } = await script1853((a) => !!a.claimCity, players);
    const page = await openGame(player, game1853, version);
    await page.waitForSelector("[data-testid=board] .mr-city-offered");
    saw.cities1853 = await measure(page);
    await shot(page, "map-1853-bid-cities-phone");
  }
  mark("cities1853");
  {
    const { version, player } = await script1853((a) => !!a.layTile, players);
    const page = await openGame(player, game1853, version);
    await page.waitForSelector("[data-testid=board] .mr-selectable");
    saw.lay1853 = await measure(page);
    saw.board1853Name = await page.$eval("[data-testid=board] svg", (e) => e.getAttribute("aria-label"));
    saw.live1853 = await page.$eval("[data-testid=board-live]", (e) => ({ text: e.textContent, live: e.getAttribute("aria-live") }));
    await shot(page, "map-1853-lay-phone");
    // The keyboard: the one hex in the tab order is the first outlined one; arrows move the focus.
    const focused = () => page.evaluate(() => ({ hex: document.activeElement?.dataset?.hex ?? "", name: document.activeElement?.getAttribute("aria-label") ?? "", selectable: !!document.activeElement?.classList.contains("mr-selectable") }));
    await focusOn(page, "[data-testid=board] polygon[tabindex='0']");
    const first = await focused();
    const moves = [];
    for (const key of ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"]) {
      await page.keyboard.press(key);
      await frames(page);
      moves.push({ key, ...(await focused()) });
    }
    // Back to an outlined hex (the first one) and Enter: its tile tray.
    await focusOn(page, `[data-testid=hex-${first.hex}]`);
    await page.keyboard.press("Enter");
    await page.waitForSelector("[data-testid=tile-tray]", { timeout: 10_000 });
    const tray = await page.$eval("[data-testid=tile-tray]", (e) => e.textContent.includes(`Hex `));
    // "i" on the focused hex: what it is; Escape closes it.
    await focusOn(page, `[data-testid=hex-${first.hex}]`);
    await page.keyboard.press("i");
    await page.waitForSelector("[data-testid=hex-info]");
    const info = await page.$eval("[data-testid=hex-info]", (e) => ({ name: e.getAttribute("aria-label"), role: e.getAttribute("role"), text: e.textContent }));
    saw.axe.hexInfo1853 = await checkAccessibility(page);
    await shot(page, "map-1853-hex-info-phone");
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => !document.querySelector("[data-testid=hex-info]"));
    saw.keyboard1853 = { first, moves, tray, info };
    saw.axe.lay1853 = await checkAccessibility(page);
    // A second tap on a hex, then a long press on another: each says what the hex is.
    const plain = await page.$$eval("[data-testid=board] polygon.mr-hit:not(.mr-selectable)", (els) => {
      const frame = document.querySelector("[data-testid=board]").getBoundingClientRect();
      const inside = els.filter((e) => {
        const r = e.getBoundingClientRect();
        return r.left > frame.left + 10 && r.right < frame.right - 60 && r.top > frame.top + 10 && r.bottom < frame.bottom - 10;
      });
      return inside.slice(0, 2).map((e) => e.dataset.hex);
    });
    await page.tap(`[data-testid=hex-${plain[0]}]`);
    await frames(page);
    const afterOneTap = !!(await page.$("[data-testid=hex-info]"));
    await page.tap(`[data-testid=hex-${plain[0]}]`);
    await page.waitForSelector("[data-testid=hex-info]", { timeout: 5_000 });
    const secondTap = await page.$eval("[data-testid=hex-info]", (e) => e.getAttribute("aria-label"));
    await page.tap("[data-testid=hex-info-close]");
    await page.waitForFunction(() => !document.querySelector("[data-testid=hex-info]"));
    const box = await page.$eval(`[data-testid=hex-${plain[1]}]`, (e) => { const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; });
    await page.touchscreen.touchStart(box.x, box.y);
    await new Promise((r) => setTimeout(r, 800));
    await page.touchscreen.touchEnd();
    await page.waitForSelector("[data-testid=hex-info]", { timeout: 5_000 });
    const longPress = await page.$eval("[data-testid=hex-info]", (e) => e.getAttribute("aria-label"));
    saw.popups1853 = { hexes: plain, afterOneTap, secondTap, longPress };
  }
  mark("lay1853");
  // 1853's first run drawn by hand: the optimiser's first run's stations tapped in the other order.
  {
    const { version, player } = await script1853((a) => !!a.runTrains, players);
    const page = await openGame(player, game1853, version);
    await page.waitForSelector("[data-testid=hand-runs][data-checked=ok]", { timeout: 20_000 });
    const suggested = await api("GameService/SuggestRuns", { gameId: game1853 }, player.token);
    const view = (await api("GameService/GetGame", { gameId: game1853 }, player.token)).view;
    const trains = view.companies.find((c) => c.initials === suggested.company).trains.map((t) => t.id);
    const chosen = (suggested.bestTotal?.runs ?? []).find((r) => (r.stations ?? []).length >= 2);
    if (chosen) {
      const train = trains.indexOf(chosen.trainId);
      const hexes = chosen.nodes.filter((n) => /\.s\d+$/.test(n)).map((n) => n.slice(0, n.indexOf(".")));
      const wanted = [...hexes].reverse();
      saw.handRun1853 = { runner: player.name, before: version, train: chosen.trainId, wanted, stations: [...chosen.stations].reverse(), planRevenue: chosen.revenue ?? 0 };
      await clickStill(page, `[data-testid=hand-train-${train}]`);
      await clickStill(page, `[data-testid=hand-clear-${train}]`);
      for (const hex of wanted) {
        await tapHex(page, hex);
        await frames(page);
      }
      await page.waitForSelector(`[data-testid=hand-run-${train}][data-stops="${wanted.join(" ")}"]`);
      await page.waitForSelector("[data-testid=hand-runs][data-checked=ok]", { timeout: 20_000 });
      saw.handRun1853.shownOwn = await page.$eval(`[data-testid=hand-run-revenue-${train}]`, (e) => e.textContent);
      await clickStill(page, `[data-testid=hand-train-${train}]`);
      await shot(page, "map-1853-hand-run-phone");
      await page.waitForSelector("[data-testid=runs-accept]:not([disabled])");
      await clickStill(page, "[data-testid=runs-accept]");
      await page.waitForFunction((v) => Number(document.querySelector("[data-testid=game-screen]")?.dataset.version) > v, { timeout: 30_000 }, version);
    }
  }
  mark("run1853");

  // ---- 1947: the first track lay's targets, then a run drawn by hand in the first operating round.
  const game1947 = await startGame(url, players, "TITLE_1947", rid);
  saw.game1947 = game1947;
  const script1947 = scriptedPlayers(url, game1947, players, saw);
  {
    const { version, player } = await script1947((a) => !!a.layTrack1947, players);
    const page = await openGame(player, game1947, version);
    await page.waitForSelector("[data-testid=board] .mr-selectable");
    saw.lay1947 = await measure(page);
    await shot(page, "map-1947-lay-phone");
  }
  mark("lay1947");
  {
    const { version, player } = await script1947((a) => !!a.runTrains1947?.runs?.some((r) => r.stops?.length), players);
    saw.runner = player.name;
    const page = await openGame(player, game1947, version);
    await page.waitForSelector("[data-testid=hand-runs][data-checked=ok]", { timeout: 20_000 });
    saw.run1947Opening = await measure(page);
    const suggested = await api("GameService/SuggestRuns", { gameId: game1947 }, player.token);
    const plan = suggested.bestTotal?.runs ?? [];
    const railway = (await api("GameService/GetGame", { gameId: game1947 }, player.token)).view.game1947.railways.find((r) => r.initials === suggested.company);
    // The train whose run is drawn again: the plan's first, by its place among the railway's trains.
    const chosen = plan.find((r) => (r.nodes ?? []).length >= 2);
    const train = Number(chosen.trainId.split("-").pop());
    const wanted = [...chosen.nodes].reverse();
    saw.handRun = { company: suggested.company, trains: railway.trains, train, planStops: chosen.nodes, planRevenue: chosen.revenue ?? 0, planTotal: suggested.bestTotal?.runRevenue ?? 0, wanted, before: version };
    await shot(page, "map-1947-runs-default-phone");
    await clickStill(page, `[data-testid=hand-train-${train}]`);
    await clickStill(page, `[data-testid=hand-clear-${train}]`);
    await page.waitForSelector(`[data-testid=hand-run-${train}][data-stops=""]`);
    saw.drawTargets1947 = await measure(page);
    // A lone stop: the service's validator refuses it, shown beside the runs; nothing to submit.
    await tapHex(page, wanted[0]);
    await page.waitForSelector("[data-testid=hand-runs][data-checked=refused]", { timeout: 20_000 });
    saw.handRun.refusal = await page.$eval("[data-testid=hand-refusal]", (e) => e.textContent);
    await shot(page, "map-1947-run-refused-phone"); // the refusal in the sheet, the map above it
    // Done drawing for now: "Run these" stays off while the service refuses; then on with the run.
    await clickStill(page, `[data-testid=hand-train-${train}]`);
    saw.handRun.acceptWhileRefused = await page.$eval("[data-testid=runs-accept]", (e) => e.disabled);
    await clickStill(page, `[data-testid=hand-train-${train}]`);
    for (const hex of wanted.slice(1)) {
      await tapHex(page, hex);
      await frames(page);
    }
    await page.waitForSelector(`[data-testid=hand-run-${train}][data-stops="${wanted.join(" ")}"]`);
    await page.waitForSelector("[data-testid=hand-runs][data-checked=ok]", { timeout: 20_000 });
    saw.handRun.drawn = await page.$eval(`[data-testid=hand-run-${train}]`, (e) => e.dataset.stops.split(" "));
    saw.handRun.shownTotal = Number(await page.$eval("[data-testid=hand-total]", (e) => e.dataset.revenue));
    saw.handRun.shownOwn = await page.$eval(`[data-testid=hand-run-revenue-${train}]`, (e) => e.textContent);
    saw.handRun.lines = await page.$$eval("[data-testid=board] polyline.mr-run", (lines) => lines.length);
    saw.axe.handRun = await checkAccessibility(page);
    await clickStill(page, `[data-testid=hand-train-${train}]`); // done drawing
    saw.handRun.payOut = await page.$eval("[data-testid=runs-pay]", (e) => e.checked);
    await shot(page, "map-1947-hand-run-phone");
    await page.waitForSelector("[data-testid=runs-accept]:not([disabled])");
    await clickStill(page, "[data-testid=runs-accept]");
    await page.waitForFunction((v) => Number(document.querySelector("[data-testid=game-screen]")?.dataset.version) > v, { timeout: 30_000 }, version);
    mark("ran1947");
  }
} catch (err) {
  process.stderr.write(`browser_map: failed after ${Date.now() - started} ms; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser.close();
}
mark("done");
process.stdout.write(`${JSON.stringify(saw)}\n`);

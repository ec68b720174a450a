// A study game in a real browser (chromium, headless, driven by puppeteer-core) on a phone
// (360x740): three players start a 1947 table through the API and make its first moves; Ravi opens
// the game, goes to the History tab, downloads the record, chooses an earlier version and taps
// "Study from here". The app opens the new study game, marked "Study — unranked", where Ravi makes
// moves by tapping the move forms for two different seats in turn, the header's turn and the glance
// strip's read before each (a study has no autopilot box: the owner plays every seat). axe-core runs on the study's
// screen. Prints what it saw as JSON for web_study_test.cc to check against the services.
// MAILRUN_SCREENSHOTS=DIR: the study game on the phone.
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { checkAccessibility } from "./axe.mjs";
import { callApi, clickStill, launchBrowser, logIn, moveOnScreen, phoneViewport, registerPlayers, screenAt, shot, startGame, text } from "./browser_common.mjs";

const url = process.env.MAILRUN_WEB_URL;
if (!url) {
  console.error("browser_study: MAILRUN_WEB_URL is not set");
  process.exit(2);
}
const password = "browser-test-password";
const started = Date.now();
const saw = { timings: {} };
const mark = (name) => { saw.timings[name] = Date.now() - started; };
const api = (method, body, token) => callApi(url, ...method.split("/"), body, token);
let counter = 0;
const rid = () => `browser-study-${Date.now()}-${counter++}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let browser;

async function openTab(page, tab) {
  await page.$eval(`[data-testid=tab-${tab}]`, (el) => el.scrollIntoView({ block: "center" }));
  await clickStill(page, `[data-testid=tab-${tab}]`);
}

try {
  const players = await registerPlayers(url, ["Ravi", "Sita", "Tara"], password, rid);
  const [ravi] = players;
  const gameId = await startGame(url, players, "TITLE_1947", rid);
  saw.gameId = gameId;
  // Three moves through the API, each by the seat to act (its first legal action).
  const first = await api("GameService/GetGame", { gameId }, ravi.token);
  for (const p of players) p.seat = first.view.players.find((v) => v.displayName === p.name).seat ?? 0; // proto3 JSON leaves out a 0
  for (let i = 0; i < 3; i++) {
    const game = await api("GameService/GetGame", { gameId }, ravi.token);
    const mover = players.find((p) => p.seat === (game.view.activeSeats[0] ?? 0));
    const legal = await api("GameService/ListLegalActions", { gameId }, mover.token);
    await api("GameService/SubmitAction", { gameId, expectedVersion: legal.version ?? 0, action: legal.actions[0].action, requestId: rid() }, mover.token);
  }
  saw.sourceVersion = 3;
  mark("played");

  browser = await launchBrowser();
  const page = await browser.newPage();
  page.on("pageerror", (err) => { (saw.pageErrors ??= []).push(err.message); });
  await page.setViewport(phoneViewport);
  const downloads = mkdtempSync(path.join(tmpdir(), "mailrun-study-download-"));
  const cdp = await page.createCDPSession();
  await cdp.send("Browser.setDownloadBehavior", { behavior: "allow", downloadPath: downloads });
  await logIn(page, url, ravi.name, password);
  await page.goto(`${url}/#/game/${encodeURIComponent(gameId)}`, { waitUntil: "domcontentloaded" });
  await screenAt(page, 3);
  await openTab(page, "history");
  await page.waitForSelector("[data-testid=study-tools]");

  // The record as a file: the game now, in the protobuf JSON mapping of GameRecord.
  await clickStill(page, "[data-testid=download-record]");
  let file = "";
  for (let i = 0; i < 100 && !file; i++) {
    file = readdirSync(downloads).find((f) => f.endsWith(".json")) ?? "";
    if (!file) await sleep(100);
  }
  if (file) {
    const record = JSON.parse(readFileSync(path.join(downloads, file), "utf8"));
    saw.download = { file, version: Number(record.version ?? 0), entries: (record.entries ?? []).length, format: record.format };
  }
  mark("downloaded");

  // An earlier version, then "Study from here".
  await page.$eval("[data-testid=entry-2]", (el) => el.scrollIntoView({ block: "center" }));
  await clickStill(page, "[data-testid=entry-2]");
  await page.waitForFunction(() => document.querySelector("[data-testid=study-from-here]")?.textContent.includes("v2"), { timeout: 20_000 });
  await clickStill(page, "[data-testid=study-from-here]");
  await page.waitForFunction((source) => location.hash.startsWith("#/game/") && !location.hash.endsWith(source), { timeout: 30_000 }, encodeURIComponent(gameId));
  saw.studyId = decodeURIComponent(await page.evaluate(() => location.hash.replace("#/game/", "")));
  await page.waitForSelector("[data-testid=study-mark]", { timeout: 60_000 });
  await screenAt(page, 2);
  saw.studyMark = await text(page, "[data-testid=study-mark]");
  saw.autopilotBox = (await page.$("[data-test=autopilot]")) !== null;
  mark("studyOpen");

  // Two moves by tapping, each for the seat to act: two different seats.
  saw.moves = [];
  for (let version = 2; version < 6 && new Set(saw.moves.map((m) => m.seat)).size < 2; version++) {
    await openTab(page, "moves");
    await page.waitForSelector("[data-testid=study-acting-seat]", { timeout: 20_000 });
    const seat = Number(await page.$eval("[data-testid=study-acting-seat]", (el) => el.dataset.seat));
    const acting = await text(page, "[data-testid=study-acting-seat]");
    const header = await text(page, "[data-testid=turn]");
    const strip = await text(page, "[data-testid=glance-turn]");
    if (version === 2) await shot(page, "game-study-turn-phone");
    const words = await moveOnScreen(page);
    await screenAt(page, version + 1);
    saw.moves.push({ seat, acting, header, strip, words, version: version + 1 });
  }
  saw.studyVersion = saw.moves.length ? saw.moves[saw.moves.length - 1].version : 2;
  mark("moved");
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "game-study-phone");
  saw.axe = { study: await checkAccessibility(page) };
  mark("done");
} catch (err) {
  process.stderr.write(`browser_study: failed after ${Date.now() - started} ms; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser?.close().catch(() => {});
}
process.stdout.write(`${JSON.stringify(saw)}\n`);

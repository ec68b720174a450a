// Undo offered only when it can work (issue 48, item 7), in a real browser (chromium, headless,
// puppeteer-core) on a 360x740 phone, in 1853's first stage of the contract bids (2.5.2.2: every
// player writes down a bond, in any order). Uma plays on the phone by tapping; Vik and Wes through
// the API. First game: no undo before Uma has moved, nor after Vik's bond; after her own bond
// "Undo my last move" is there and works (the bond form comes back, the undo is gone: Vik's bond
// is again the latest move); she writes it again (undo offered), and once Wes has written his the
// undo is gone (another player has moved since). Second game: Vik and Wes write theirs first, and
// Uma's, the last, reveals every bond (2.5.2.3): no undo, and the screen says why. After each
// version the screen's `data-undo` (undoOffer.ts: "offered", or why not) and the button are read.
// Prints what it saw as JSON for web_flow_test.cc, which checks the log and the refused undo
// through the game service.
//
// Environment: MAILRUN_WEB_URL (the gateway), MAILRUN_WEB_CLIENT_DIR (node_modules of this folder's
// package.json), MAILRUN_CHROMIUM (default /usr/bin/chromium), MAILRUN_SCREENSHOTS.
import { checkAccessibility } from "./axe.mjs";
import { callApi, chooseMove, clickStill, launchBrowser, moveOnScreen, phoneLoggedIn, registerPlayers, screenAt, shot, startGame } from "./browser_common.mjs";

const url = process.env.MAILRUN_WEB_URL;
if (!url) {
  console.error("browser_undo: MAILRUN_WEB_URL is not set");
  process.exit(2);
}
const password = "browser-test-password";
const started = Date.now();
const saw = { timings: {}, axe: {}, first: {}, second: {} };
const mark = (name) => { saw.timings[name] = Date.now() - started; };
let counter = 0;
const rid = () => `browser-undo-${Date.now()}-${counter++}`;
const api = (method, body, token) => callApi(url, ...method.split("/"), body, token);

// `player`'s move (the scripted choice: a bond at the least the list gives) through the API.
async function moveByApi(gameId, player) {
  const legal = await api("GameService/ListLegalActions", { gameId }, player.token);
  const pick = chooseMove(legal.actions ?? []);
  if (!pick?.action?.commitBond) throw new Error(`${player.name} has no bond to write: ${JSON.stringify(legal.actions)}`);
  const answer = await api("GameService/SubmitAction", { gameId, expectedVersion: legal.version ?? 0, action: pick.action, requestId: rid() }, player.token);
  return Number(answer.version);
}

// What the screen offers at version v, once it has read the log up to v.
async function undoAt(page, v) {
  await screenAt(page, v);
  await page.waitForFunction(() => document.querySelector("[data-testid=game-screen]")?.dataset.undo !== "log", { timeout: 30_000 });
  return page.evaluate(() => {
    const button = document.querySelector("[data-testid=undo]");
    return {
      undo: document.querySelector("[data-testid=game-screen]").dataset.undo,
      button: button ? { words: button.textContent.trim(), disabled: button.disabled } : null,
      forbidden: document.querySelector("[data-testid=undo-forbidden]")?.textContent.trim() ?? null,
      bondForm: !!document.querySelector("[data-testid=form-bid]"),
    };
  });
}

const browser = await launchBrowser();
try {
  const players = await registerPlayers(url, ["Uma", "Vik", "Wes"], password, rid);
  const [, vik, wes] = players;
  const { page } = await phoneLoggedIn(browser, url, "Uma", password, saw);
  const open = async (gameId, v) => {
    await page.goto(`${url}/#/game/${encodeURIComponent(gameId)}`, { waitUntil: "domcontentloaded" });
    return undoAt(page, v);
  };

  // The first game: undo after her own move, used; gone once another player has moved.
  const first = await startGame(url, players, "TITLE_1853", rid);
  saw.first.gameId = first;
  saw.first.atStart = await open(first, 0);
  saw.first.vikVersion = await moveByApi(first, vik);
  saw.first.afterVik = await undoAt(page, saw.first.vikVersion);
  saw.first.ownWords = await moveOnScreen(page);
  saw.first.afterOwn = await undoAt(page, saw.first.vikVersion + 1);
  await shot(page, "undo-offered-phone");
  saw.axe.offered = await checkAccessibility(page);
  await clickStill(page, "[data-testid=undo]");
  saw.first.afterUndo = await undoAt(page, saw.first.vikVersion + 2);
  mark("undone");
  saw.first.againWords = await moveOnScreen(page);
  saw.first.afterAgain = await undoAt(page, saw.first.vikVersion + 3);
  saw.first.wesVersion = await moveByApi(first, wes);
  saw.first.afterWes = await undoAt(page, saw.first.wesVersion);

  // The second game: her bond is the last written, which reveals every bond (2.5.2.3).
  const second = await startGame(url, players, "TITLE_1853", rid);
  saw.second.gameId = second;
  await moveByApi(second, vik);
  const before = await moveByApi(second, wes);
  saw.second.beforeOwn = await open(second, before);
  saw.second.ownWords = await moveOnScreen(page);
  saw.second.version = before + 1;
  saw.second.afterOwn = await undoAt(page, saw.second.version);
  await shot(page, "undo-forbidden-phone");
  saw.axe.forbidden = await checkAccessibility(page);
  mark("done");
} catch (err) {
  process.stderr.write(`browser_undo: failed after ${Date.now() - started} ms; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser.close();
}
process.stdout.write(`${JSON.stringify(saw)}\n`);

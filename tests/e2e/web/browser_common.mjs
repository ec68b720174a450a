// What the browser scripts (browser_game.mjs, browser_1947.mjs) share: Debian's chromium launched
// headless through puppeteer-core, a click that waits for its target to stand still, an element's
// text, screenshots into MAILRUN_SCREENSHOTS, and the scripted players that move a game on through
// the API (web/src/game/dev/scripted.mjs chooses each move) until a player may make the move a test
// is about.
import { createRequire } from "node:module";
import { mkdirSync } from "node:fs";
import path from "node:path";

const require = createRequire(path.resolve(process.env.MAILRUN_WEB_CLIENT_DIR ?? ".", "node_modules", "x.js"));
const puppeteer = require("puppeteer-core");
export const { callApi, chooseMove } = await import(new URL("../../../web/src/game/dev/scripted.mjs", import.meta.url));

export function launchBrowser() {
  return puppeteer.launch({
    executablePath: process.env.MAILRUN_CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--no-first-run", "--no-default-browser-check"],
  });
}

const shots = process.env.MAILRUN_SCREENSHOTS ?? "";
if (shots) mkdirSync(shots, { recursive: true });
export const takingShots = !!shots;

export async function shot(page, name) {
  if (!shots) return;
  await page.screenshot({ path: path.join(shots, `${name}.png`) });
}

// Clicks `selector` once it has stood still for two animation frames: tapping a hex scrolls the
// tile tray into view smoothly, and a click aimed while the page moves lands beside its target
// (Playwright's "stable" check, which puppeteer's click lacks).
export async function clickStill(page, selector) {
  await page.waitForFunction((selector) => new Promise((resolve) => {
    const where = () => JSON.stringify(document.querySelector(selector)?.getBoundingClientRect() ?? null);
    const first = where();
    requestAnimationFrame(() => requestAnimationFrame(() => resolve(first !== "null" && where() === first)));
  }), { timeout: 20_000 }, selector);
  await page.click(selector);
}

export async function text(page, selector) {
  return page.$eval(selector, (el) => el.textContent.trim());
}

// The scripted players of `gameId` (each { token }) at the gateway `url`: scriptUntil(wanted, who)
// plays each move of whoever has one (the first of `players` with a legal action) until one of
// `who` may make a move that `wanted` (an Action, as JSON) accepts; returns { version, player }.
// Counts the moves made in saw.scripted.
export function scriptedPlayers(url, gameId, players, saw) {
  let counter = 0;
  const rid = () => `browser-script-${Date.now()}-${counter++}`;
  const api = (method, body, token) => callApi(url, ...method.split("/"), body, token);
  saw.scripted = 0;
  return async (wanted, who) => {
    for (let moves = 0; moves < 600; moves++) {
      let moved = false;
      for (const player of players) {
        const legal = await api("GameService/ListLegalActions", { gameId }, player.token);
        const actions = legal.actions ?? [];
        if (actions.length === 0) continue;
        if (who.includes(player) && actions.some((a) => wanted(a.action))) return { version: Number(legal.version ?? 0), player }; // proto3 JSON leaves out a version 0
        const pick = chooseMove(actions);
        await api("GameService/SubmitAction", { gameId, expectedVersion: legal.version, action: pick.action, requestId: rid() }, player.token);
        saw.scripted++;
        moved = true;
        break;
      }
      if (!moved) throw new Error("the script found nobody with a move");
    }
    throw new Error("the script did not reach the move wanted");
  };
}

export const phoneViewport = { width: 360, height: 740, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

// Access tokens last 15 minutes and a long test (the 1853 game by tapping, under load) runs longer,
// so each player's session is renewed through LobbyService/Refresh every 10 minutes while the
// script runs (the timer does not keep the script alive).
const renewEveryMs = 10 * 60 * 1000;
function keepSessionFresh(url, player, refreshToken, rid) {
  let refresh = refreshToken;
  const timer = setInterval(async () => {
    try {
      const auth = await callApi(url, "LobbyService", "Refresh", { requestId: rid(), refreshToken: refresh });
      player.token = auth.accessToken;
      refresh = auth.refreshToken;
    } catch (e) {
      console.error(`renewing ${player.name}'s session failed: ${e.message}`);
    }
  }, renewEveryMs);
  timer.unref();
}

// Players registered through the API, each { name, token }, their sessions kept fresh; a table of `title` ("TITLE_1853",
// "TITLE_1947") opened by the first and joined by the others (1853's optional rules `options`,
// GameOptions as JSON: { bank: "BANK_SHORT" }); returns its game id once it started.
export async function registerPlayers(url, names, password, rid) {
  const players = [];
  for (const name of names) {
    const auth = await callApi(url, "LobbyService", "Register", { requestId: rid(), displayName: name, password });
    const player = { name, token: auth.accessToken };
    keepSessionFresh(url, player, auth.refreshToken, rid);
    players.push(player);
  }
  return players;
}

export async function startGame(url, players, title, rid, options = undefined) {
  const table = await callApi(url, "LobbyService", "CreateTable", { requestId: rid(), seats: players.length, title, ...(options ? { options } : {}) }, players[0].token);
  for (const p of players.slice(1)) await callApi(url, "LobbyService", "JoinTable", { requestId: rid(), tableId: table.tableId }, p.token);
  for (let i = 0; i < 100; i++) {
    const gameId = (await callApi(url, "LobbyService", "GetTable", { tableId: table.tableId }, players[0].token)).gameId ?? "";
    if (gameId) return gameId;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the full ${title} table did not start`);
}

// Logs `name` in on the login screen of `page`.
export async function logIn(page, url, name, password) {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await page.waitForSelector("[data-test=login-form]");
  await page.type("input[name=name]", name);
  await page.type("input[name=password]", password);
  await page.click("[data-test=login-submit]");
  await page.waitForFunction((name) => document.querySelector("[data-test=me]")?.textContent === name, { timeout: 30_000 }, name);
}

// Waits until the game screen shows version v with its legal actions read for it.
export function screenAt(page, v, timeout = 60_000) {
  return page.waitForFunction((v) => {
    const screen = document.querySelector("[data-testid=game-screen]");
    return screen?.dataset.version === String(v) && screen.dataset.legalVersion === String(v);
  }, { timeout }, v);
}

// Chooses the first move the screen's move forms offer (MoveForms.tsx): in the first form, its
// first option button, else its first company and that company's first choice.
export async function chooseFirstFormMove(page) {
  const form = "[data-testid=move-forms] fieldset:first-of-type";
  await page.waitForSelector(form, { timeout: 20_000 });
  if (await page.$(`${form} [data-testid$=-option]`)) {
    await clickStill(page, `${form} [data-testid$=-option]`);
    return;
  }
  await clickStill(page, `${form} button[data-testid*=-company-]`);
}

// Makes a move on the game screen as a player would, by tapping: a city of the bid where the
// screen offers cities, else the first move of a kind the screen's forms offer; then submits it.
// Returns the submit button's words.
export async function moveOnScreen(page) {
  // A city of the bid on the map or a move form, whichever the turn asks for, once it is drawn.
  await page.waitForSelector("[data-testid^=bid-city-], [data-testid=move-forms] fieldset", { timeout: 20_000 });
  const city = await page.$("[data-testid^=bid-city-]");
  if (city) {
    await clickStill(page, "[data-testid^=bid-city-]");
    if (await page.$("[data-testid^=bid-company-]")) await clickStill(page, "[data-testid^=bid-company-]");
  } else {
    await chooseFirstFormMove(page);
  }
  await page.waitForSelector("[data-testid=submit]:not([disabled])");
  const words = await text(page, "[data-testid=submit]");
  await clickStill(page, "[data-testid=submit]");
  return words;
}

// A page of its own browser context (a person of their own) on the phone, `name` logged in;
// its page errors collected in saw.pageErrors.
export async function phoneLoggedIn(browser, url, name, password, saw) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(phoneViewport);
  page.on("pageerror", (err) => { (saw.pageErrors ??= []).push(err.message); });
  await logIn(page, url, name, password);
  return { context, page };
}

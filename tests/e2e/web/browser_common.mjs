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
        if (who.includes(player) && actions.some((a) => wanted(a.action))) return { version: Number(legal.version), player };
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

// The wide screenshots of tools/bench/web_speed.sh --screenshots DIR (issue 48's acceptance: every
// main screen of both titles at 1440x900): for each game the speed benchmark made, and the
// games it makes for them (1853 in its contract bids and in a dealing round, 1947 in its auction and
// its first stock round), the game screen as the player who acts sees it, with each tab in turn,
// and on a map move the tile tray open at the first legal hex; then the shell's own pages (tables,
// games, tournaments, ratings, inbox, settings) once. Files: DIR/wide-<title>-<phase>-<tab>.png and
// DIR/wide-<page>.png, not throttled, at a device scale of 1 (small files).
import path from "node:path";

export const wideViewport = { width: 1440, height: 900, deviceScaleFactor: 1 };

const tabs = ["moves", "sheet", "market", "companies", "players", "history", "chat", "notes", "orders"];
const pages = ["lobby", "games", "tournaments", "leaderboard", "inbox", "settings"];

// Two animation frames and a short pause: the board's zoom and the tray's scroll have settled.
async function settle(page) {
  await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
  await new Promise((r) => setTimeout(r, 400));
}

// `open(game, viewport)`: the game's screen opened cold as its player (web_speed.mjs's openCold),
// resolved once the board is usable; { page, context }. `games`: each { title, phase, ... }.
export async function shootWideScreens(open, games, dir, log) {
  const written = [];
  const save = async (page, name) => {
    const file = path.join(dir, `${name}.png`);
    await page.screenshot({ path: file });
    written.push(file);
  };
  for (const game of games) {
    const { page, context } = await open(game, wideViewport);
    const stem = `wide-${game.title.slice(6)}-${game.phase}`;
    await settle(page);
    await save(page, `${stem}-moves`);
    // A map move: the first legal hex tapped, its tile tray (or station choice) open.
    const target = await page.$("[data-testid=board] .mr-selectable");
    if (target && (game.phase === "lay" || game.phase === "track")) {
      await target.click();
      await settle(page);
      await save(page, `${stem}-tray`);
    }
    for (const tab of tabs.slice(1)) {
      const button = await page.$(`[data-testid=tab-${tab}]`);
      if (!button) continue;
      await button.click();
      await settle(page);
      await save(page, `${stem}-${tab}`);
    }
    if (game === games[games.length - 1]) {
      for (const name of pages) {
        await page.evaluate((name) => { window.location.hash = `#/${name}`; }, name);
        await settle(page);
        await new Promise((r) => setTimeout(r, 600));  // the page's own reads
        await save(page, `wide-${name}`);
      }
    }
    await context.close();
    log(`${stem}: ${written.length} screenshots so far`);
  }
  return written;
}

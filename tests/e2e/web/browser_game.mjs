// The web client in a real browser: Debian's chromium, headless, driven by puppeteer-core. Three
// players in three browser contexts (separate storage: three people), one of them on a phone
// (360x740, touch), open the app the gateway serves, register, open a table, join it, start it,
// make the opening moves of the game by hand from the move forms, then each hands their
// seat to the game service's bot (autopilot: the others' screens mark it), one looks at an earlier
// version in the history (its players as they were), and the three browsers follow the game live
// to its final scores. Prints what it saw as JSON on standard output, for web_test.cc to check against
// the services. With MAILRUN_SCREENSHOTS=DIR it also saves screenshots of the screens it passes.
//
// Environment: MAILRUN_WEB_URL (the gateway), MAILRUN_WEB_CLIENT_DIR (node_modules of this
// folder's package.json), MAILRUN_CHROMIUM (default /usr/bin/chromium), MAILRUN_HAND_MOVES
// (opening moves made by hand, default 6), MAILRUN_SCREENSHOTS (optional).
import { callApi, chooseFirstFormMove, clickStill, launchBrowser, scriptedPlayers, shot, text } from "./browser_common.mjs";

const url = process.env.MAILRUN_WEB_URL;
if (!url) {
  console.error("browser_game: MAILRUN_WEB_URL is not set");
  process.exit(2);
}
const handMoves = Number(process.env.MAILRUN_HAND_MOVES ?? "6");
const password = "browser-test-password";
const started = Date.now();
const saw = { timings: {} };
const mark = (name) => { saw.timings[name] = Date.now() - started; };

const phone = { width: 360, height: 740, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const desktop = { width: 1280, height: 800, deviceScaleFactor: 1 };
const players = [
  { name: "Lalit", viewport: desktop },
  { name: "Meera", viewport: desktop },
  { name: "Nikhil", viewport: phone },
];

const browser = await launchBrowser();

// Registers on the login screen; the app then shows the lobby with the player's name.
async function registerAs(player) {
  const { page } = player;
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await page.waitForSelector("[data-test=login-form]");
  await page.click("[data-test=tab-register]");
  await page.type("input[name=name]", player.name);
  await page.type("input[name=password]", password);
  await page.click("[data-test=login-submit]");
  await page.waitForFunction((name) => document.querySelector("[data-test=me]")?.textContent === name, {}, player.name);
}

try {
  for (const player of players) {
    player.context = await browser.createBrowserContext();
    player.page = await player.context.newPage();
    await player.page.setViewport(player.viewport);
    player.page.on("pageerror", (err) => { (saw.pageErrors ??= []).push(`${player.name}: ${err.message}`); });
  }
  const [lalit, meera, nikhil] = players;

  // A refusal shows its message: logging in to an account that does not exist yet.
  await lalit.page.goto(url, { waitUntil: "domcontentloaded" });
  await lalit.page.waitForSelector("[data-test=login-form]");
  await shot(lalit.page, "login-desktop");
  await lalit.page.type("input[name=name]", lalit.name);
  await lalit.page.type("input[name=password]", password);
  await lalit.page.click("[data-test=login-submit]");
  await lalit.page.waitForSelector("[data-test=refusal]");
  saw.badLogin = await text(lalit.page, "[data-test=refusal]");

  await Promise.all(players.map(registerAs));
  saw.registered = await Promise.all(players.map((p) => text(p.page, "[data-test=me]")));
  mark("registered");

  // Lalit opens a 4-seat table for the short game (2.4.2); Meera and Nikhil join; Lalit starts it.
  await lalit.page.select("[data-test=bank]", await lalit.page.$eval("[data-test=bank]", (s) =>
    [...s.options].find((o) => o.textContent.startsWith("short")).value));
  await lalit.page.select("[data-test=seats]", "4");
  await lalit.page.click("[data-test=create-submit]");
  await lalit.page.waitForSelector("[data-test=my-table]");
  const tableId = await lalit.page.$eval("[data-test=my-table]", (el) => el.dataset.table);
  saw.tableId = tableId;
  await shot(lalit.page, "lobby-desktop");
  for (const player of [meera, nikhil]) {
    const open = `[data-test=open-table][data-table="${tableId}"]`;
    await player.page.click("[data-test=refresh-tables]");
    await player.page.waitForSelector(open);
    if (player === nikhil) await shot(player.page, "lobby-phone");
    await player.page.click(`${open} [data-test=join]`);
    await player.page.waitForSelector(`[data-test=my-table][data-table="${tableId}"]`);
  }
  await lalit.page.click("[data-test=refresh-tables]");
  await lalit.page.waitForFunction(() => document.querySelector("[data-test=my-table]")?.textContent.includes("Nikhil"));
  await lalit.page.click("[data-test=start]");
  await lalit.page.waitForSelector("[data-testid=game-screen]");
  const gameId = decodeURIComponent(new URL(lalit.page.url()).hash.split("/")[2]);
  saw.gameId = gameId;
  mark("started");

  // The others find it under My games (where it is their turn, it comes first) and open it.
  for (const player of [meera, nikhil]) {
    await player.page.click("[data-test=nav-games]");
    await player.page.waitForSelector(`[data-test=my-game][data-game="${gameId}"]`);
    if (player === nikhil) await shot(player.page, "my-games-phone");
    await player.page.click(`[data-test=my-game][data-game="${gameId}"]`);
    await player.page.waitForSelector("[data-testid=game-screen]");
  }

  // The opening moves by hand: whoever's screen offers moves takes the first one offered; every
  // screen follows live (its version rises with each move, without a reload).
  saw.handMoves = [];
  const versionOf = (page) => page.$eval("[data-testid=game-screen]", (el) => Number(el.dataset.version));
  for (let move = 0; move < handMoves; move++) {
    const before = await versionOf(lalit.page);
    // Every screen at this version with its legal actions read for it; then whoever has moves
    // (taking turns where several may act at once, as in the bond step of 2.5.2) makes one.
    await Promise.all(players.map((p) => p.page.waitForFunction((v) => {
      const screen = document.querySelector("[data-testid=game-screen]");
      return screen?.dataset.version === String(v) && screen.dataset.legalVersion === String(v);
    }, { timeout: 20_000 }, before)));
    let turn = null;
    for (let i = 0; i < players.length && !turn; i++) {
      const candidate = players[(move + i) % players.length];
      if (await candidate.page.$("[data-testid^=bid-city-], [data-testid=move-forms]")) turn = candidate;
    }
    if (!turn) throw new Error(`nobody has a move at version ${before}`);
    // The game screen: a city of the bid chosen (2.5.2.4) where the screen offers cities, else the
    // first move of its legal-action list; then submitted.
    const city = await turn.page.$("[data-testid^=bid-city-]");
    if (city) await turn.page.click("[data-testid^=bid-city-]");
    else await chooseFirstFormMove(turn.page);
    if (city && await turn.page.$("[data-testid^=bid-company-]")) await turn.page.click("[data-testid^=bid-company-]");
    await turn.page.waitForSelector("[data-testid=submit]:not([disabled])");
    const description = await text(turn.page, "[data-testid=submit]");
    if (move === 0) {
      await shot(nikhil.page, "game-phone");
      await shot(lalit.page, "game-desktop");
    }
    await clickStill(turn.page, "[data-testid=submit]");
    await Promise.all(players.map((p) => p.page.waitForFunction(
      (v) => Number(document.querySelector("[data-testid=game-screen]")?.dataset.version) > v, { timeout: 20_000 }, before)));
    saw.handMoves.push({ player: turn.name, description, before, after: await versionOf(turn.page) });
  }
  mark("handMoves");

  // A "your turn" reached someone live: the banner of the notification stream, on another page.
  saw.yourTurnBanner = null;
  for (const player of players) {
    await player.page.click("[data-test=nav-lobby]");
  }
  const banner = await Promise.race(players.map((p) =>
    p.page.waitForSelector("[data-test=your-turn]", { timeout: 15_000 }).then(() => p))).catch(() => null);
  if (banner) {
    saw.yourTurnBanner = { player: banner.name, text: await text(banner.page, "[data-test=your-turn]") };
    await shot(banner.page, banner === nikhil ? "your-turn-phone" : "your-turn-desktop");
  }
  for (const player of players) {
    await player.page.goto(`${url}/#/game/${encodeURIComponent(gameId)}`, { waitUntil: "domcontentloaded" });
    await player.page.waitForSelector("[data-testid=game-screen]");
  }
  saw.reloadKeptSession = true;

  // Lalit's moves on the board, made in his browser: a tile laid by tapping a hex and turning the
  // tile, that lay undone, and the optimiser's runs accepted. The moves between them, everyone's,
  // come from a script through the API (each a legal action of the mover's list, chosen by
  // web/src/game/dev/scripted.mjs) until Lalit's list offers what is to be tried.
  {
    const api = (method, body, token) => callApi(url, ...method.split("/"), body, token);
    let counter = 0;
    const rid = () => `browser-script-${Date.now()}-${counter++}`;
    for (const player of players) {
      player.token = (await api("LobbyService/Login", { requestId: rid(), displayName: player.name, password })).accessToken;
    }
    // Plays scripted moves until Lalit may make one that `wanted` accepts; returns the version.
    const script = scriptedPlayers(url, gameId, players, saw);
    const scriptUntil = async (wanted) => (await script(wanted, [lalit])).version;
    // Waits until the screen shows version v with its legal actions; on a timeout the error says
    // what the screen showed instead (its versions and any refusal), and what the service is at.
    const atVersion = async (page, v) => {
      try {
        await page.waitForFunction((v) => {
          const screen = document.querySelector("[data-testid=game-screen]");
          return screen?.dataset.version === String(v) && screen.dataset.legalVersion === String(v);
        }, { timeout: 60_000 }, v);
      } catch (error) {
        const shown = await page.evaluate(() => {
          const screen = document.querySelector("[data-testid=game-screen]");
          return { version: screen?.dataset.version, legalVersion: screen?.dataset.legalVersion,
                   refusal: document.querySelector("[data-testid=refusal]")?.textContent ?? "",
                   submit: document.querySelector("[data-testid=submit]")?.outerHTML ?? "",
                   lastCall: screen?.dataset.lastCall ?? "" };
        });
        const legal = await api("GameService/ListLegalActions", { gameId }, lalit.token);
        throw new Error(`the screen did not reach version ${v}: it shows ${JSON.stringify(shown)}; the service is at ${legal.version} (${error.message}); lost clicks: ${JSON.stringify(saw.lostClicks ?? [])}`);
      }
    };
    // Submits the chosen move and waits for the screen to show version v. A click that started
    // nothing (the button still enabled, no refusal shown) is noted in saw.lostClicks with what the
    // screen showed, and made once more; a request on its way is the app's to resend (15 s).
    const submitTo = async (page, v) => {
      await clickStill(page, "[data-testid=submit]");
      const shows = (v) => document.querySelector("[data-testid=game-screen]")?.dataset.version === String(v);
      if (await page.waitForFunction(shows, { timeout: 20_000 }, v).then(() => true, () => false)) return;
      const state = await page.evaluate(() => ({
        submit: document.querySelector("[data-testid=submit]")?.outerHTML ?? "",
        refusal: document.querySelector("[data-testid=refusal]")?.textContent ?? "" }));
      (saw.lostClicks ??= []).push({ version: v, ...state });
      if (state.submit && !state.submit.includes("disabled") && !state.refusal) await clickStill(page, "[data-testid=submit]");
      await atVersion(page, v);
    };
    await lalit.page.click("[data-testid=tab-moves]");

    // A tile lay: tap an outlined hex, turn the tile once where it has another legal rotation.
    const layAt = await scriptUntil((a) => !!a.layTile);
    await atVersion(lalit.page, layAt);
    const hex = await lalit.page.$eval(".mr-selectable", (e) => e.getAttribute("data-hex"));
    await clickStill(lalit.page, `[data-testid=hex-${hex}]`);
    await lalit.page.waitForSelector("[data-testid=tile-tray]");
    if (await lalit.page.$("[data-testid=rotate]:not([disabled])")) await clickStill(lalit.page, "[data-testid=rotate]");
    await lalit.page.waitForSelector("[data-testid=submit]:not([disabled])");
    saw.tileLay = { hex, before: layAt, description: await text(lalit.page, "[data-testid=submit]") };
    await shot(lalit.page, "tile-lay-desktop");
    await submitTo(lalit.page, layAt + 1);
    // Undo: the lay is taken back. The button is enabled only once the lay's answer has come
    // back (a click on it while disabled starts nothing: a clean-clone run saw the screen at the
    // lay's version with its last call answered and no undo sent); a click that started nothing
    // is noted in saw.lostClicks and made once more.
    await lalit.page.waitForSelector("[data-testid=undo]:not([disabled])", { timeout: 20_000 });
    await clickStill(lalit.page, "[data-testid=undo]");
    const undone = (v) => document.querySelector("[data-testid=game-screen]")?.dataset.version === String(v);
    if (!(await lalit.page.waitForFunction(undone, { timeout: 20_000 }, layAt + 2).then(() => true, () => false))) {
      const lastCall = await lalit.page.$eval("[data-testid=game-screen]", (e) => e.dataset.lastCall ?? "");
      (saw.lostClicks ??= []).push({ version: layAt + 2, undo: true, lastCall });
      if (await lalit.page.$("[data-testid=undo]:not([disabled])")) await clickStill(lalit.page, "[data-testid=undo]");
    }
    await atVersion(lalit.page, layAt + 2);
    saw.undo = { version: layAt + 2 };

    // The optimiser's runs, drawn on the board and accepted.
    const runAt = await scriptUntil((a) => !!a.runTrains);
    await atVersion(lalit.page, runAt);
    await lalit.page.waitForSelector("[data-testid=runs-accept]:not([disabled])", { timeout: 20_000 });
    const suggested = await api("GameService/SuggestRuns", { gameId }, lalit.token);
    saw.runs = { before: runAt, revenues: (suggested.bestTotal?.runs ?? []).map((r) => r.revenue ?? 0) };
    await shot(lalit.page, "runs-desktop");
    await clickStill(lalit.page, "[data-testid=runs-accept]");
    await atVersion(lalit.page, runAt + 1);
    mark("boardMoves");
  }

  // Everyone hands their seat to the bot, Lalit last; the browsers follow live to the end.
  const autopilotOn = async (player) => {
    await player.page.waitForSelector("[data-test=autopilot]");
    await player.page.click("[data-test=autopilot]");
    await player.page.waitForFunction(() => document.querySelector("[data-test=autopilot]")?.checked === true);
  };
  await autopilotOn(meera);
  await autopilotOn(nikhil);
  // Lalit's players panel marks the two seats the bot plays (read afresh: a reload, so that his
  // screen also holds no earlier version's view).
  await lalit.page.reload({ waitUntil: "domcontentloaded" });
  await lalit.page.waitForSelector("[data-testid=game-screen]");
  await lalit.page.click("[data-testid=tab-players]");
  await lalit.page.waitForFunction(() => document.querySelectorAll("[data-testid^=autopilot-]").length === 2, { timeout: 20_000 });
  saw.autopilotMarked = await lalit.page.$$eval("[data-testid^=autopilot-]", (marks) =>
    marks.map((m) => m.closest("[data-testid^=player-]").dataset.testid));
  // The history: version 2 (two bonds written, 2.5.2.3) as Lalit saw it then, which this screen
  // never held: the players panel from the service's view at that version.
  await lalit.page.click("[data-testid=tab-history]");
  await lalit.page.waitForSelector("[data-testid=entry-2]");
  await lalit.page.click("[data-testid=entry-2]");
  await lalit.page.waitForFunction(() => document.querySelector("[data-testid=history-note]")?.textContent.startsWith("Showing version 2"), { timeout: 20_000 });
  saw.history = { note: await text(lalit.page, "[data-testid=history-note]") };
  await lalit.page.click("[data-testid=tab-players]");
  await lalit.page.waitForSelector("[data-testid=players]");
  await shot(lalit.page, "history-players-desktop");
  saw.history.players = await lalit.page.$$eval("[data-testid=players] tbody tr", (rows) => rows.map((row) => ({
    row: row.dataset.testid,
    cash: row.querySelectorAll("td")[1].textContent.trim().replace(/,/g, ""),
    bond: row.querySelector("[data-testid^=bond-]")?.textContent.trim().replace(/,/g, "") ?? "",
  })));
  await lalit.page.click("[data-testid=history-note] button");
  await autopilotOn(lalit);
  mark("autopilot");
  await Promise.all(players.map((p) => p.page.waitForSelector("[data-testid=game-screen][data-finished=yes]", { timeout: 200_000 })));
  mark("finished");
  saw.final = [];
  for (const player of players) {
    // The game-over panel's rows are rank, name, wealth ("£1,234"): reported as name, rank, "£1234".
    const rows = await player.page.$$eval("[data-testid=game-over] tbody tr", (trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent.trim()))
        .map(([rank, name, wealth]) => [name, rank, wealth.replace(/,/g, "")]));
    saw.final.push({ player: player.name, version: await versionOf(player.page), rows,
                     endReason: await text(player.page, "[data-testid=game-over] > p").catch(() => "") });
    if (player !== meera) await shot(player.page, player === nikhil ? "final-phone" : "final-desktop");
  }

  // Log out: back to the login screen, and a reload stays logged out.
  await nikhil.page.click("[data-test=logout]");
  await nikhil.page.waitForSelector("[data-test=login-form]");
  await nikhil.page.reload({ waitUntil: "domcontentloaded" });
  await nikhil.page.waitForSelector("[data-test=login-form]");
  saw.loggedOut = true;
} catch (err) {
  process.stderr.write(`browser_game: failed after ${Date.now() - started} ms; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser.close();
}
mark("done");
process.stdout.write(`${JSON.stringify(saw)}\n`);

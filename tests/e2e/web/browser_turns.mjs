// Whose turn it is, in a real browser on a phone (360x740): three players and two games (1853 and
// 1947) made through the API; the first player logged in in one browser with two tabs, one on "My
// games", the other in the 1853 game. After every move (the others' through the API, the player's
// own made by tapping in the second tab, and moves made while the first tab was closed) both tabs
// must agree with the service: the Games badge counts exactly the games whose legal-action list
// for the player is not empty, the banner names exactly those games (in the game tab, all but the
// one on screen), each links to its game, each "My games" card says whether it waits, and the page
// title gives the count. Prints what it saw as JSON for web_test.cc.
//
// Environment: MAILRUN_WEB_URL (the gateway), MAILRUN_WEB_CLIENT_DIR (node_modules of this
// folder's package.json), MAILRUN_CHROMIUM, MAILRUN_SCREENSHOTS (optional).
import {
  callApi, chooseMove, launchBrowser, logIn, moveOnScreen, phoneViewport, registerPlayers, screenAt, shot, startGame,
} from "./browser_common.mjs";
import { checkAccessibility } from "./axe.mjs";

const url = process.env.MAILRUN_WEB_URL;
if (!url) {
  console.error("browser_turns: MAILRUN_WEB_URL is not set");
  process.exit(2);
}
const password = "browser-test-password";
const started = Date.now();
const saw = { timings: {}, checks: 0, tabMoves: [], apiMoves: 0, closedMoves: 0, axe: {} };
const mark = (name) => { saw.timings[name] = Date.now() - started; };
let counter = 0;
const rid = () => `browser-turns-${Date.now()}-${counter++}`;
const api = (method, body, token) => callApi(url, ...method.split("/"), body, token);

const browser = await launchBrowser();
try {
  const players = await registerPlayers(url, ["Tara", "Uday", "Vikram"], password, rid);
  const [tara] = players;
  const games = [
    { name: "1853", id: await startGame(url, players, "TITLE_1853", rid) },
    { name: "1947", id: await startGame(url, players, "TITLE_1947", rid) },
  ];
  saw.games = games.map((g) => g.id);
  mark("started");

  // The service's word: the games whose legal-action list for Tara is not empty, and each game's
  // version and who may move in it.
  const truth = async () => {
    const waiting = [];
    const state = [];
    for (const game of games) {
      const movers = [];
      let version = 0;
      for (const p of players) {
        const legal = await api("GameService/ListLegalActions", { gameId: game.id }, p.token);
        version = Number(legal.version ?? 0);
        if ((legal.actions ?? []).length > 0) movers.push({ player: p, actions: legal.actions, version });
      }
      if (movers.some((m) => m.player === tara)) waiting.push(game.id);
      state.push({ game, version, movers });
    }
    return { waiting, state };
  };

  // What a tab shows, once it agrees with the service (or what it showed when it did not in time).
  const shows = () => {
    const badge = document.querySelector("[data-test=badge-games]")?.textContent ?? "0";
    const banner = document.querySelector("[data-test=your-turn]");
    const links = [...document.querySelectorAll("[data-test=your-turn-game]")].map((a) => ({ game: a.dataset.game, href: a.getAttribute("href"), text: a.textContent }));
    const cards = Object.fromEntries([...document.querySelectorAll("[data-test=my-game]")].map((c) => [c.dataset.game, c.dataset.myTurn]));
    return { badge: Number(badge), banner: banner ? banner.textContent : null, links, cards, title: document.title, hash: location.hash };
  };
  const agrees = (seen, waiting, onScreen, cardsShown) => {
    const expectedLinks = waiting.filter((g) => g !== onScreen).sort();
    const links = seen.links.map((l) => l.game).sort();
    if (seen.badge !== waiting.length) return `badge ${seen.badge}, expected ${waiting.length}`;
    if (JSON.stringify(links) !== JSON.stringify(expectedLinks)) return `banner names ${links}, expected ${expectedLinks}`;
    for (const l of seen.links) {
      if (l.href !== `#/game/${encodeURIComponent(l.game)}`) return `banner link ${l.href} for ${l.game}`;
      const name = games.find((g) => g.id === l.game)?.name;
      if (!l.text.includes(name)) return `banner link "${l.text}" does not name ${name}`;
    }
    const n = waiting.length;
    if (n > 0 ? !seen.title.startsWith(`(${n}) Your turn`) : seen.title !== "Mailrun") return `title "${seen.title}" for ${n} waiting`;
    if (cardsShown) {
      for (const game of games) {
        const expected = waiting.includes(game.id) ? "yes" : "no";
        if (seen.cards[game.id] !== expected) return `card of ${game.name} says ${seen.cards[game.id]}, expected ${expected}`;
      }
    }
    return "";
  };
  // Checks a tab against the service's word within 20 s; throws with what it showed.
  const check = async (page, what, onScreen = "") => {
    const { waiting } = await truth();
    const cardsShown = !onScreen;
    const deadline = Date.now() + 20_000;
    let problem = "";
    let seen;
    while (Date.now() < deadline) {
      seen = await page.evaluate(shows);
      problem = agrees(seen, waiting, onScreen, cardsShown);
      if (!problem) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    if (problem) throw new Error(`${what}: ${problem}; the tab shows ${JSON.stringify(seen)}; waiting on Tara: ${JSON.stringify(waiting)}`);
    saw.checks++;
    return seen;
  };

  const context = await browser.createBrowserContext();
  const newTab = async () => {
    const page = await context.newPage();
    await page.setViewport(phoneViewport);
    page.on("pageerror", (err) => { (saw.pageErrors ??= []).push(err.message); });
    return page;
  };
  const list = await newTab();
  await logIn(list, url, tara.name, password);
  await list.goto(`${url}/#/games`, { waitUntil: "domcontentloaded" });
  await list.waitForSelector("[data-test=my-game]");
  await check(list, "at the start");
  saw.axe.myGames = await checkAccessibility(list);
  await shot(list, "turns-my-games-phone");
  // The second tab, in the 1853 game (the same session: the same browser's storage).
  const inGame = await newTab();
  await inGame.goto(`${url}/#/game/${encodeURIComponent(games[0].id)}`, { waitUntil: "domcontentloaded" });
  await inGame.waitForSelector("[data-testid=game-screen]");
  await check(inGame, "in the game tab at the start", games[0].id);

  // Moves, alternating between the games: Tara's by tapping in the game tab (moved to that game),
  // the others' through the API (each a legal action chosen by scripted.mjs). At least two of
  // Tara's by hand.
  for (let move = 0; move < 10 || saw.tabMoves.length < 2; move++) {
    if (move > 30) throw new Error(`Tara had only ${saw.tabMoves.length} moves to make by hand in 30`);
    const { state } = await truth();
    const at = state[move % 2].movers.length ? state[move % 2] : state[(move + 1) % 2];
    const taras = at.movers.find((m) => m.player === tara);
    const mover = taras && (saw.tabMoves.length < 2 || move % 3 === 0) ? taras : at.movers.find((m) => m.player !== tara) ?? taras;
    if (!mover) throw new Error(`nobody may move in either game (move ${move})`);
    if (mover.player === tara) {
      const where = `#/game/${encodeURIComponent(at.game.id)}`;
      if (!(await inGame.evaluate(() => location.hash)).endsWith(where.slice(1))) {
        await inGame.goto(`${url}/${where}`, { waitUntil: "domcontentloaded" });
      }
      await screenAt(inGame, at.version);
      const words = await moveOnScreen(inGame);
      await inGame.waitForFunction((v) => Number(document.querySelector("[data-testid=game-screen]")?.dataset.version) > v, { timeout: 30_000 }, at.version);
      saw.tabMoves.push({ game: at.game.name, before: at.version, words });
      await check(inGame, `in the game tab after Tara's move ${words} in ${at.game.name}`, at.game.id);
    } else {
      const pick = chooseMove(mover.actions);
      await api("GameService/SubmitAction", { gameId: at.game.id, expectedVersion: String(at.version), action: pick.action, requestId: rid() }, mover.player.token);
      saw.apiMoves++;
    }
    await check(list, `the list tab after move ${move} (${mover.player.name} in ${at.game.name})`);
  }
  mark("moves");
  await shot(inGame, "turns-game-phone");
  saw.axe.game = await checkAccessibility(inGame);
  // Each game's screen on the phone (the move forms of 1853's bids and of 1947's auction), in the
  // light and the dark theme, checked by axe-core.
  for (const game of games) {
    await inGame.goto(`${url}/#/game/${encodeURIComponent(game.id)}`, { waitUntil: "domcontentloaded" });
    await inGame.waitForSelector("[data-testid=game-screen]");
    await inGame.waitForFunction(() => {
      const screen = document.querySelector("[data-testid=game-screen]");
      return screen && screen.dataset.legalVersion === screen.dataset.version;
    }, { timeout: 30_000 });
    saw.axe[`game${game.name}`] = await checkAccessibility(inGame);
    await shot(inGame, `game-${game.name}-moves-phone`);
    await inGame.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "dark" }]);
    saw.axe[`game${game.name}Dark`] = await checkAccessibility(inGame);
    await shot(inGame, `game-${game.name}-dark-phone`);
    await inGame.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "light" }]);
  }

  // The list tab closed; moves made meanwhile (the others', and Tara's through the API: another
  // device); opened again, it shows the games as they are now.
  await list.close();
  await inGame.close();
  for (let move = 0; move < 6; move++) {
    const { state } = await truth();
    const at = state[move % 2].movers.length ? state[move % 2] : state[(move + 1) % 2];
    const mover = at.movers[0];
    if (!mover) throw new Error("nobody may move while the tab is closed");
    const pick = chooseMove(mover.actions);
    await api("GameService/SubmitAction", { gameId: at.game.id, expectedVersion: String(at.version), action: pick.action, requestId: rid() }, mover.player.token);
    saw.closedMoves++;
  }
  const reopened = await newTab();
  await reopened.goto(`${url}/#/games`, { waitUntil: "domcontentloaded" });
  await reopened.waitForSelector("[data-test=my-game]");
  saw.reopened = await check(reopened, "reopened after moves made while it was closed");
  mark("done");
} catch (err) {
  process.stderr.write(`browser_turns: failed after ${Date.now() - started} ms; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser.close();
}
process.stdout.write(`${JSON.stringify(saw)}\n`);

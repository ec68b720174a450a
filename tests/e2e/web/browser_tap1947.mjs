// 1947 through its private auction, its first stock round and its first operating round, played
// by tapping only (issue 48's acceptance): three players, each on a phone of their own (a browser
// context at 360 x 740 with touch), logged in on the login screen. Every move of every seat is
// made in that seat's browser by tapping (browser_tapper.mjs): bids and passes in the auction's
// forms, pars and buys in the stock round's, track lays and stations on the map (the tile tray's
// tile and rotation), a train bought from the forms, and the runs: the first railway with a run of
// two stops or more draws it by hand on the map (the train's run cleared, the optimiser's stops
// tapped in the other order, checked by the service before "Run these"), the others take the
// optimiser's runs. The test only decides which move (the service's legal actions, the scripted
// player's choice: web/src/game/dev/scripted.mjs). At the first stock round, the player to act
// reloads their page and where its forms' controls and submit lie is measured (issue 48: 1947's
// stock round fits one 360 x 740 screen, the tab bar on two rows). axe-core checks each distinct
// screen met once. Prints what it saw as JSON for web_tap_test.cc to check against the service.
//
// Environment: MAILRUN_WEB_URL, MAILRUN_WEB_CLIENT_DIR, MAILRUN_CHROMIUM, MAILRUN_SCREENSHOTS.
import { callApi, chooseMove, launchBrowser, phoneLoggedIn, registerPlayers, shot, startGame } from "./browser_common.mjs";
import { kindOf, nextMover, phases, screenChecker, screenAt, tap, tapHex, tapMove } from "./browser_tapper.mjs";

const url = process.env.MAILRUN_WEB_URL;
if (!url) {
  console.error("browser_tap1947: MAILRUN_WEB_URL is not set");
  process.exit(2);
}
const password = "browser-test-password";
const started = Date.now();
const saw = { timings: {}, axe: {}, moves: 0, kinds: {}, log: [], screens: [] };
const mark = (name) => { saw.timings[name] = Date.now() - started; };
const api = (method, body, token) => callApi(url, ...method.split("/"), body, token);
let counter = 0;
const rid = () => `browser-tap1947-${Date.now()}-${counter++}`;

// Where the stock round's forms and the submit button lie on the phone as the page opens.
const stockControls = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
  const strip = document.querySelector("[data-testid=glance]").getBoundingClientRect();
  const tabs = document.querySelector(".mr-tabs").getBoundingClientRect();
  const list = [...document.querySelectorAll("[data-testid=form-par] button, [data-testid=form-par] select, [data-testid=form-buy] button, [data-testid=form-buy] select, [data-testid=form-pass] button, [data-testid=submit]")];
  const rects = list.map((e) => e.getBoundingClientRect());
  resolve({
    viewport: { width: window.innerWidth, height: window.innerHeight },
    stripBottom: Math.round(strip.bottom),
    tabRows: Math.round(tabs.height / 44),
    count: list.length,
    top: Math.round(Math.min(...rects.map((r) => r.top))),
    bottom: Math.round(Math.max(...rects.map((r) => r.bottom))),
    right: Math.round(Math.max(...rects.map((r) => r.right))),
    submitBottom: Math.round(document.querySelector("[data-testid=submit]").getBoundingClientRect().bottom),
  });
}))));

const browser = await launchBrowser();
try {
  const players = await registerPlayers(url, ["Uma", "Vikram", "Wasim"], password, rid);
  const gameId = await startGame(url, players, "TITLE_1947", rid);
  saw.gameId = gameId;
  for (const p of players) {
    const { page } = await phoneLoggedIn(browser, url, p.name, password, saw);
    p.page = page;
    await page.goto(`${url}/#/game/${encodeURIComponent(gameId)}`, { waitUntil: "domcontentloaded" });
    await page.waitForSelector("[data-testid=game-screen]");
  }
  mark("opened");

  const onScreenOf = screenChecker(saw, "tap-1947", shot);

  // A run drawn by hand on the map: the train's run cleared, then the optimiser's stops tapped in
  // the other order, and the train's drawing ended.
  const drawByHand = (mover) => async (page) => {
    const suggested = await api("GameService/SuggestRuns", { gameId }, mover.token);
    const chosen = (suggested.bestTotal?.runs ?? []).find((r) => (r.nodes ?? []).length >= 2);
    const train = Number(chosen.trainId.split("-").pop());
    const wanted = [...chosen.nodes].reverse();
    saw.handRun = { runner: mover.name, company: suggested.company, train, wanted, planRevenue: chosen.revenue ?? 0 };
    await tap(page, `[data-testid=hand-train-${train}]`);
    await tap(page, `[data-testid=hand-clear-${train}]`);
    await page.waitForSelector(`[data-testid=hand-run-${train}][data-stops=""]`);
    for (const hex of wanted) await tapHex(page, hex);
    await page.waitForSelector(`[data-testid=hand-run-${train}][data-stops="${wanted.join(" ")}"]`, { timeout: 10_000 });
    await page.waitForSelector("[data-testid=hand-runs][data-checked=ok]", { timeout: 30_000 });
    saw.handRun.shownTotal = Number(await page.$eval("[data-testid=hand-total]", (e) => e.dataset.revenue));
    await shot(page, "tap-1947-hand-run-phone");
    await tap(page, `[data-testid=hand-train-${train}]`); // done drawing
  };

  let inOperating = false;
  let pastFirst = false; // the first operating round is over
  const bidders = new Set(); // who has bid in the auction
  for (;;) {
    if (saw.moves >= 400) throw new Error(`the first operating round did not end after ${saw.moves} tapped moves`);
    const game = await api("GameService/GetGame", { gameId }, players[0].token);
    const round = game.view?.round ?? {};
    const operatingOne = round.kind === "ROUND_OPERATING" && (round.number ?? 0) === 1;
    if (operatingOne && !inOperating) mark("operatingRound");
    pastFirst ||= inOperating && !operatingOne;
    // A railway runs before it buys a train (6.0), so no train runs in the first operating round:
    // play on to the first run, drawn by hand, and stop when it is made.
    if (pastFirst && saw.handRun?.before !== undefined) break;
    inOperating ||= operatingOne;
    if (round.kind === "ROUND_STOCK" && !saw.timings.stockRound) mark("stockRound");
    const { mover, legal } = (await nextMover(api, gameId, players)) ?? {};
    if (!mover) throw new Error(`nobody has a move at version ${game.version}`);
    const version = Number(legal.version ?? 0);
    // The auction: each player bids once, the least allowed typed in (3.2); else the scripted choice.
    const bid = legal.actions.find((a) => a.action.bidPrivate1947);
    const bidding = bid && !bidders.has(mover.name);
    const pick = bidding ? bid : chooseMove(legal.actions);
    if (bidding) bidders.add(mover.name);
    const index = legal.actions.indexOf(pick);
    const { kind, value } = kindOf(pick.action);
    // The first stock round's first turn: the page as it opens there (a reload), measured.
    if (round.kind === "ROUND_STOCK" && !saw.stockFit) {
      await mover.page.reload({ waitUntil: "domcontentloaded" });
      await screenAt(mover.page, version);
      await mover.page.waitForSelector("[data-testid=move-forms]");
      saw.stockFit = { opened: await stockControls(mover.page) };
      await shot(mover.page, "tap-1947-stock-round-opened-phone");
    }
    const byHand = kind === "runTrains1947" && !saw.handRun && (value.runs ?? []).some((r) => (r.stops ?? []).length >= 2);
    try {
      const words = await tapMove(mover.page, { legal: legal.actions, index, version, cityHex: new Map(), runs: byHand ? drawByHand(mover) : undefined, amount: bidding ? Number(bid.minAmount ?? 0) : undefined, onScreen: onScreenOf(mover.page) });
      saw.log.push({ version: version + 1, player: mover.name, kind, words });
    } catch (error) {
      await shot(mover.page, "tap-1947-failed-phone");
      throw new Error(`${mover.name}'s move ${saw.moves + 1} (${kind}: ${pick.description}) at version ${version}: ${error.message}`);
    }
    if (byHand) saw.handRun.before = version;
    saw.moves++;
    saw.kinds[kind] = (saw.kinds[kind] ?? 0) + 1;
  }
  mark("done");
  saw.timings.phases = phases;
  saw.finalVersion = saw.log.length ? saw.log[saw.log.length - 1].version : 0;
} catch (err) {
  process.stderr.write(`browser_tap1947: failed after ${Date.now() - started} ms; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser.close();
}
process.stdout.write(`${JSON.stringify(saw)}\n`);

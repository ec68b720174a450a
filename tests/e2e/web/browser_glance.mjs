// The at-a-glance strip and the spreadsheet in a real browser (chromium, headless, driven by
// puppeteer-core), checked against the game service's own view, for both titles: three players
// and a game of each title made through the API; the moves scripted (web/src/game/dev/scripted.mjs)
// until the first player may buy a share (1853's first dealing round) or start a railway (1947's
// first stock round). That player, logged in on a 360x740 phone, sees the strip (cash,
// certificates against the limit, what the turn asks) and the spreadsheet (every player's
// holdings in every company column, cash, certificates, worth; the shares in the bank or offer
// and the pool; each company's price, par, treasury, trains, last run, 1947's stations), each compared
// with GetGame's view as that player reads it; makes a move by tapping the forms; then the script
// plays on (1853: until a company has run its trains, so a last run shows) and everything is
// compared again, followed live. Also measured: 1947's first stock round's forms on the phone
// (where each start/buy control and the submit button lie), the strip staying in view when the
// page is scrolled, the sheet's first column staying in view when the sheet is scrolled sideways,
// what a screen reader reads of the strip, that 1947's market, companies and players tabs each show
// panels of their own, and axe-core on the new views (phone and desktop, light and dark). Prints
// what it saw as JSON for web_test.cc.
//
// Environment: MAILRUN_WEB_URL (the gateway), MAILRUN_WEB_CLIENT_DIR (node_modules of this
// folder's package.json), MAILRUN_CHROMIUM, MAILRUN_SCREENSHOTS (optional).
import { checkAccessibility } from "./axe.mjs";
import {
  callApi, chooseMove, clickStill, launchBrowser, logIn, phoneViewport, registerPlayers, screenAt, shot, startGame,
} from "./browser_common.mjs";

const url = process.env.MAILRUN_WEB_URL;
if (!url) {
  console.error("browser_glance: MAILRUN_WEB_URL is not set");
  process.exit(2);
}
const password = "browser-test-password";
const started = Date.now();
const saw = { timings: {}, checks: [], axe: {}, scripted: 0 };
const mark = (name) => { saw.timings[name] = Date.now() - started; };
let counter = 0;
const rid = () => `browser-glance-${Date.now()}-${counter++}`;
const api = (method, body, token) => callApi(url, ...method.split("/"), body, token);
const desktopViewport = { width: 1440, height: 900, deviceScaleFactor: 1 };

// proto3 JSON leaves zeros out and writes int64 as strings.
const num = (v) => Number(v ?? 0);
const pounds = (n) => `${n < 0 ? "-" : ""}£${Math.abs(n).toLocaleString("en-US")}`;
const rupees = (n) => `Rs.${n}`;

// Plays scripted moves (everyone's, chooseMove's pick) in `gameId` until `done(view, legalOf)`
// says so; `legalOf(player)` is that player's legal-action list now.
async function playUntil(gameId, players, done, limit = 800) {
  for (let moves = 0; moves < limit; moves++) {
    const lists = [];
    for (const p of players) lists.push({ p, legal: await api("GameService/ListLegalActions", { gameId }, p.token) });
    const view = (await api("GameService/GetGame", { gameId }, players[0].token)).view;
    if (done(view, (p) => lists.find((l) => l.p === p).legal.actions ?? [])) return Number(lists[0].legal.version ?? 0);
    const mover = lists.find((l) => (l.legal.actions ?? []).length > 0);
    if (!mover) throw new Error("nobody has a move");
    const pick = chooseMove(mover.legal.actions);
    await api("GameService/SubmitAction", { gameId, expectedVersion: mover.legal.version, action: pick.action, requestId: rid() }, mover.p.token);
    saw.scripted++;
  }
  throw new Error("the scripted game did not reach the point wanted");
}

// The strip and the sheet the game service's view calls for, as `me` reads it, written as the
// screen writes them (sheetModel.ts): { strip: {cash, certs, mine, waitingFor}, columns, cells }.
function expected(view, me, title) {
  const money = title === "1853" ? pounds : rupees;
  const mine = view.players.find((p) => p.displayName === me.name);
  if (!(num(mine.certificateLimit) > 0)) throw new Error(`the view gives ${me.name} no certificate limit: ${JSON.stringify(mine)}`);
  const active = view.activeSeats ?? [];
  const strip = {
    cash: money(num(mine.cash)),
    certs: `${num(mine.certificates)}/${num(mine.certificateLimit)}`,
    mine: active.includes(num(mine.seat)),
    waitingFor: active.map((s) => view.players.find((p) => num(p.seat) === s).displayName).join(", "),
  };
  const cells = {}; // data-testid -> text
  const pct = (n) => (n > 0 ? `${n}%` : "");
  let columns;
  if (title === "1853") {
    const held = new Set(view.players.flatMap((p) => (p.holdings ?? []).map((h) => h.company)));
    const companies = (view.companies ?? []).filter((c) => ["COMPANY_ON_SALE", "COMPANY_FORMED"].includes(c.status) || held.has(c.initials));
    columns = companies.map((c) => c.initials);
    for (const p of view.players) {
      const row = `sheet-seat-${num(p.seat)}`;
      for (const c of companies) {
        const h = (p.holdings ?? []).find((x) => x.company === c.initials);
        cells[`${row}-${c.initials}`] = h && num(h.shares) ? `${num(h.shares) * 10}%${h.director ? " D" : ""}${num(h.unredeemed) ? ` ${num(h.unredeemed)}u` : ""}` : "";
      }
      cells[`${row}-cash`] = pounds(num(p.cash));
      cells[`${row}-certs`] = `${num(p.certificates)}/${num(p.certificateLimit)}`;
      cells[`${row}-worth`] = pounds(num(p.wealth));
    }
    for (const c of companies) {
      const formed = c.status === "COMPANY_FORMED";
      cells[`sheet-bank-${c.initials}`] = pct(num(c.sharesInBank) * 10);
      cells[`sheet-pool-${c.initials}`] = pct(num(c.sharesInPool) * 10);
      cells[`sheet-price-${c.initials}`] = formed && num(c.sharePrice) ? pounds(num(c.sharePrice)) : "";
      cells[`sheet-par-${c.initials}`] = num(c.par) ? pounds(num(c.par)) : "";
      cells[`sheet-treasury-${c.initials}`] = formed ? pounds(num(c.treasury)) : "";
      cells[`sheet-trains-${c.initials}`] = (c.trains ?? []).map((t) => t.name).join(" ");
      cells[`sheet-last-run-${c.initials}`] = (c.lastRuns ?? []).length ? pounds(c.lastRuns.reduce((s, r) => s + num(r.revenue), 0)) : "";
    }
  } else {
    const g = view.game1947;
    columns = g.railways.map((r) => r.initials);
    for (const p of g.players) {
      const row = `sheet-seat-${num(p.seat)}`;
      for (const r of g.railways) {
        const h = (p.holdings ?? []).find((x) => x.company === r.initials);
        const bonds = num(h?.bonds) + num(h?.newBonds);
        cells[`${row}-${r.initials}`] = h
          ? [num(h.ordinaryPercent) ? `${num(h.ordinaryPercent)}%${h.president ? " P" : ""}` : "", num(h.savingsPercent) ? `+${num(h.savingsPercent)}%s` : "", bonds ? `${bonds}b` : ""].filter(Boolean).join(" ")
          : "";
      }
      cells[`${row}-cash`] = rupees(num(p.cash));
      cells[`${row}-certs`] = `${num(p.certificates)}/${num(p.certificateLimit)}`;
      cells[`${row}-worth`] = rupees(num(view.players.find((x) => num(x.seat) === num(p.seat)).wealth));
      cells[`${row}-privates`] = (p.privates ?? []).map((n) => `P${n}`).join(" ");
    }
    for (const r of g.railways) {
      const par = num(r.par);
      cells[`sheet-offer-${r.initials}`] = pct(num(r.initialOfferPercent));
      cells[`sheet-pool-${r.initials}`] = pct(num(r.bankPoolPercent));
      cells[`sheet-bonds-offer-${r.initials}`] = num(r.bondsInitialOffer) ? String(num(r.bondsInitialOffer)) : "";
      cells[`sheet-bonds-pool-${r.initials}`] = num(r.bondsBankPool) ? String(num(r.bondsBankPool)) : "";
      cells[`sheet-price-${r.initials}`] = par && num(r.marketValue) ? rupees(num(r.marketValue)) : "";
      cells[`sheet-par-${r.initials}`] = par ? rupees(par) : "";
      cells[`sheet-treasury-${r.initials}`] = par ? rupees(num(r.treasury)) : "";
      cells[`sheet-trains-${r.initials}`] = (r.trains ?? []).join(" ");
      cells[`sheet-stations-${r.initials}`] = (r.stations ?? []).length ? String(r.stations.length) : "";
      cells[`sheet-last-run-${r.initials}`] = (r.lastRuns ?? []).length ? rupees(num(r.lastRevenue)) : "";
    }
  }
  return { strip, columns, cells };
}

// What the page shows: the strip's parts and every cell of the sheet by data-testid (its written
// text, not the words for screen readers), and the sheet's company columns.
const shown = () => {
  const text = (sel) => document.querySelector(sel)?.textContent?.trim() ?? null;
  const strip = {
    cash: document.querySelector("[data-testid=glance-cash] b")?.textContent ?? null,
    certs: document.querySelector("[data-testid=glance-certs] b")?.textContent ?? null,
    turn: text("[data-testid=glance-turn]"),
  };
  const cells = {};
  for (const td of document.querySelectorAll("[data-testid=spreadsheet] td[data-testid]")) cells[td.dataset.testid] = td.querySelector("[aria-hidden=true]").textContent;
  const columns = [...document.querySelectorAll("[data-testid=spreadsheet] thead th .mr-sheet-co")].map((e) => e.textContent);
  return { strip, cells, columns };
};

// Compares the page with the service's view within 20 s (the stream brings moves made elsewhere):
// the strip, and the sheet when its tab is open; throws with the differences.
async function compare(page, gameId, me, title, what) {
  const answer = await api("GameService/GetGame", { gameId }, me.token);
  const want = expected(answer.view, me, title);
  const deadline = Date.now() + 20_000;
  const sheet = await page.evaluate(() => !!document.querySelector("[data-testid=spreadsheet]"));
  let problems = [];
  for (;;) {
    await page.waitForFunction((v) => document.querySelector("[data-testid=game-screen]")?.dataset.version === v, { timeout: 30_000 }, String(answer.version ?? "0"));
    const got = await page.evaluate(shown);
    problems = [];
    if (got.strip.cash !== want.strip.cash) problems.push(`strip cash ${got.strip.cash}, expected ${want.strip.cash}`);
    if (got.strip.certs !== want.strip.certs) problems.push(`strip certs ${got.strip.certs}, expected ${want.strip.certs}`);
    if (want.strip.mine ? !got.strip.turn?.startsWith("Your turn: ") : got.strip.turn !== `Waiting for ${want.strip.waitingFor}`) problems.push(`strip turn "${got.strip.turn}" (mine: ${want.strip.mine}, waiting for ${want.strip.waitingFor})`);
    if (sheet && JSON.stringify(got.columns) !== JSON.stringify(want.columns)) problems.push(`columns ${got.columns}, expected ${want.columns}`);
    for (const [id, value] of sheet ? Object.entries(want.cells) : []) {
      if (got.cells[id] !== value) problems.push(`${id}: "${got.cells[id]}", expected "${value}"`);
    }
    if (problems.length === 0 || Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  if (problems.length) throw new Error(`${title} ${what}: ${problems.join("; ")}`);
  const nonEmpty = sheet ? Object.values(want.cells).filter(Boolean).length : 0;
  saw.checks.push({ title, what, sheet, version: Number(answer.version ?? 0), cells: sheet ? Object.keys(want.cells).length : 0, nonEmpty, strip: want.strip });
}

const openTab = async (page, tab) => {
  await page.$eval(`[data-testid=tab-${tab}]`, (e) => e.click());
  await page.waitForSelector(`[data-testid=tab-${tab}].mr-chosen`);
};

// Chooses the first move of the form `kind` (MoveForms.tsx) by tapping: its company, then its
// first choice (the option button or the select's first entry); returns the submit button's words.
async function formMove(page, kind) {
  const form = `[data-testid=form-${kind}]`;
  await page.waitForSelector(form);
  if (await page.$(`${form} button[data-testid^=form-${kind}-company-]`)) await clickStill(page, `${form} button[data-testid^=form-${kind}-company-]`);
  if (await page.$(`${form} [data-testid=form-${kind}-variant]`)) {
    const value = await page.$eval(`${form} [data-testid=form-${kind}-variant] option:not([value=""])`, (o) => o.value);
    await page.select(`${form} [data-testid=form-${kind}-variant]`, value);
  } else if (await page.$(`${form} [data-testid=form-${kind}-option]`)) {
    await clickStill(page, `${form} [data-testid=form-${kind}-option]`);
  }
  await page.waitForSelector("[data-testid=submit]:not([disabled])");
  return page.$eval("[data-testid=submit]", (e) => e.textContent.trim());
}

const browser = await launchBrowser();
try {
  const players = await registerPlayers(url, ["Wren", "Xena", "Yusuf"], password, rid);
  const [wren] = players;
  const games = { 1853: await startGame(url, players, "TITLE_1853", rid), 1947: await startGame(url, players, "TITLE_1947", rid) };
  saw.games = games;
  saw.player = wren.name;
  mark("started");

  const context = await browser.createBrowserContext();
  const phone = await context.newPage();
  await phone.setViewport(phoneViewport);
  phone.on("pageerror", (err) => { (saw.pageErrors ??= []).push(err.message); });
  await logIn(phone, url, wren.name, password);
  const desktop = await context.newPage();
  await desktop.setViewport(desktopViewport);
  desktop.on("pageerror", (err) => { (saw.pageErrors ??= []).push(err.message); });
  // The game of `title` on the desktop, its sheet compared with the service's view and checked by axe-core.
  const sheetOnDesktop = async (title) => {
    await desktop.bringToFront();
    await desktop.goto(`${url}/#/game/${encodeURIComponent(games[title])}`, { waitUntil: "domcontentloaded" });
    await desktop.waitForSelector("[data-testid=glance]");
    await openTab(desktop, "sheet");
    await compare(desktop, games[title], wren, title, "the sheet on a desktop");
    saw.axe[`sheet${title}Desktop`] = await checkAccessibility(desktop);
    await shot(desktop, `sheet-${title}-desktop`);
  };
  // Two tabs of one browser: only the tab in front runs its animation frames (waitForFunction polls on them).
  const open = async (page, title, version) => {
    await page.bringToFront();
    await page.goto(`${url}/#/game/${encodeURIComponent(games[title])}`, { waitUntil: "domcontentloaded" });
    try {
      await screenAt(page, version, 30_000);
    } catch (err) {
      const at = await page.evaluate(() => ({ ...(document.querySelector("[data-testid=game-screen]")?.dataset ?? {}), hash: location.hash, body: document.body.innerText.slice(0, 400) }));
      throw new Error(`${title} did not show version ${version}: ${JSON.stringify(at)}`);
    }
  };

  // ---- 1853: the first dealing round, Wren to buy.
  const dealing = await playUntil(games[1853], players, (_, legalOf) => legalOf(wren).some((a) => a.action.buyShare));
  await open(phone, "1853", dealing);
  await compare(phone, games[1853], wren, "1853", "the dealing round, Wren to buy");
  saw.axe.strip1853 = await checkAccessibility(phone);
  await shot(phone, "glance-1853-phone");
  // A screen reader reads the strip as sentences (the figures in words, nothing twice).
  const spoken = await phone.$eval("[data-testid=glance]", (e) => {
    const out = [];
    const walk = (n) => {
      if (n.nodeType === 3) { out.push(n.textContent); return; }
      if (n.nodeType !== 1 || n.getAttribute("aria-hidden") === "true") return;
      for (const c of n.childNodes) walk(c);
    };
    walk(e);
    return { label: e.getAttribute("aria-label"), text: out.join("").replace(/\s+/g, " ").trim(), live: e.querySelector("[aria-live]")?.getAttribute("aria-live") };
  });
  saw.spoken1853 = spoken;
  // The sheet: its cells as the service has them; scrolled sideways, the names stay in view.
  await openTab(phone, "sheet");
  await compare(phone, games[1853], wren, "1853", "the sheet in the dealing round");
  saw.axe.sheet1853 = await checkAccessibility(phone);
  await phone.$eval("[data-testid=spreadsheet]", (e) => e.scrollIntoView({ block: "start" }));
  await shot(phone, "sheet-1853-phone");
  saw.sticky = await phone.$eval("[data-testid=spreadsheet] .mr-sheet-wrap", async (wrap) => {
    const name = wrap.querySelector("tbody th[scope=row]");
    const before = Math.round(name.getBoundingClientRect().left - wrap.getBoundingClientRect().left);
    wrap.scrollLeft = wrap.scrollWidth;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    return { scrollWidth: wrap.scrollWidth, clientWidth: wrap.clientWidth, scrolled: Math.round(wrap.scrollLeft), before, after: Math.round(name.getBoundingClientRect().left - wrap.getBoundingClientRect().left) };
  });
  await phone.$eval("[data-testid=spreadsheet] .mr-sheet-wrap", (wrap) => { wrap.scrollLeft = 0; });
  // Wren buys a share by tapping the buy form.
  await openTab(phone, "moves");
  saw.move1853 = await formMove(phone, "buy");
  await clickStill(phone, "[data-testid=submit]");
  await phone.waitForFunction((v) => Number(document.querySelector("[data-testid=game-screen]")?.dataset.version) > v, { timeout: 30_000 }, dealing);
  await compare(phone, games[1853], wren, "1853", `after Wren's move "${saw.move1853}"`);
  // The script plays on until a company has run its trains: its last run shows in the sheet.
  await openTab(phone, "sheet");
  await playUntil(games[1853], players, (view) => (view.companies ?? []).some((c) => (c.lastRuns ?? []).length > 0));
  await compare(phone, games[1853], wren, "1853", "after the first runs, followed live");
  await sheetOnDesktop("1853");
  await phone.bringToFront();
  await phone.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "dark" }]);
  saw.axe.sheet1853Dark = await checkAccessibility(phone);
  await phone.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "light" }]);
  mark("1853");

  // ---- 1947: the first stock round, Wren to start a railway.
  const stock = await playUntil(games[1947], players, (view, legalOf) => view.game1947?.round === "stock round" && legalOf(wren).some((a) => a.action.buyPresidentCertificate1947));
  await open(phone, "1947", stock);
  await compare(phone, games[1947], wren, "1947", "the first stock round, Wren to start a railway");
  // Where the forms' controls lie on the phone as the page opens (useOpenAtMoves.ts: a turn with
  // no move on the map opens at the moves, below the strip), no scroll made by the test; then with
  // a company chosen (its pars in a select below the chips).
  const controls = async () => phone.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => {
    const strip = document.querySelector("[data-testid=glance]").getBoundingClientRect();
    const list = [...document.querySelectorAll("[data-testid=form-par] button, [data-testid=form-par] select, [data-testid=form-buy] button, [data-testid=form-buy] select, [data-testid=submit]")];
    const rects = list.map((e) => e.getBoundingClientRect());
    resolve({
      viewport: { width: window.innerWidth, height: window.innerHeight },
      scrollY: Math.round(window.scrollY),
      stripBottom: Math.round(strip.bottom),
      count: list.length,
      top: Math.round(Math.min(...rects.map((r) => r.top))),
      bottom: Math.round(Math.max(...rects.map((r) => r.bottom))),
      right: Math.round(Math.max(...rects.map((r) => r.right))),
      pageHeight: document.documentElement.scrollHeight,
    });
  }))));
  saw.fit = { opened: await controls() };
  await shot(phone, "glance-1947-stock-phone");
  await phone.$eval("[data-testid=form-par] button[data-testid^=form-par-company-]", (e) => e.click());
  await phone.waitForSelector("[data-testid=form-par-variant]");
  saw.fit.chosen = await controls();
  await shot(phone, "glance-1947-forms-phone");
  saw.axe.strip1947 = await checkAccessibility(phone);
  await phone.evaluate(() => window.scrollTo(0, 0));
  saw.move1947 = await formMove(phone, "par");
  await clickStill(phone, "[data-testid=submit]");
  await phone.waitForFunction((v) => Number(document.querySelector("[data-testid=game-screen]")?.dataset.version) > v, { timeout: 30_000 }, stock);
  await compare(phone, games[1947], wren, "1947", `after Wren's move "${saw.move1947}"`);
  // 1947's market, companies and players tabs each show panels of their own (the round's panel
  // above them all aside), and the sheet is none of them.
  saw.tabs1947 = {};
  for (const tab of ["market", "companies", "players", "sheet"]) {
    await openTab(phone, tab);
    saw.tabs1947[tab] = await phone.$$eval(".mr-side > section.mr-panel[data-testid]", (els) => els.map((e) => e.dataset.testid).filter((id) => id !== "game-1947"));
  }
  // The strip stays at the top of the screen when the page is scrolled past it (the railways' long tab).
  await openTab(phone, "companies");
  saw.stripAfterScroll = await phone.$eval("[data-testid=glance]", async (e) => {
    window.scrollTo(0, 0);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const natural = Math.round(e.getBoundingClientRect().top);
    window.scrollTo(0, document.documentElement.scrollHeight);
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const r = e.getBoundingClientRect();
    return { natural, top: Math.round(r.top), bottom: Math.round(r.bottom), scrollY: Math.round(window.scrollY) };
  });
  await shot(phone, "glance-1947-scrolled-phone");
  await phone.evaluate(() => window.scrollTo(0, 0));
  await openTab(phone, "sheet");
  await compare(phone, games[1947], wren, "1947", "the sheet in the stock round");
  await phone.$eval("[data-testid=spreadsheet]", (e) => e.scrollIntoView({ block: "start" }));
  saw.axe.sheet1947 = await checkAccessibility(phone);
  await shot(phone, "sheet-1947-phone");
  await playUntil(games[1947], players, (view) => (view.game1947?.railways ?? []).some((r) => (r.trains ?? []).length > 0) && view.game1947?.round === "operating round");
  await compare(phone, games[1947], wren, "1947", "in the operating round, followed live");
  await sheetOnDesktop("1947");
  await openTab(desktop, "moves");
  await shot(desktop, "glance-1947-desktop");
  await desktop.emulateMediaFeatures([{ name: "prefers-color-scheme", value: "dark" }]);
  saw.axe.moves1947DesktopDark = await checkAccessibility(desktop);
  mark("1947");
} catch (err) {
  process.stderr.write(`browser_glance: failed after ${Date.now() - started} ms; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser.close();
}
process.stdout.write(`${JSON.stringify(saw)}\n`);

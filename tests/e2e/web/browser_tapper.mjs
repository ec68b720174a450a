// A player's move made on the game screen by tapping only (a phone's touchscreen, 360 x 740): the
// move is one of the service's legal actions (ListLegalActions, read by the test to decide), and
// it is made as a person would make it: a hex of the map tapped for a lay, a base or station, a
// bid city or a run's stop; a form's company, choice and amount for the rest; then the submit
// button. Before each tap the target is brought into view and checked to be the element under
// the finger (no overlay, sticky strip or bottom sheet over it): a target a person could not tap
// fails the test, naming what covers it. Used by browser_tap1853.mjs and browser_tap1947.mjs.
import { checkAccessibility } from "./axe.mjs";

// Where the moves' time goes (ms in all, by step), for the scripts' timings: `timed` adds the
// time of `f` to phases[name].
export const phases = {};
export async function timed(name, f) {
  const t = Date.now();
  try {
    return await f();
  } finally {
    phases[name] = (phases[name] ?? 0) + Date.now() - t;
  }
}

const frames = (page) => page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));

// Where a finger would land on `selector` (the middle of its box) and whether that point is the
// element itself; else what lies over it there. Brought into view first as `bring` says:
// "middle", scrolled to the middle of the screen (a button, a tab, a select, an input); "map", a
// hex focused (the board pans to show it, Board.tsx) and, two frames later, the page scrolled so
// it lies in the upper part of the screen (a bottom sheet may cover the lower part). Then the
// answer waits until its box has stood still for two frames (a sheet opening): all in the page,
// one round trip.
function landing(page, selector, bring) {
  return page.$eval(selector, (e, selector, bring) => new Promise((resolve, reject) => {
    const where = () => JSON.stringify(document.querySelector(selector)?.getBoundingClientRect() ?? null);
    const frames = (then) => requestAnimationFrame(() => requestAnimationFrame(then));
    const land = () => {
      const el = document.querySelector(selector);
      if (!el) return reject(new Error(`${selector} went away`));
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      const under = document.elementFromPoint(x, y);
      const name = (el) => (el ? `${el.tagName.toLowerCase()}${el.dataset?.testid ? `[data-testid=${el.dataset.testid}]` : ""}${el.className?.baseVal ?? el.className ? `.${String(el.className?.baseVal ?? el.className).trim().split(/\s+/).join(".")}` : ""}` : "nothing");
      const onScreen = x >= 0 && y >= 0 && x <= window.innerWidth && y <= window.innerHeight;
      resolve({ x, y, width: r.width, height: r.height, onScreen, ok: onScreen && !!under && (under === el || el.contains(under)), under: name(under) });
    };
    const until = Date.now() + 20_000;
    const still = () => {
      const first = where();
      frames(() => {
        if (first !== "null" && where() === first) land();
        else if (Date.now() > until) reject(new Error(`${selector} did not stand still`));
        else still();
      });
    };
    if (bring === "middle") {
      e.scrollIntoView({ block: "center", inline: "nearest" });
      still();
    } else {
      e.focus({ preventScroll: true });
      frames(() => {
        const r = document.querySelector(selector)?.getBoundingClientRect();
        if (r) window.scrollBy(0, r.top + r.height / 2 - window.innerHeight * 0.35);
        still();
      });
    }
  }), selector, bring);
}

// Taps `selector` (a button, a tab, a select, an input) as a finger would: scrolled to the middle
// of the screen, still, and not covered.
export async function tap(page, selector) {
  await page.waitForSelector(selector, { timeout: 20_000 });
  const at = await landing(page, selector, "middle");
  if (!at.ok) throw new Error(`cannot tap ${selector}: ${at.onScreen ? `${at.under} covers it` : "it is off the screen"} at ${Math.round(at.x)},${Math.round(at.y)}`);
  await page.touchscreen.tap(at.x, at.y);
  return at;
}

// Taps the hex `hex` of the map: focused first (the board pans to show it, Board.tsx), the page
// scrolled so it lies in the upper part of the screen (a bottom sheet may cover the lower part),
// then tapped where a finger would land, once no overlay covers it.
export async function tapHex(page, hex) {
  const selector = `[data-testid=board] [data-testid=hex-${hex}]`;
  await page.waitForSelector(selector, { timeout: 20_000 });
  const at = await landing(page, selector, "map");
  if (!at.ok) throw new Error(`cannot tap hex ${hex}: ${at.onScreen ? `${at.under} covers it` : "it is off the screen"} at ${Math.round(at.x)},${Math.round(at.y)}`);
  await page.touchscreen.tap(at.x, at.y);
  return at;
}

// The form a listed action is made in (web/src/game/moveGroups.ts, describe): its kind and the
// company its picker shows.
export function formOf(action) {
  const [kind, value] = Object.entries(action).find(([k]) => k !== "seat") ?? ["", {}];
  const company = value?.company ?? "";
  if (["commitBond", "bidPrivate1947"].includes(kind)) return { kind: "bid", company: "" };
  if (kind === "buyPresidentCertificate1947") return { kind: "par", company };
  if (kind === "setBnrPar1947") return { kind: "par", company: "BNR" };
  if (["buyShare", "buyShare1947", "redeemShare"].includes(kind)) return { kind: "buy", company };
  if (["sellShares", "sellShares1947"].includes(kind)) return { kind: "sell", company };
  if (["sellBonds1947", "buyBond1947", "issueBonds1947"].includes(kind)) return { kind: "bonds", company };
  if (["subscribeBonds1947", "priceProtect1947"].includes(kind)) return { kind: "bonds", company: "" };
  if (["passBid", "passPrivate1947", "endDealingTurn", "endTurn1947", "passTurn1947", "endStep"].includes(kind)) return { kind: "pass", company: "" };
  return { kind: "other", company: "" };
}

// The action's kind (its field in the Action message's oneof) and its value.
export function kindOf(action) {
  const [kind, value] = Object.entries(action).find(([k]) => k !== "seat") ?? ["", {}];
  return { kind, value: value ?? {} };
}

// The free amount of an action as listed (the field the amount box fills in, legalMoves.ts withAmount).
function amountOf(action) {
  const { kind, value } = kindOf(action);
  if (kind === "commitBond" || kind === "bidPrivate1947") return value.amount;
  if (kind === "offerElephant" || kind === "offerTrain") return value.price;
  if (kind === "buyTrain" || kind === "settleCreditTrain") return value.directorGift;
  return undefined;
}

// The screen at version v with its legal actions read for it.
export function screenAt(page, v, timeout = 60_000) {
  return page.waitForFunction((v) => {
    const screen = document.querySelector("[data-testid=game-screen]");
    return screen?.dataset.version === String(v) && screen.dataset.legalVersion === String(v);
  }, { timeout, polling: "mutation" }, v);
}

// Makes the listed action `legal` (ListLegalActions' item number `index` at `version`) on `page`
// by tapping, and waits until the screen shows the next version. `cityHex`: a city's name -> its
// hex (the components). `runs`: for a run, how it is drawn (default: the optimiser's runs,
// "Run these"; a function(page) draws them by hand first). `amount`: the amount to type into a
// free amount's box (default: the listed action's, else the box's own, the least allowed).
// `onScreen(name)`: called with the
// screen's name once the move is set up, before submitting (for axe-core and screenshots).
// Returns what the submit button said.
export async function tapMove(page, { legal, index, version, cityHex, runs, amount: typed, onScreen }) {
  await timed("screenAt", () => screenAt(page, version));
  const action = legal[index].action;
  const { kind, value } = kindOf(action);
  let words = "";
  let screen = "";
  if (["layTile", "promoteTile", "layTrack1947"].includes(kind)) {
    await tapHex(page, value.hex);
    await page.waitForSelector("[data-testid=tile-tray]", { timeout: 10_000 }).catch(async () => {
      const info = await page.$("[data-testid=hex-info]");
      throw new Error(`tapping hex ${value.hex} opened ${info ? "what the hex is, not its tile tray" : "nothing"}`);
    });
    await tap(page, `[data-testid=tile-tray] [data-testid=tile-choice-${value.tile}]`);
    for (let turns = 0; turns < 6; turns++) {
      const shown = await page.$eval("[data-testid=lay-preview]", (e) => Number(e.dataset.rotation)).catch(() => -1);
      if (shown === (value.rotation ?? 0)) break;
      await tap(page, "[data-testid=rotate]");
      await frames(page);
    }
    screen = "lay tray";
  } else if (kind === "placeBase" || kind === "placeStation1947") {
    await tapHex(page, value.hex);
    await page.waitForSelector("[data-testid=tile-tray]", { timeout: 10_000 });
    await tap(page, `[data-testid=base-${value.station ?? 0}]`);
    screen = kind === "placeBase" ? "base tray" : "station tray";
  } else if (kind === "claimCity") {
    await tapHex(page, cityHex.get(value.city));
    await page.waitForSelector(`[data-testid="bid-city-${value.city}"][aria-pressed=true]`, { timeout: 10_000 });
    if (await page.$("[data-testid^=bid-company-]")) await tap(page, `[data-testid="bid-company-${value.company}"]`);
    screen = "bid cities";
  } else if (kind === "runTrains" || kind === "runTrains1947") {
    await page.waitForSelector("[data-testid=hand-runs][data-checked]", { timeout: 20_000 });
    if (runs) await runs(page);
    await page.waitForSelector("[data-testid=hand-runs][data-checked=ok]", { timeout: 30_000 });
    const pay = await page.$eval("[data-testid=runs-pay]", (e) => ({ checked: e.checked, disabled: e.disabled }));
    const wanted = !!(value.payDividend || value.payOut);
    if (!pay.disabled && pay.checked !== wanted) await tap(page, "[data-testid=runs-pay]");
    await page.waitForSelector("[data-testid=runs-accept]:not([disabled])", { timeout: 30_000 });
    if (onScreen) await timed("onScreen", () => onScreen("run drawer"));
    words = "Run these";
    const at = await tap(page, "[data-testid=runs-accept]");
    await timed("nextVersion", () => nextVersion(page, version, words, at));
    return words;
  } else {
    const { kind: form, company } = formOf(action);
    const fieldset = `[data-testid=move-forms] [data-testid=form-${form}]`;
    await page.waitForSelector(fieldset, { timeout: 20_000 });
    if (form === "pass" || form === "other") {
      await tap(page, `${fieldset} [data-testid=form-${form}-option][data-index="${index}"]`);
    } else {
      const picker = `${fieldset} [data-testid="form-${form}-company-${company}"]`;
      if (await page.$(picker)) await tap(page, picker);
      const variant = `${fieldset} [data-testid=form-${form}-variant]`;
      if (await page.$(variant)) {
        await tap(page, variant);
        await page.select(variant, String(index)); // the phone's picker: one of the options
      } else {
        const option = `${fieldset} [data-testid=form-${form}-option][data-index="${index}"]`;
        if (!(await page.$(`${option}[aria-pressed=true]`))) await tap(page, option);
      }
    }
    screen = `form ${form}`;
  }
  const amount = typed ?? amountOf(action);
  if (amount !== undefined && (await page.$("[data-testid=amount]"))) {
    await tap(page, "[data-testid=amount]");
    // The box's text replaced: everything in it selected, then the amount typed.
    await page.keyboard.down("Control");
    await page.keyboard.press("a");
    await page.keyboard.up("Control");
    await page.keyboard.type(String(amount));
    const shown = await page.$eval("[data-testid=amount]", (e) => e.value);
    if (shown !== String(amount)) throw new Error(`the amount box shows "${shown}" after typing ${amount}`);
  }
  await page.waitForSelector("[data-testid=submit]:not([disabled])", { timeout: 20_000 }).catch(async () => {
    const shown = await page.$eval("[data-testid=submit]", (e) => e.outerHTML).catch(() => "no submit button");
    throw new Error(`the submit button stayed off for ${JSON.stringify(action)}: ${shown}`);
  });
  words = await page.$eval("[data-testid=submit]", (e) => e.textContent.trim());
  if (onScreen) await timed("onScreen", () => onScreen(screen));
  const at = await tap(page, "[data-testid=submit]");
  await timed("nextVersion", () => nextVersion(page, version, words, at));
  return words;
}

// Waits for the version after `version` on the page that moved; a refusal shown instead fails.
async function nextVersion(page, version, words, at) {
  const moved = await page.waitForFunction((v) => {
    const screen = document.querySelector("[data-testid=game-screen]");
    return Number(screen?.dataset.version) > v || !!document.querySelector("[data-testid=outbox-move][data-state=refused]");
  }, { timeout: 60_000, polling: "mutation" }, version).then(() => true, () => false);
  const refused = await page.$eval("[data-testid=outbox-move][data-state=refused]", (e) => e.textContent).catch(() => "");
  if (!moved || refused) throw new Error(`"${words}" (tapped at ${Math.round(at.x)},${Math.round(at.y)}) did not move the game on from version ${version}${refused ? `: refused: ${refused}` : ""}`);
}

// For tapMove's onScreen on `page`: a screen's name is the round (its label without numbers,
// railway or private) and the kind of move; the first time a name is met, axe-core checks the
// screen (saw.axe[name], its violations), the name goes into saw.screens and a screenshot
// (`${prefix}-<name>-phone`) is taken.
export function screenChecker(saw, prefix, shot) {
  return (page) => async (kind) => {
    const round = (await page.$eval("[data-testid=round]", (e) => e.textContent)).split(/[0-9:(]/)[0].trim();
    const name = `${round}: ${kind}`;
    if (name in saw.axe) return;
    saw.axe[name] = await checkAccessibility(page);
    saw.screens.push(name);
    await shot(page, `${prefix}-${name.toLowerCase().replace(/[^a-z]+/g, "-")}-phone`);
  };
}

// The first of `players` (each { token }) whose legal-action list for `gameId` is not empty, with
// that list (ListLegalActions' answer); null when nobody may move. The lists are read at once,
// not one after another (a round trip each through the gateway).
export async function nextMover(api, gameId, players) {
  const lists = await Promise.all(players.map((player) => api("GameService/ListLegalActions", { gameId }, player.token)));
  const i = lists.findIndex((legal) => (legal.actions ?? []).length > 0);
  return i < 0 ? null : { mover: players[i], legal: lists[i] };
}

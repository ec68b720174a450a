// An abandoned seat handed to a substitute in real browsers (chromium, headless, puppeteer-core),
// each person on a phone (360x740), by tapping. web_seats_test.cc has started a 1947 table whose
// first seat to act has missed its deadline and counts as abandoned; MAILRUN_SEATS says (JSON):
// { gameId, leaver (the seat), voters: [name, name] (the second may invite: the host, or any other
// player when the host is the leaver), substitute: { name } }. Both voters open the game
// and see the seat banner; the first votes for a substitute and the second's open page shows that
// vote without being reloaded and without a move (the game's stream announces the seat change);
// the second votes the same (the majority of three), types a name nobody has (refused, naming it),
// then invites the substitute by typing the substitute's NAME; the first's open page shows the
// invited player's name. The substitute opens the app, sees "Seats offered to you" and takes the
// seat; the first's page drops the banner before the substitute moves, then the substitute makes
// a move by tapping. axe-core runs on the banner and on the offer. Prints what it saw as JSON for
// web_seats_test.cc. MAILRUN_SCREENSHOTS=DIR: the banner with a vote, the wrong name, the
// invitation, and the offer.
import { checkAccessibility } from "./axe.mjs";
import { clickStill, launchBrowser, moveOnScreen, phoneLoggedIn, screenAt, shot, text } from "./browser_common.mjs";

const url = process.env.MAILRUN_WEB_URL;
const setup = JSON.parse(process.env.MAILRUN_SEATS ?? "null");
if (!url || !setup) {
  console.error("browser_seats: MAILRUN_WEB_URL or MAILRUN_SEATS is not set");
  process.exit(2);
}
const password = "browser-test-password";
const started = Date.now();
const saw = { timings: {}, axe: {} };
const mark = (name) => { saw.timings[name] = Date.now() - started; };
const banner = `[data-testid=seat-abandoned-${setup.leaver}]`;
let browser;

// `name`'s phone on the game, its seat banner drawn.
async function onTheGame(name) {
  const { page } = await phoneLoggedIn(browser, url, name, password, saw);
  await page.goto(`${url}/#/game/${encodeURIComponent(setup.gameId)}`, { waitUntil: "domcontentloaded" });
  await page.waitForSelector(banner, { timeout: 30_000 });
  await page.$eval(banner, (el) => el.scrollIntoView({ block: "center" }));
  return page;
}

try {
  browser = await launchBrowser();
  const [first, second] = setup.voters;

  const one = await onTheGame(first);
  const two = await onTheGame(second);  // open before the vote: it must come to this page live
  saw.bannerText = await text(one, banner);
  saw.votesBefore = await two.$$eval("[data-testid=seat-votes]", (found) => found.length);
  await clickStill(one, `[data-testid=seat-vote-sub-${setup.leaver}]`);
  const voted = Date.now();
  await one.waitForSelector("[data-testid=seat-voted]", { timeout: 20_000 });
  saw.firstVoted = await text(one, "[data-testid=seat-voted]");
  mark("firstVote");

  await two.waitForSelector("[data-testid=seat-votes]", { timeout: 20_000 });
  saw.liveVoteMs = Date.now() - voted;
  saw.votesShown = await text(two, "[data-testid=seat-votes]");
  await shot(two, "seat-banner-phone");
  saw.axe.banner = await checkAccessibility(two);
  await clickStill(two, `[data-testid=seat-vote-sub-${setup.leaver}]`);
  await two.waitForSelector(`[data-testid=seat-invite-${setup.leaver}]`, { timeout: 20_000 });
  saw.decided = await text(two, "[data-testid=seat-awaiting]");
  mark("decided");
  // The first voter's open page learns of the decision too.
  await one.waitForSelector("[data-testid=seat-awaiting], [data-testid=seat-invite-" + setup.leaver + "]", { timeout: 20_000 });
  const typeName = async (name) => {
    await two.$eval("[data-testid=seat-invitee]", (el) => el.scrollIntoView({ block: "center" }));
    await clickStill(two, "[data-testid=seat-invitee]");
    await two.keyboard.down("Control");
    await two.keyboard.press("KeyA");
    await two.keyboard.up("Control");
    await two.keyboard.press("Backspace");
    await two.keyboard.type(name);
    await clickStill(two, `[data-testid=seat-invite-${setup.leaver}] button[type=submit]`);
  };
  saw.wrongName = `Nobody${started % 100000}`;
  await typeName(saw.wrongName);
  await two.waitForSelector("[data-testid=seat-problem]", { timeout: 20_000 });
  saw.wrongNameProblem = await text(two, "[data-testid=seat-problem]");
  await shot(two, "seat-invite-wrong-name-phone");
  await typeName(setup.substitute.name.toLowerCase());  // a name in any case
  await two.waitForSelector("[data-testid=seat-invited] strong", { timeout: 20_000 });
  saw.invited = await text(two, "[data-testid=seat-invited]");
  await shot(two, "seat-banner-invited-phone");
  mark("invited");
  await one.waitForSelector("[data-testid=seat-invited] strong", { timeout: 20_000 });
  saw.invitedSeenByFirst = await text(one, "[data-testid=seat-invited]");
  await shot(one, "seat-banner-invited-other-phone");

  const { page: sub } = await phoneLoggedIn(browser, url, setup.substitute.name, password, saw);
  await sub.goto(`${url}/#/games`, { waitUntil: "domcontentloaded" });
  await sub.waitForSelector("[data-test=seat-invitation]", { timeout: 30_000 });
  saw.offerHeading = await text(sub, "[data-test=seat-invitations] h2");
  saw.offerText = await text(sub, "[data-test=seat-invitation]");
  await shot(sub, "seat-offer-phone");
  saw.axe.offer = await checkAccessibility(sub);
  await clickStill(sub, "[data-test=seat-accept]");
  await sub.waitForFunction((id) => location.hash === `#/game/${encodeURIComponent(id)}`, { timeout: 30_000 }, setup.gameId);
  await screenAt(sub, 0);
  mark("accepted");
  // The acceptance makes no version: the first voter's open page drops the banner all the same.
  await one.waitForSelector(banner, { hidden: true, timeout: 20_000 });
  saw.bannerGoneAfterAccept = true;
  saw.moveWords = await moveOnScreen(sub);
  await screenAt(sub, 1);
  saw.movedTo = 1;
  mark("moved");
} catch (err) {
  process.stderr.write(`browser_seats: failed after ${Date.now() - started} ms; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser?.close().catch(() => {});
}
process.stdout.write(`${JSON.stringify(saw)}\n`);

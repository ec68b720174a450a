// An abandoned seat handed to a substitute in real browsers (chromium, headless, puppeteer-core),
// each person on a phone (360x740), by tapping. web_seats_test.cc has started a 1947 table whose
// first seat to act has missed its deadline and counts as abandoned; MAILRUN_SEATS says (JSON):
// { gameId, leaver (the seat), voters: [name, name] (the second may invite: the host, or any other
// player when the host is the leaver), substitute: { name, userId } }. The first voter opens the
// game, sees the seat banner and votes for a substitute; the second sees the banner with that vote,
// votes the same (the majority of three), and invites the substitute by user id. The substitute
// opens the app, sees "Seats offered to you", takes the seat and makes a move by tapping. axe-core
// runs on the banner and on the offer. Prints what it saw as JSON for web_seats_test.cc.
// MAILRUN_SCREENSHOTS=DIR: the banner with a vote, and the offer.
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
  saw.bannerText = await text(one, banner);
  await clickStill(one, `[data-testid=seat-vote-sub-${setup.leaver}]`);
  await one.waitForSelector("[data-testid=seat-voted]", { timeout: 20_000 });
  saw.firstVoted = await text(one, "[data-testid=seat-voted]");
  mark("firstVote");

  const two = await onTheGame(second);
  await two.waitForSelector("[data-testid=seat-votes]", { timeout: 20_000 });
  saw.votesShown = await text(two, "[data-testid=seat-votes]");
  await shot(two, "seat-banner-phone");
  saw.axe.banner = await checkAccessibility(two);
  await clickStill(two, `[data-testid=seat-vote-sub-${setup.leaver}]`);
  await two.waitForSelector(`[data-testid=seat-invite-${setup.leaver}]`, { timeout: 20_000 });
  saw.decided = await text(two, "[data-testid=seat-awaiting]");
  mark("decided");
  await two.$eval("[data-testid=seat-invitee]", (el) => el.scrollIntoView({ block: "center" }));
  await clickStill(two, "[data-testid=seat-invitee]");
  await two.keyboard.type(setup.substitute.userId);
  await clickStill(two, `[data-testid=seat-invite-${setup.leaver}] button[type=submit]`);
  await two.waitForSelector("[data-testid=seat-invited]", { timeout: 20_000 });
  saw.invited = await text(two, "[data-testid=seat-invited]");
  await shot(two, "seat-banner-invited-phone");
  mark("invited");

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

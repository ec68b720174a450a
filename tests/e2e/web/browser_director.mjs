// A tournament game's abandoned seat decided by the tournament's director in a real browser
// (chromium, headless, puppeteer-core), on a phone (360x740), by tapping. web_seats_test.cc has
// started the tournament's game and waited until its first seat to act counts as abandoned;
// MAILRUN_DIRECTOR says (JSON): { gameId, leaver (the seat), director (name) }. The director, who
// holds no seat, opens the game, sees the seat banner saying that the director decides, and hands
// the seat to the bot; the banner then goes. axe-core runs on the banner. Prints what it saw as
// JSON for web_seats_test.cc. MAILRUN_SCREENSHOTS=DIR: the director's banner.
import { checkAccessibility } from "./axe.mjs";
import { clickStill, launchBrowser, phoneLoggedIn, shot, text } from "./browser_common.mjs";

const url = process.env.MAILRUN_WEB_URL;
const setup = JSON.parse(process.env.MAILRUN_DIRECTOR ?? "null");
if (!url || !setup) {
  console.error("browser_director: MAILRUN_WEB_URL or MAILRUN_DIRECTOR is not set");
  process.exit(2);
}
const password = "browser-test-password";
const started = Date.now();
const saw = { timings: {}, axe: {} };
const banner = `[data-testid=seat-abandoned-${setup.leaver}]`;
let browser;

try {
  browser = await launchBrowser();
  const { page } = await phoneLoggedIn(browser, url, setup.director, password, saw);
  await page.goto(`${url}/#/game/${encodeURIComponent(setup.gameId)}`, { waitUntil: "domcontentloaded" });
  await page.waitForSelector(banner, { timeout: 30_000 });
  await page.$eval(banner, (el) => el.scrollIntoView({ block: "center" }));
  saw.bannerText = await text(page, banner);
  saw.buttons = await page.$$eval(`${banner} button`, (found) => found.map((b) => b.textContent.trim()));
  await shot(page, "seat-banner-director-phone");
  saw.axe.banner = await checkAccessibility(page);
  await clickStill(page, `[data-testid=seat-vote-bot-${setup.leaver}]`);
  await page.waitForSelector(banner, { hidden: true, timeout: 20_000 });
  saw.bannerGone = true;
  saw.timings.decided = Date.now() - started;
} catch (err) {
  process.stderr.write(`browser_director: failed after ${Date.now() - started} ms; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser?.close().catch(() => {});
}
process.stdout.write(`${JSON.stringify(saw)}\n`);

// The Settings screen and the pages the mails link to (issue 42), in a real browser on a phone
// (360x740), against a stack whose notification service mails through a real SMTP server (the
// test's aiosmtpd, whose Maildir is MAILRUN_MAILDIR):
//   - Settings: push on this device (its state), an address set and shown pending; the link of
//     the verification mail opened in a browser with no login confirms it, and Settings shows it
//     verified; a made-up link says it did not work; a Discord webhook added (its secret shown
//     once, listed by host, never by URL), an http:// one refused, one removed; two channel
//     choices ticked off; axe-core on each state;
//   - the unsubscribe link of a real your-turn mail (a game through the API, the player's browser
//     closed) opened in a browser with no login: no more mail.
// Prints what it saw as JSON for web_notify_test.cc, which checks the service's side.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { checkAccessibility } from "./axe.mjs";
import {
  clickStill, launchBrowser, phoneLoggedIn, phoneViewport, registerPlayers, scriptedPlayers, shot, startGame, text,
} from "./browser_common.mjs";

const url = process.env.MAILRUN_WEB_URL;
const maildir = process.env.MAILRUN_MAILDIR;
const publicUrl = process.env.MAILRUN_PUBLIC_URL;
const password = "browser-test-password";
const saw = { axe: {} };
let counter = 0;
const rid = () => `browser-settings-${Date.now()}-${counter++}`;

// The first link `kind` ("verify-email", "unsubscribe") in a mail to `address`, waited for; with
// the mail's List-Unsubscribe header.
async function linkInMail(address, kind, timeout) {
  // The verify link is the web client's route (/#/verify-email/...); the unsubscribe link the
  // gateway's address (/unsubscribe/..., sent on to the route /#/unsubscribe/...).
  const pattern = new RegExp(`${publicUrl.replace(/[.]/g, "\\.")}/(?:#/)?${kind}/([A-Za-z0-9_-]+)`);
  for (const until = Date.now() + timeout; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    let names = [];
    try {
      names = readdirSync(path.join(maildir, "new"));
    } catch {
      continue;
    }
    for (const name of names) {
      const mail = readFileSync(path.join(maildir, "new", name), "utf8");
      const found = pattern.exec(mail);
      if (mail.includes(address) && found) {
        return { link: found[0], token: found[1], listUnsubscribe: /\nList-Unsubscribe: (.*)\r?\n/.exec(mail)?.[1] ?? "" };
      }
    }
  }
  throw new Error(`no mail to ${address} with a ${kind} link in ${timeout} ms`);
}

// Opens a mail's link in a browser context of its own (no login), as a phone would; what it said.
async function openLink(browser, link, name) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(phoneViewport);
  page.on("pageerror", (err) => { (saw.pageErrors ??= []).push(err.message); });
  // The mail links to the public address; here that is the test's gateway.
  await page.goto(link.replace(publicUrl, url), { waitUntil: "domcontentloaded" });
  await page.waitForFunction(() => !/Just a moment/.test(document.querySelector(".email-link [role=status]")?.textContent ?? "Just a moment"),
                             { timeout: 30_000 });
  const said = { heading: await text(page, ".email-link h1"), text: await text(page, ".email-link [role=status]") };
  await shot(page, name);
  saw.axe[name] = await checkAccessibility(page);
  await context.close();
  return said;
}

const browser = await launchBrowser();
try {
  const players = await registerPlayers(url, ["Farah", "Gopal", "Hema"], password, rid);
  const [me] = players;
  saw.player = me.name;
  const { context, page } = await phoneLoggedIn(browser, url, me.name, password, saw);
  await clickStill(page, "[data-test=nav-settings]");
  await page.waitForSelector("[data-test=channel-choices]", { timeout: 30_000 });
  await page.waitForFunction(() => !/Checking/.test(document.querySelector("[data-test=push-state]")?.textContent ?? "Checking"), { timeout: 30_000 });
  saw.push = { state: await text(page, "[data-test=push-state]"), switchDisabled: await page.$eval("[data-test=push-switch]", (e) => e.disabled) };
  saw.emailBefore = await text(page, "[data-test=email-status]");
  await shot(page, "settings-phone");
  saw.axe.settings = await checkAccessibility(page);
  // Every tick of the channel table is a thumb-sized target.
  saw.tickTargets = await page.$$eval("label.tick", (labels) => labels.map((l) => {
    const box = l.getBoundingClientRect();
    return { width: Math.round(box.width), height: Math.round(box.height) };
  }));
  saw.pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);

  // Email: set, pending; the mailed link opened elsewhere with no login; verified.
  await page.type("[data-test=email-input]", "farah@example.net");
  await clickStill(page, "[data-test=email-set]");
  await page.waitForFunction(() => document.querySelector("[data-test=email-status]")?.textContent === "Pending", { timeout: 30_000 });
  saw.emailPending = { address: await text(page, "[data-test=email-address]"), status: await text(page, "[data-test=email-status]") };
  const verify = await linkInMail("farah@example.net", "verify-email", 30_000);
  saw.verifyLink = verify.link;
  saw.verifyPage = await openLink(browser, verify.link, "email-verified-phone");
  saw.verifyAgainPage = await openLink(browser, verify.link, "email-verify-again-phone");
  saw.madeUpLinkPage = await openLink(browser, `${publicUrl}/#/verify-email/made-up-token`, "email-bad-link-phone");
  await page.reload({ waitUntil: "domcontentloaded" });
  await page.waitForFunction(() => document.querySelector("[data-test=email-status]")?.textContent === "Verified", { timeout: 30_000 });
  saw.emailVerified = await text(page, "[data-test=email-status]");
  await page.$eval("[data-test=email-settings]", (e) => e.scrollIntoView());
  await shot(page, "settings-email-phone");

  // Webhooks: an http:// one refused, a Discord one added (its secret shown once), listed by host.
  await page.type("[data-test=webhook-input]", "http://hooks.example.net/plain");
  await clickStill(page, "[data-test=webhook-add]");
  await page.waitForSelector("[data-test=webhook-settings] [data-test=refusal]", { timeout: 30_000 });
  saw.webhookRefusal = await text(page, "[data-test=webhook-settings] [data-test=refusal]");
  await page.$eval("[data-test=webhook-input]", (e) => { e.value = ""; });
  await page.click("[data-test=webhook-input]", { count: 3 });
  await page.keyboard.press("Backspace");
  await page.type("[data-test=webhook-input]", "https://discord.com/api/webhooks/42/secret-discord-token");
  await clickStill(page, "[data-test=webhook-add]");
  await page.waitForSelector("[data-test=webhook-secret] code", { timeout: 30_000 });
  await page.waitForSelector("[data-test=webhook]", { timeout: 30_000 });
  saw.webhook = {
    listed: await text(page, "[data-test=webhook]"),
    device: await page.$eval("[data-test=webhook]", (e) => e.dataset.device),
    secret: await text(page, "[data-test=webhook-secret] code"),
    pageShowsUrl: (await page.content()).includes("secret-discord-token"),
  };
  await page.$eval("[data-test=webhook-settings]", (e) => e.scrollIntoView());
  await shot(page, "settings-webhook-phone");
  saw.axe.webhook = await checkAccessibility(page);

  // Channels: reminders not by email, your turn not to webhooks; each saved at once.
  await page.$eval("[data-test=channel-choices]", (e) => e.scrollIntoView());
  await clickStill(page, "[data-test=channel-email-6]");
  await page.waitForFunction(() => /Reminders by email off/.test(document.querySelector("[data-test=channels-saved]")?.textContent ?? ""), { timeout: 30_000 });
  await clickStill(page, "[data-test=channel-webhook-1]");
  await page.waitForFunction(() => /Your turn by webhook off/.test(document.querySelector("[data-test=channels-saved]")?.textContent ?? ""), { timeout: 30_000 });
  await page.reload({ waitUntil: "domcontentloaded" });
  await page.waitForSelector("[data-test=channel-choices]", { timeout: 30_000 });
  saw.channelsAfterReload = await page.$$eval("[data-test=channel-choices] input[type=checkbox]", (boxes) =>
    boxes.filter((b) => !b.checked).map((b) => b.dataset.test));
  await page.$eval("[data-test=channel-choices]", (e) => e.scrollIntoView());
  await shot(page, "settings-channels-phone");
  saw.axe.channels = await checkAccessibility(page);

  // A webhook removed.
  await page.type("[data-test=webhook-input]", "https://hooks.slack.com/services/T0/B0/slack-secret");
  await clickStill(page, "[data-test=webhook-add]");
  await page.waitForFunction(() => document.querySelectorAll("[data-test=webhook]").length === 2, { timeout: 30_000 });
  saw.slackListed = await page.$$eval("[data-test=webhook]", (items) => items.map((e) => e.textContent));
  await clickStill(page, `[data-test=webhook][data-device="${saw.webhook.device}"] [data-test=webhook-remove]`);
  await page.waitForFunction(() => document.querySelectorAll("[data-test=webhook]").length === 1, { timeout: 30_000 });
  saw.webhooksLeft = await page.$$eval("[data-test=webhook]", (items) => items.map((e) => e.dataset.device));
  await context.close();  // the app closed: the next your-turn is mailed

  // A your-turn mailed (a game through the API); its unsubscribe link opened with no login.
  const gameId = await startGame(url, players, "TITLE_1853", rid);
  saw.gameId = gameId;
  await scriptedPlayers(url, gameId, players, saw)(() => true, [me]);
  const unsubscribe = await linkInMail("farah@example.net", "unsubscribe", 120_000);
  saw.unsubscribeLink = unsubscribe.link;
  saw.listUnsubscribe = unsubscribe.listUnsubscribe;
  saw.unsubscribePage = await openLink(browser, unsubscribe.link, "email-unsubscribed-phone");
} catch (err) {
  process.stderr.write(`browser_settings: failed; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  await browser.close();
}
process.stdout.write(`${JSON.stringify(saw)}\n`);

// The table's voice in real browsers (chromium, headless, driven by puppeteer-core), on phones
// (360x740): three players register and start a 1947 table through the API; Kavi (the table's
// host) and Lata each open the game in a browser of their own.
// - Chat: Kavi writes "@Lata ..." and Lata's open Chat tab shows it live (no reload), marked as
//   mentioning her, and her inbox (the app's Inbox page) has the mention; Kavi writes
//   `<script>alert(1)</script>` and Lata's browser shows those characters as text (no script
//   element, no dialog); too long a message is refused beside the post box before it is sent, and
//   the rate limit's refusal is shown there in words; Kavi deletes his own message, which Lata's
//   open tab shows deleted live; Lata mutes and unmutes Kavi; Kavi hides Mohan's message, which
//   Lata's open tab shows hidden live, and again after a reload.
// - Notes: Lata's notes are saved by themselves and read on another device (a second browser).
// - Programmed moves: in the private auction a player leaves "bid up to" and cancels it in the
//   Orders tab, and an order to decline offers, likewise; in the first stock round the player after the one to act leaves "pass until someone
//   buys or sells", closes the browser, the other player passes through the API, and the service
//   passes for the absent player; reopened, the Orders tab shows the move made.
// axe-core runs on the Chat, Notes and Orders tabs. Prints what it saw as JSON on standard output
// for web_table_test.cc to check against the services. MAILRUN_SCREENSHOTS=DIR: the three tabs.
import { checkAccessibility } from "./axe.mjs";
import { callApi, clickStill, launchBrowser, logIn, phoneViewport, registerPlayers, shot, startGame, text } from "./browser_common.mjs";

const url = process.env.MAILRUN_WEB_URL;
if (!url) {
  console.error("browser_table: MAILRUN_WEB_URL is not set");
  process.exit(2);
}
const password = "browser-test-password";
const started = Date.now();
const saw = { timings: {}, axe: {}, dialogs: [] };
const mark = (name) => { saw.timings[name] = Date.now() - started; };
const api = (method, body, token) => callApi(url, ...method.split("/"), body, token);
let counter = 0;
const rid = () => `browser-table-${Date.now()}-${counter++}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const browsers = [];

// A browser of its own for `player`, logged in, on the game's screen at the tab `tab`.
async function openGame(player, gameId, tab) {
  const browser = await launchBrowser();
  browsers.push(browser);
  const page = await browser.newPage();
  page.on("pageerror", (err) => { (saw.pageErrors ??= []).push(err.message); });
  page.on("dialog", (dialog) => { saw.dialogs.push(dialog.message()); void dialog.dismiss(); });
  await page.setViewport(phoneViewport);
  await logIn(page, url, player.name, password);
  await page.goto(`${url}/#/game/${encodeURIComponent(gameId)}`, { waitUntil: "domcontentloaded" });
  await page.waitForSelector("[data-testid=game-screen]", { timeout: 60_000 });
  await openTab(page, tab);
  return { browser, page };
}
async function openTab(page, tab) {
  // To the middle of the screen first: scrolled to just below the pinned at-a-glance strip, the
  // tab's centre is under the strip and the click lands there.
  await page.$eval(`[data-testid=tab-${tab}]`, (el) => el.scrollIntoView({ block: "center" }));
  await clickStill(page, `[data-testid=tab-${tab}]`);
  await page.waitForSelector(`[data-testid=${tab === "orders" ? "orders" : tab}]`);
}
// Scrolls the panel `testid` (or the chat's post box) to the top of the phone's screen, for its picture.
async function showPanel(page, testid, block = "start") {
  await page.$eval(`[data-testid=${testid}]`, (el, block) => el.scrollIntoView({ block }), block);
}
async function axe(page, screen) {
  saw.axe[screen] = await checkAccessibility(page);
}
// Types `words` into the chat's post box and sends them; returns the refusal shown ("" if none)
// once the post box is answered.
async function post(page, words) {
  await page.$eval("[data-testid=chat-draft]", (el) => { el.value = ""; });
  await page.type("[data-testid=chat-draft]", words);
  await page.click("[data-testid=chat-send]");
  await page.waitForFunction(() => document.querySelector("[data-testid=chat-send]")?.textContent === "Send", { timeout: 20_000 });
  return text(page, "[data-testid=chat-refusal]");
}
// The message on `page` whose text contains `words`: { seq, text, mentionsMe, version, mentions }.
async function messageWith(page, words, timeout = 20_000) {
  const handle = await page.waitForFunction((words) => [...document.querySelectorAll("[data-testid=chat-messages] > li")]
    .find((li) => li.querySelector("[data-testid=chat-text]")?.textContent.includes(words)), { timeout }, words);
  return handle.evaluate((li) => ({
    seq: Number(li.dataset.seq),
    text: li.querySelector("[data-testid=chat-text]").textContent,
    mentionsMe: li.dataset.mentionsMe === "yes",
    version: li.querySelector("[data-testid=chat-version]").textContent.trim(),
    mentions: [...li.querySelectorAll("[data-testid=chat-mention]")].map((m) => m.textContent),
  }));
}
// The game as `player` reads it through the API.
const gameOf = (gameId, player) => api("GameService/GetGame", { gameId }, player.token);
// As each active seat, its first legal action that `pick` accepts, until `done(game)`.
async function playUntil(gameId, players, pick, done) {
  for (let i = 0; i < 300; i++) {
    const game = await gameOf(gameId, players[0]);
    if (done(game)) return game;
    const seat = game.view.activeSeats[0];
    const player = players.find((p) => p.seat === seat);
    const legal = await api("GameService/ListLegalActions", { gameId }, player.token);
    const chosen = (legal.actions ?? []).find((a) => pick(a.action));
    if (!chosen) throw new Error(`seat ${seat} has no move the script wants at version ${legal.version}`);
    await api("GameService/SubmitAction", { gameId, expectedVersion: legal.version ?? 0, action: chosen.action, requestId: rid() }, player.token);
  }
  throw new Error("the script did not get there");
}
const isPass = (a) => !!a.passPrivate1947 || !!a.passTurn1947;

// Taps `button` in the Orders tab, reads the order it leaves (the only active one), cancels it and
// waits for it among the earlier orders: its words and id.
async function leaveAndCancel(page, button) {
  await clickStill(page, button);
  const order = await page.waitForSelector("[data-testid=orders-active] [data-state=active]");
  const text = await order.evaluate((li) => li.querySelector(".mr-t-text").textContent);
  const id = await order.evaluate((li) => li.dataset.testid.replace("order-", ""));
  await clickStill(page, `[data-testid=order-cancel-${id}]`);
  await page.waitForSelector(`[data-testid=orders-ended] [data-testid=order-${id}][data-state=cancelled]`);
  return { text, id: Number(id), cancelled: true };
}

try {
  const players = await registerPlayers(url, ["Kavi", "Lata", "Mohan"], password, rid);
  const [kavi, lata, mohan] = players;
  const gameId = await startGame(url, players, "TITLE_1947", rid); // Kavi opened the table: its host
  saw.gameId = gameId;
  const first = await gameOf(gameId, kavi);
  for (const p of players) p.seat = first.view.players.find((v) => v.displayName === p.name).seat ?? 0; // proto3 JSON leaves out a 0
  saw.seats = Object.fromEntries(players.map((p) => [p.name, p.seat]));
  mark("started");

  // Chat: a mention between two browsers, live.
  const kaviSide = await openGame(kavi, gameId, "chat");
  const lataSide = await openGame(lata, gameId, "chat");
  await lataSide.page.evaluate(() => { window.stillTheSamePage = true; });
  await lataSide.page.waitForSelector("[data-testid=chat-empty]");
  mark("chatOpen");
  const mentionWords = "@Lata will you sell me your P2 share?";
  saw.mentionRefusal = await post(kaviSide.page, mentionWords);
  const postedAt = Date.now();
  saw.mention = await messageWith(lataSide.page, "will you sell me");
  saw.mention.liveMs = Date.now() - postedAt;
  saw.mention.samePage = await lataSide.page.evaluate(() => window.stillTheSamePage === true);
  saw.mention.chatTab = await text(lataSide.page, "[data-testid=tab-chat]");
  mark("mentionSeen");
  // The mention in Lata's inbox, as the app shows it (another tab of her browser).
  const inbox = await lataSide.browser.newPage();
  await inbox.setViewport(phoneViewport);
  await inbox.goto(`${url}/#/inbox`, { waitUntil: "domcontentloaded" });
  const item = await inbox.waitForFunction(() => [...document.querySelectorAll("[data-test=inbox-item]")]
    .find((i) => i.textContent.includes("Mentioned in chat")), { timeout: 30_000 });
  saw.inboxItem = await item.evaluate((i) => i.textContent);
  await inbox.close();
  mark("inboxSeen");

  // Markup stays text.
  const script = "<script>alert(1)</script>";
  saw.scriptRefusal = await post(kaviSide.page, script);
  const shown = await lataSide.page.waitForFunction((script) => [...document.querySelectorAll("[data-testid=chat-text]")]
    .find((p) => p.textContent === script), { timeout: 20_000 }, script);
  saw.script = {
    text: await shown.evaluate((p) => p.textContent),
    elements: await lataSide.page.$$eval("[data-testid=chat-messages] script, [data-testid=chat-messages] [onerror]", (s) => s.length),
  };
  saw.script.seq = await shown.evaluate((p) => Number(p.closest("li").dataset.seq));
  mark("scriptSeen");

  // Too long: said beside the post box, and nothing sent.
  await kaviSide.page.$eval("[data-testid=chat-draft]", (el) => { el.value = ""; });
  await kaviSide.page.type("[data-testid=chat-draft]", "x".repeat(501));
  saw.tooLong = {
    sendDisabled: await kaviSide.page.$eval("[data-testid=chat-send]", (b) => b.disabled),
    refusal: await text(kaviSide.page, "[data-testid=chat-refusal]"),
    count: await text(kaviSide.page, "[data-testid=chat-count]"),
  };
  // The rate limit: quick messages until the service refuses one; the refusal in words, the text kept.
  saw.quick = [];
  for (let i = 0; i < 8; i++) {
    const words = `quick ${i}`;
    const refusal = await post(kaviSide.page, words);
    if (refusal) {
      saw.rateLimit = { refusal, draft: await kaviSide.page.$eval("[data-testid=chat-draft]", (el) => el.value), after: i };
      break;
    }
    saw.quick.push(words);
  }
  await showPanel(kaviSide.page, "chat-form", "end");
  await shot(kaviSide.page, "game-chat-refused-phone");
  mark("rateLimited");

  // Kavi deletes his last quick message.
  const last = await messageWith(kaviSide.page, saw.quick[saw.quick.length - 1]);
  await clickStill(kaviSide.page, `[data-testid=chat-message-${last.seq}] [data-testid=chat-delete]`);
  await kaviSide.page.waitForSelector(`[data-testid=chat-message-${last.seq}] [data-testid=chat-deleted]`);
  saw.deletedSeq = last.seq;
  // Lata's open Chat tab shows it deleted live, without a reload (the stream's changed_chat).
  await lataSide.page.waitForSelector(`[data-testid=chat-message-${last.seq}] [data-testid=chat-deleted]`, { timeout: 20_000 });
  saw.deletedLive = true;

  // Lata mutes Kavi for herself, then unmutes him.
  const kaviMessages = () => lataSide.page.$$eval("[data-testid=chat-messages] > li .mr-t-author", (a, name) => a.filter((x) => x.textContent === name).length, "Kavi");
  saw.mute = { before: await kaviMessages() };
  await lataSide.page.click("[data-testid=chat-mutes] summary");
  await clickStill(lataSide.page, `[data-testid=chat-mute-${kavi.seat}]`);
  await lataSide.page.waitForFunction((name) => ![...document.querySelectorAll("[data-testid=chat-messages] .mr-t-author")].some((a) => a.textContent === name), { timeout: 10_000 }, "Kavi");
  saw.mute.muted = await kaviMessages();
  saw.mute.label = await text(lataSide.page, `[data-testid=chat-mute-${kavi.seat}]`);
  await clickStill(lataSide.page, `[data-testid=chat-mute-${kavi.seat}]`);
  await lataSide.page.waitForFunction((name) => [...document.querySelectorAll("[data-testid=chat-messages] .mr-t-author")].some((a) => a.textContent === name), { timeout: 10_000 }, "Kavi");
  saw.mute.unmuted = await kaviMessages();
  mark("muted");

  // The host hides Mohan's message (written through the API): Lata reads it as hidden.
  const rude = await api("GameService/PostChatMessage", { gameId, requestId: rid(), text: "Lata plays like a bot" }, mohan.token);
  saw.hide = { seq: Number(rude.message.seq) };
  await messageWith(kaviSide.page, "plays like a bot");
  await clickStill(kaviSide.page, `[data-testid=chat-message-${saw.hide.seq}] [data-testid=chat-hide]`);
  await kaviSide.page.waitForSelector(`[data-testid=chat-message-${saw.hide.seq}] [data-testid=chat-hidden]`);
  // Live on Lata's open Chat tab first, then after a reload too.
  await lataSide.page.waitForSelector(`[data-testid=chat-message-${saw.hide.seq}] [data-testid=chat-hidden]`, { timeout: 20_000 });
  saw.hide.live = await text(lataSide.page, `[data-testid=chat-message-${saw.hide.seq}]`);
  await lataSide.page.reload({ waitUntil: "domcontentloaded" });
  await lataSide.page.waitForSelector("[data-testid=game-screen]", { timeout: 60_000 });
  await openTab(lataSide.page, "chat");
  await lataSide.page.waitForSelector(`[data-testid=chat-message-${saw.hide.seq}] [data-testid=chat-hidden]`, { timeout: 20_000 });
  saw.hide.lataReads = await text(lataSide.page, `[data-testid=chat-message-${saw.hide.seq}]`);
  saw.hide.hideButtonsForLata = await lataSide.page.$$eval("[data-testid=chat-hide]", (b) => b.length);
  mark("hidden");
  await messageWith(lataSide.page, "will you sell me");
  await axe(lataSide.page, "chat");
  await showPanel(lataSide.page, "chat");
  await lataSide.page.$eval("[data-testid=chat-messages]", (ol) => { ol.parentElement.scrollTop = 0; }); // the mention first
  await shot(lataSide.page, "game-chat-phone");

  // Notes, saved by themselves and read on another device.
  await openTab(lataSide.page, "notes");
  await lataSide.page.waitForSelector("[data-testid=notes-state][data-state=saved]");
  const notes = "Kavi wants P2.\nKeep Rs.100 for the BNR.";
  await lataSide.page.type("[data-testid=notes-text]", notes);
  saw.notes = { whileTyping: await lataSide.page.$eval("[data-testid=notes-state]", (s) => s.dataset.state) };
  await lataSide.page.waitForSelector("[data-testid=notes-state][data-state=saved]", { timeout: 20_000 });
  saw.notes.savedWords = await text(lataSide.page, "[data-testid=notes-state]");
  await axe(lataSide.page, "notes");
  await showPanel(lataSide.page, "notes");
  await shot(lataSide.page, "game-notes-phone");
  const otherDevice = await openGame(lata, gameId, "notes");
  await otherDevice.page.waitForSelector("[data-testid=notes-state][data-state=saved]");
  saw.notes.otherDevice = await otherDevice.page.$eval("[data-testid=notes-text]", (t) => t.value);
  saw.notes.written = notes;
  await otherDevice.browser.close();
  mark("notes");

  // An auction order left and cancelled by whichever of Kavi and Lata is not to act now.
  let game = await gameOf(gameId, kavi);
  const auctionSide = game.view.activeSeats[0] === lata.seat ? kaviSide : lataSide;
  await openTab(auctionSide.page, "orders");
  await auctionSide.page.waitForSelector("[data-testid=order-bid-form]");
  await auctionSide.page.type("[data-testid=order-bid-amount]", "45");
  saw.auctionOrder = await leaveAndCancel(auctionSide.page, "[data-testid=order-bid]");
  // An order to decline offers (1947 3.3, 6.15.2, 5.4.2), offered in any round: likewise.
  saw.declineOrder = await leaveAndCancel(auctionSide.page, "[data-testid=order-decline]");
  mark("auctionOrder");

  // Everyone passes the privates to the first stock round.
  game = await playUntil(gameId, players, isPass, (g) => g.view.round?.kind === "ROUND_STOCK");
  // A player not to act now leaves a pass order and closes the browser.
  const actor = players.find((p) => p.seat === game.view.activeSeats[0]);
  const absent = players.find((p) => p !== actor);
  saw.programmed = { player: absent.name, seat: absent.seat, actor: actor.name };
  for (const side of [kaviSide, lataSide]) await side.browser.close();
  const absentSide = await openGame(absent, gameId, "orders");
  await absentSide.page.waitForSelector("[data-testid=order-pass]:not([disabled])");
  await clickStill(absentSide.page, "[data-testid=order-pass]");
  const pass = await absentSide.page.waitForSelector("[data-testid=orders-active] [data-state=active]");
  saw.programmed.text = await pass.evaluate((li) => li.querySelector(".mr-t-text").textContent);
  saw.programmed.id = Number(await pass.evaluate((li) => li.dataset.testid.replace("order-", "")));
  await axe(absentSide.page, "orders");
  await showPanel(absentSide.page, "orders");
  await shot(absentSide.page, "game-orders-phone");
  await absentSide.browser.close();
  mark("browserClosed");

  // With every browser of that player closed, the others pass (through the API) until it is that
  // player's turn; the service then passes for them.
  for (let i = 0; i < 10 && saw.programmed.at === undefined; i++) {
    const now = await gameOf(gameId, actor);
    const seat = now.view.activeSeats[0];
    if (seat === absent.seat) {
      let later = now;
      for (let j = 0; j < 100 && Number(later.version) <= Number(now.version); j++) {
        await sleep(200);
        later = await gameOf(gameId, actor);
      }
      saw.programmed.at = Number(now.version) + 1;
      const entry = await api("GameService/GetHistory", { gameId, afterSeq: Number(now.version), pageSize: 1 }, actor.token);
      saw.programmed.entrySeat = entry.entries?.[0]?.seat ?? 0;
      break;
    }
    const mover = players.find((p) => p.seat === seat);
    const legal = await api("GameService/ListLegalActions", { gameId }, mover.token);
    const passTurn = legal.actions.find((a) => !!a.action.passTurn1947);
    await api("GameService/SubmitAction", { gameId, expectedVersion: legal.version ?? 0, action: passTurn.action, requestId: rid() }, mover.token);
    (saw.programmed.passedByHand ??= []).push(mover.name);
  }
  mark("programmedPass");
  const back = await openGame(absent, gameId, "orders");
  const made = await back.page.waitForSelector(`[data-testid=order-${saw.programmed.id}] [data-testid=order-moves]`, { timeout: 20_000 });
  saw.programmed.shownMoves = await made.evaluate((e) => e.textContent);
  await back.browser.close();
  mark("done");
} catch (err) {
  process.stderr.write(`browser_table: failed after ${Date.now() - started} ms; so far: ${JSON.stringify(saw)}\n`);
  throw err;
} finally {
  for (const b of browsers) await b.close().catch(() => {});
}
process.stdout.write(`${JSON.stringify(saw)}\n`);

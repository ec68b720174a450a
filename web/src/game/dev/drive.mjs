// Development only: plays moves in the game screen as a player would, in headless Chromium
// (puppeteer-core, the system browser): taps an outlined hex, takes its first tile, turns it once,
// submits; accepts the optimiser's runs; picks bid cities on the map; otherwise takes a listed
// action. Saves a screenshot of each kind of move the first time it is made (OUT_PREFIX-<kind>.png)
// and prints what it did and any refusal shown.
//   node drive.mjs URL OUT_PREFIX MOVES [WIDTH HEIGHT]
import puppeteer from "puppeteer-core";

const [url, prefix, movesArg, width = "1400", height = "900"] = process.argv.slice(2);
const browser = await puppeteer.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
page.on("pageerror", (e) => console.log("page error:", e.message));
await page.setViewport({ width: Number(width), height: Number(height), hasTouch: Number(width) < 500, isMobile: Number(width) < 500 });
await page.goto(url);
await page.waitForSelector('[data-testid="game-screen"]');
await page.waitForSelector('[data-testid^="hex-"]');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const shot = new Set();
const snap = async (kind) => {
  if (shot.has(kind)) return;
  shot.add(kind);
  await page.screenshot({ path: `${prefix}-${kind}.png` });
};
const text = (sel) => page.$eval(sel, (e) => e.textContent).catch(() => "");
const version = async () => (await text('[data-testid="status"] .mr-small')).match(/v(\d+)/)?.[1];
try {
  if (process.env.UNDO_FIRST) {
    await sleep(800);
    const before = await version();
    await page.click('[data-testid="undo"]');
    await sleep(800);
    await snap("undo");
    console.log("undo:", (await text('[data-testid="refusal"]')) || "taken back", `version ${before} -> ${await version()}`);
  }
  for (let move = 0; move < Number(movesArg); move++) {
    await sleep(700);
    if ((await text('[data-testid="turn"]')) !== "Your turn") {
      if (await page.$('[data-testid="game-over"]')) {
        await snap("game-over");
        console.log("game over");
        break;
      }
      await sleep(1000);
      continue;
    }
    const before = await version();
    const hex = await page.$eval(".mr-selectable", (e) => e.getAttribute("data-hex")).catch(() => null);
    const city = await page.$eval(".mr-city-offered", (e) => e.getAttribute("data-hex")).catch(() => null);
    if (await page.$('[data-testid="runs-accept"]')) {
      await snap("runs");
      await page.click('[data-testid="runs-accept"]');
      console.log("accepted the runs");
    } else if (city) {
      await page.click(`[data-testid="hex-${city}"]`);
      await sleep(200);
      const company = await page.$('[data-testid^="bid-company-"]');
      if (company) await company.click();
      await snap("bid-city");
      console.log("bid city on", city, await text('[data-testid="submit"]'));
      await page.click('[data-testid="submit"]');
    } else if (hex) {
      await page.click(`[data-testid="hex-${hex}"]`);
      await page.waitForSelector('[data-testid="tile-tray"]');
      const base = await page.$('[data-testid^="base-"]');
      if (base) {
        await base.click();
        await snap("base");
        console.log("base on", hex, "->", await text('[data-testid="submit"]'));
        await page.click('[data-testid="submit"]');
        await sleep(600);
        console.log(`  version ${before} -> ${await version()}`);
        continue;
      }
      await page.click('[data-testid^="tile-choice-"]');
      const rotate = await page.$('[data-testid="rotate"]:not([disabled])');
      if (rotate) await rotate.click();
      await sleep(200);
      await snap("tile");
      console.log("tile on", hex, await text('[data-testid="rotation"]'), "->", await text('[data-testid="submit"]'));
      await page.click('[data-testid="submit"]');
    } else {
      const items = await page.$$('[data-testid=move-forms] button');
      if (items.length === 0) continue;
      const labels = await Promise.all(items.map((i) => i.evaluate((e) => e.textContent)));
      // Prefer buying and ending turns over passing for ever; else the last item.
      let k = labels.findIndex((l) => /^Buy a '|^Buy an? [A-Z]+ share from the bank|Write down your bond|^Bid/.test(l));
      if (k < 0) k = labels.length - 1;
      await items[k].click();
      await snap("action");
      console.log("action:", labels[k]);
      await page.click('[data-testid="submit"]');
    }
    await sleep(600);
    const refusal = await text('[data-testid="refusal"]');
    if (refusal) {
      await snap("refusal");
      console.log("REFUSED:", refusal);
      await page.click(".mr-close");
    }
    console.log(`  version ${before} -> ${await version()}`);
  }
} finally {
  await browser.close();
}

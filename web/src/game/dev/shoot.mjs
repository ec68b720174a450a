// Development only: opens the development page in headless Chromium (puppeteer-core with the
// system browser) at a phone and a desktop size and saves screenshots, printing the page's errors.
//   node shoot.mjs URL OUT_PREFIX [TAB...]
import puppeteer from "puppeteer-core";

const [url, prefix, ...tabs] = process.argv.slice(2);
const browser = await puppeteer.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  for (const [label, viewport] of [
    ["phone", { width: 360, height: 740, deviceScaleFactor: 2, isMobile: true, hasTouch: true }],
    ["desktop", { width: 1400, height: 900 }],
  ]) {
    const page = await browser.newPage();
    page.on("console", (m) => m.type() === "error" && console.log(`[${label}] console:`, m.text()));
    page.on("pageerror", (e) => console.log(`[${label}] page error:`, e.message));
    await page.setViewport(viewport);
    await page.goto(url);
    await page.waitForSelector('[data-testid="game-screen"]', { timeout: 90000 });
    await page.waitForSelector('[data-testid^="hex-"]', { timeout: 5000 }).catch(() => console.log(`[${label}] no hexes drawn`));
    await new Promise((r) => setTimeout(r, 800));
    for (let i = 0; i < Number(process.env.ZOOM ?? 0); i++) await page.click('[data-testid="zoom-in"]');
    if (process.env.DRAG) {
      // Drag the board by DRAG="dx,dy" pixels (a pan by mouse).
      const [dx, dy] = process.env.DRAG.split(",").map(Number);
      const box = await (await page.$('[data-testid="board"]')).boundingBox();
      const x = box.x + box.width / 2;
      const y = box.y + box.height / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
      await page.mouse.move(x + dx, y + dy, { steps: 5 });
      await page.mouse.up();
    }
    await new Promise((r) => setTimeout(r, 300));
    await page.screenshot({ path: `${prefix}-${label}.png`, fullPage: label === "phone" && !process.env.VIEWPORT_ONLY });
    for (const tab of tabs) {
      await page.click(`[data-testid="tab-${tab}"]`);
      await new Promise((r) => setTimeout(r, 300));
      await page.screenshot({ path: `${prefix}-${label}-${tab}.png`, fullPage: label === "phone" && !process.env.VIEWPORT_ONLY });
    }
    await page.close();
  }
} finally {
  await browser.close();
}

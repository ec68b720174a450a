// Development only: touch on a phone-sized page in headless Chromium (CDP touch events): taps a
// legal hex (its tile tray must open), pinches out with two fingers and pans with one, printing
// the board's transform after each.
//   node touch.mjs URL
import puppeteer from "puppeteer-core";
const [url] = process.argv.slice(2);
const browser = await puppeteer.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage();
page.on("pageerror", (e) => console.log("page error:", e.message));
await page.setViewport({ width: 360, height: 740, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
await page.goto(url);
await page.waitForSelector('[data-testid^="hex-"]');
await new Promise((r) => setTimeout(r, 1000));
const tr = () => page.$eval(".mr-board-svg > g", (g) => g.getAttribute("transform"));
console.log("fit:", await tr());
// A tap on a hex selects it (the tray opens if it is a legal hex; else nothing breaks).
const hex = await page.$eval(".mr-selectable", (e) => e.getAttribute("data-hex")).catch(() => null);
if (hex) {
  const hb = await (await page.$(`[data-testid="hex-${hex}"]`)).boundingBox();
  await page.touchscreen.tap(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await new Promise((r) => setTimeout(r, 500));
  console.log("tapped", hex, "tray:", !!(await page.$('[data-testid="tile-tray"]')));
} else console.log("no legal hex now");

const box = await (await page.$('[data-testid="board"]')).boundingBox();
const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
const cdp = await page.createCDPSession();
const touch = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map(([x, y], id) => ({ x, y, id })) });
// Pinch out: two fingers from 40 px apart to 160 px apart.
await touch("touchStart", [[cx - 20, cy], [cx + 20, cy]]);
for (let d = 20; d <= 80; d += 10) await touch("touchMove", [[cx - d, cy], [cx + d, cy]]);
await touch("touchEnd", []);
console.log("after pinch:", await tr());
// One-finger pan.
await touch("touchStart", [[cx, cy]]);
for (let d = 0; d <= 60; d += 10) await touch("touchMove", [[cx + d, cy + d]]);
await touch("touchEnd", []);
console.log("after pan:", await tr());
await browser.close();

// Accessibility of the screen a browser script is on: axe-core (npm, pinned by package-lock.json)
// run inside the page through puppeteer (evaluated over the DevTools protocol, so the app's
// Content-Security-Policy does not stop it). Returns every violation, each { id, impact, help,
// nodes }; web_test.cc expects none serious or critical.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(path.resolve(process.env.MAILRUN_WEB_CLIENT_DIR ?? ".", "node_modules", "x.js"));
const source = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export async function checkAccessibility(page) {
  await page.evaluate(source);
  return page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1, 2).join("")}`),
    }));
  });
}

// The serious and critical ones among `violations`.
export function serious(violations) {
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

// Serves the development page (BUILD/web-game/dev) and forwards every other request (the API:
// POST /mailrun.v1.<Service>/<Method>) to a running gateway. Development only.
// Usage: node web/src/game/dev/serve.mjs BUILD_DIR PORT GATEWAY_URL
import { createReadStream, existsSync } from "node:fs";
import { createServer, request } from "node:http";
import { join, normalize } from "node:path";

const [build, port, gateway] = process.argv.slice(2);
const dir = join(build, "web-game/dev");
const types = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" };
createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname));
  if (req.method === "GET" && !path.startsWith("/mailrun.")) {
    const file = join(dir, path === "/" ? "index.html" : path);
    if (!file.startsWith(dir) || !existsSync(file)) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": types[file.slice(file.lastIndexOf("."))] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
    return;
  }
  const target = new URL(req.url, gateway);
  const upstream = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on("error", (e) => res.writeHead(502).end(String(e)));
  req.pipe(upstream);
}).listen(Number(port), "127.0.0.1", () => console.log(`dev page on http://127.0.0.1:${port}/ -> ${gateway}`));

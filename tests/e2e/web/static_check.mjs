// Asks the gateway for the web client's files the ways a browser and a prober would, and prints
// what came back (status, content type, caching) as JSON for web_test.cc: the app, a hashed
// asset, an app page (SPA fallback), a missing file, paths that try to leave the directory, a POST.
// Environment: MAILRUN_WEB_URL (the gateway).
import http from "node:http";

const base = new URL(process.env.MAILRUN_WEB_URL);

// A raw request, so that the path reaches the gateway exactly as written (fetch would normalise it).
function get(path, method = "GET") {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: base.hostname, port: base.port, path, method }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => { body += chunk; });
      res.on("end", () => resolve({
        status: res.statusCode,
        type: res.headers["content-type"] ?? null,
        cache: res.headers["cache-control"] ?? null,
        csp: res.headers["content-security-policy"] ?? null,
        body,
      }));
    });
    req.on("error", reject);
    req.end();
  });
}

const index = await get("/");
const script = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(index.body)?.[1] ?? "";  // the app (not the first reads' script)
const style = /href="(\/assets\/[^"]+\.css)"/.exec(index.body)?.[1] ?? "";
const strip = ({ body, ...rest }) => ({ ...rest, length: body.length });
const out = {
  index: { ...strip(index), hasApp: index.body.includes('id="app"') },
  script: script ? strip(await get(script)) : null,
  style: style ? strip(await get(style)) : null,
  page: strip(await get("/game/some-game")),
  head: strip(await get("/", "HEAD")),
  missing: strip(await get("/assets/missing-ABCDEFGH.js")),
  escape: await get("/../../../../etc/passwd"),
  escapeEncoded: await get("/%2e%2e/%2e%2e/%2e%2e/etc/passwd"),
  post: strip(await get("/index.html", "POST")),
  health: strip(await get("/healthz")),
};
for (const key of ["escape", "escapeEncoded"]) out[key] = { status: out[key].status, passwd: out[key].body.includes("root:") };
process.stdout.write(`${JSON.stringify(out)}\n`);

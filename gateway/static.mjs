// The web client's files (build/web, web/build.mjs) served from the gateway's own origin, so the
// browser app calls the API without CORS. Content types by extension; content-hashed assets
// (/assets/name-HASH.ext) are cached for good (immutable), everything else is revalidated
// (index.html names the current assets). A path that names no file and no extension is one of the
// app's own pages: it gets index.html (single-page app). Only GET and HEAD; nothing outside the
// directory is ever served. Text (scripts, styles, the page, JSON, SVG) goes gzipped to a browser
// that accepts gzip (a phone on a slow network fetches a third of the bytes; issue 48), each file
// compressed once and kept while it is unchanged.
import { createReadStream } from "node:fs";
import { readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";

const gzipped = promisify(gzip);

const contentTypes = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webmanifest": "application/manifest+json",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

// The page's policy: scripts, styles and calls from this origin only (the board's SVG may carry
// inline styles, and pictures may be data: or blob: URLs).
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: blob:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

// The types worth compressing (pictures and fonts are compressed already).
const compressible = /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/;

// file -> { modified, size, body }: each text file gzipped once while it stays the same.
const gzipCache = new Map();
async function gzippedOf(found) {
  const kept = gzipCache.get(found.file);
  if (kept && kept.modified === found.modified.getTime() && kept.size === found.size) return kept.body;
  const body = await gzipped(await readFile(found.file), { level: 9 });
  gzipCache.set(found.file, { modified: found.modified.getTime(), size: found.size, body });
  return body;
}

// Whether the request's Accept-Encoding takes gzip (and does not refuse it with q=0).
function acceptsGzip(req) {
  return String(req.headers["accept-encoding"] ?? "").split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return (coding === "gzip" || coding === "*") && (!q || Number(q.slice(2)) > 0);
  });
}

async function fileAt(root, file) {
  try {
    const real = await realpath(file);
    if (real !== root && !real.startsWith(root + path.sep)) return null;
    const info = await stat(real);
    return info.isFile() ? { file: real, size: info.size, modified: info.mtime } : null;
  } catch {
    return null;
  }
}

async function send(req, res, found, cacheControl) {
  const type = contentTypes[path.extname(found.file).toLowerCase()] ?? "application/octet-stream";
  const headers = {
    "content-type": type,
    "content-length": found.size,
    "cache-control": cacheControl,
    "last-modified": found.modified.toUTCString(),
    "x-content-type-options": "nosniff",
  };
  if (type.startsWith("text/html")) {
    headers["content-security-policy"] = contentSecurityPolicy;
    headers["referrer-policy"] = "same-origin";
  }
  let body = null;
  if (compressible.test(type)) {
    headers.vary = "accept-encoding";
    if (acceptsGzip(req)) {
      body = await gzippedOf(found).catch(() => null); // unreadable now: streamed as it is (or not)
      if (body) {
        headers["content-encoding"] = "gzip";
        headers["content-length"] = body.length;
      }
    }
  }
  res.writeHead(200, headers);
  if (req.method === "HEAD") res.end();
  else if (body) res.end(body);
  else createReadStream(found.file).on("error", () => res.destroy()).pipe(res);
}

// A handler (req, res) => true when it answered, false when the request is not for the web
// client (not GET/HEAD). `dir` must hold index.html.
export async function webClient(dir) {
  const root = await realpath(dir);
  const index = await fileAt(root, path.join(root, "index.html"));
  if (!index) throw new Error(`${dir} holds no index.html (build it: cmake --build build --target web)`);
  return async (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, "http://gateway").pathname);
    } catch {
      res.writeHead(400, { "content-type": "text/plain" });
      res.end("bad path\n");
      return true;
    }
    if (pathname.includes("\0")) {
      res.writeHead(400, { "content-type": "text/plain" });
      res.end("bad path\n");
      return true;
    }
    const wanted = path.join(root, path.normalize(pathname));
    const found = pathname.endsWith("/") ? null : await fileAt(root, wanted);
    if (found) {
      const hashed = pathname.startsWith("/assets/");
      await send(req, res, found, hashed ? "public, max-age=31536000, immutable" : "no-cache");
      return true;
    }
    if (path.extname(pathname) === "") {
      await send(req, res, (await fileAt(root, path.join(root, "index.html"))) ?? index, "no-cache");
      return true;
    }
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("not found\n");
    return true;
  };
}

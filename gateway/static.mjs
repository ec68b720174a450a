// The web client's files (build/web, web/build.mjs) served from the gateway's own origin, so the
// browser app calls the API without CORS. Content types by extension; content-hashed assets
// (/assets/name-HASH.ext) are cached for good (immutable), everything else is revalidated
// (index.html names the current assets). A path that names no file and no extension is one of the
// app's own pages: it gets index.html (single-page app). Only GET and HEAD; nothing outside the
// directory is ever served.
import { createReadStream } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import path from "node:path";

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

function send(req, res, found, cacheControl) {
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
  res.writeHead(200, headers);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  createReadStream(found.file).on("error", () => res.destroy()).pipe(res);
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
      send(req, res, found, hashed ? "public, max-age=31536000, immutable" : "no-cache");
      return true;
    }
    if (path.extname(pathname) === "") {
      send(req, res, (await fileAt(root, path.join(root, "index.html"))) ?? index, "no-cache");
      return true;
    }
    res.writeHead(404, { "content-type": "text/plain" });
    res.end("not found\n");
    return true;
  };
}

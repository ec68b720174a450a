// Builds the web client into OUT (the directory the gateway serves): generates the API code from
// proto/ with protoc-gen-es (TypeScript, into GEN, never committed), bundles src/main.tsx with
// esbuild (minified, content-hashed file names) and writes index.html naming the hashed files.
// The npm packages come from DEPS/node_modules (tools/npm_ci.sh installs them there).
// Usage: node web/build.mjs --deps DIR --gen DIR --out DIR --proto DIR
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: opts } = parseArgs({
  options: { deps: { type: "string" }, gen: { type: "string" }, out: { type: "string" }, proto: { type: "string" } },
});
for (const name of ["deps", "gen", "out", "proto"]) {
  if (!opts[name]) {
    console.error(`web/build.mjs: --${name} is missing (usage: --deps DIR --gen DIR --out DIR --proto DIR)`);
    process.exit(2);
  }
}
const modules = path.join(path.resolve(opts.deps), "node_modules");

// 1. The API: every public proto (protoc-gen-es writes only the files named, so every one of
// mailrun/v1 is named) and the google.rpc error details the refusals carry.
const protos = readdirSync(path.join(opts.proto, "mailrun", "v1")).filter((name) => name.endsWith(".proto"))
  .sort().map((name) => `mailrun/v1/${name}`);
rmSync(opts.gen, { recursive: true, force: true });
mkdirSync(opts.gen, { recursive: true });
execFileSync("protoc", [
  `--plugin=protoc-gen-es=${path.join(modules, ".bin", "protoc-gen-es")}`,
  `--proto_path=${opts.proto}`,
  `--es_out=${opts.gen}`,
  "--es_opt=target=ts,import_extension=none",
  ...protos, "google/rpc/error_details.proto", "google/rpc/status.proto",
], { stdio: "inherit" });

// 2. The bundle.
const esbuild = await import(path.join(modules, "esbuild", "lib", "main.js"));
const assets = path.join(opts.out, "assets");
rmSync(opts.out, { recursive: true, force: true });
const result = await esbuild.build({
  entryPoints: [path.join(here, "src", "main.tsx")],
  bundle: true,
  minify: true,
  sourcemap: "linked",
  format: "esm",
  target: ["es2020"],
  outdir: assets,
  entryNames: "[name]-[hash]",
  assetNames: "[name]-[hash]",
  jsx: "automatic",
  jsxImportSource: "preact",
  nodePaths: [modules],
  alias: { "@gen": path.resolve(opts.gen) },
  metafile: true,
  logLevel: "warning",
});

// 3. The page's first reads (src/boot/firstReads.ts): a script of its own, with no imports, that
// index.html runs as soon as it arrives, so that the game's reads overlap the bundle's download.
const boot = await esbuild.build({
  entryPoints: [path.join(here, "src", "boot", "firstReads.ts")],
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020"],
  outdir: assets,
  entryNames: "[name]-[hash]",
  metafile: true,
  logLevel: "warning",
});

// 4. index.html with the hashed names.
const outputs = Object.keys(result.metafile.outputs).map((file) => path.relative(opts.out, file));
const bootScript = Object.keys(boot.metafile.outputs).map((file) => path.relative(opts.out, file)).find((file) => file.endsWith(".js"));
const script = outputs.find((file) => file.endsWith(".js"));
const style = outputs.find((file) => file.endsWith(".css"));
let html = readFileSync(path.join(here, "index.html"), "utf8");
html = html.replace("%BOOT%", `/${bootScript}`).replace("%SCRIPT%", `/${script}`)
  .replace("%STYLE%", style ? `<link rel="stylesheet" href="/${style}">` : "");
writeFileSync(path.join(opts.out, "index.html"), html);
cpSync(path.join(here, "public"), opts.out, { recursive: true });  // manifest, icons, service worker
console.log(`web: built ${outputs.length + 1} files into ${opts.out}`);

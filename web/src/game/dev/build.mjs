// Builds the game screen on its own, for its tests and for trying it against a running stack:
// generates the API code from proto/ with the system protoc and @bufbuild/protoc-gen-es into
// BUILD/web-game/gen, type-checks web/src/game with tsc, and bundles with esbuild
//   BUILD/web-game/tests/*.test.mjs  the node tests of the pure modules (node --test)
//   BUILD/web-game/dev/              a page that logs in and shows one game (dev/main.tsx)
// Usage: node web/src/game/dev/build.mjs BUILD_DIR [--no-check]
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const game = resolve(here, "..");
const web = resolve(game, "../..");
const root = resolve(web, "..");
const build = resolve(process.argv[2] ?? join(root, "build"));
const out = join(build, "web-game");
const modules = process.env.MAILRUN_WEB_NODE_MODULES ?? join(web, "node_modules");
const check = !process.argv.includes("--no-check");

const gen = join(out, "gen");
rmSync(gen, { recursive: true, force: true });
mkdirSync(gen, { recursive: true });
const protos = [
  ...readdirSync(join(root, "proto/mailrun/v1")).filter((f) => f.endsWith(".proto")).map((f) => `mailrun/v1/${f}`),
  ...readdirSync(join(root, "proto/google/rpc")).filter((f) => f.endsWith(".proto")).map((f) => `google/rpc/${f}`),
];
execFileSync("protoc", ["-I", join(root, "proto"), `--plugin=protoc-gen-es=${join(modules, ".bin/protoc-gen-es")}`, `--es_out=${gen}`, "--es_opt=target=ts", ...protos], { stdio: "inherit" });
// The generated code imports @bufbuild/protobuf: let it find the same copy as the sources.
rmSync(join(out, "node_modules"), { force: true });
symlinkSync(modules, join(out, "node_modules"));

const tsconfig = join(out, "tsconfig.json");
writeFileSync(
  tsconfig,
  JSON.stringify(
    {
      extends: join(game, "tsconfig.json"),
      // Bare imports ("preact") resolve into the installed packages, which need not lie above the
      // sources (a clean clone installs them into the build tree only).
      compilerOptions: { paths: { "@gen/*": [join(gen, "*")], "*": [join(modules, "*")] }, typeRoots: [join(modules, "@types")] },
      include: [join(game, "**/*.ts"), join(game, "**/*.tsx")],
    },
    null,
    2,
  ),
);
if (check) execFileSync(join(modules, ".bin/tsc"), ["-p", tsconfig], { stdio: "inherit" });

const esbuild = await import(join(modules, "esbuild/lib/main.js"));
const common = { bundle: true, tsconfig, nodePaths: [modules], logLevel: "warning", sourcemap: "inline", target: "es2022" };
const tests = readdirSync(join(game, "test")).filter((f) => f.endsWith(".test.ts"));
await esbuild.build({
  ...common,
  entryPoints: tests.map((f) => join(game, "test", f)),
  outdir: join(out, "tests"),
  outExtension: { ".js": ".mjs" },
  platform: "node",
  format: "esm",
});
await esbuild.build({ ...common, entryPoints: [join(here, "main.tsx")], outfile: join(out, "dev/main.js"), platform: "browser", format: "esm" });
copyFileSync(join(here, "index.html"), join(out, "dev/index.html"));
console.log(`web-game: built ${out}`);

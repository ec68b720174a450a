// Type-checks every TypeScript file of web/src with tsc --noEmit under `strict` (the bundle's
// esbuild only strips the types), against the API code web/build.mjs generated into GEN. Writes
// its tsconfig into GEN/.. (the build tree) and exits with tsc's status, its errors on the way.
// Usage: node web/typecheck.mjs --deps DIR --gen DIR   (CTest: web_typecheck)
import { execFileSync } from "node:child_process";
import { existsSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const here = path.dirname(fileURLToPath(import.meta.url));
const { values: opts } = parseArgs({ options: { deps: { type: "string" }, gen: { type: "string" } } });
if (!opts.deps || !opts.gen) {
  console.error("web/typecheck.mjs: usage: --deps DIR (npm packages) --gen DIR (generated API code)");
  process.exit(2);
}
const modules = path.join(path.resolve(opts.deps), "node_modules");
const gen = path.resolve(opts.gen);
if (!existsSync(path.join(gen, "mailrun", "v1", "game_pb.ts"))) {
  console.error(`web/typecheck.mjs: no generated API code in ${gen} (build the target web first)`);
  process.exit(2);
}
// The generated code imports @bufbuild/protobuf: let it find the same copy as the sources.
rmSync(path.join(gen, "node_modules"), { force: true });
symlinkSync(modules, path.join(gen, "node_modules"));
const src = path.join(here, "src");
const tsconfig = path.join(path.dirname(gen), "web-tsconfig.json");
writeFileSync(tsconfig, JSON.stringify({
  compilerOptions: {
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    lib: ["ES2022", "DOM", "DOM.Iterable"],
    jsx: "react-jsx",
    jsxImportSource: "preact",
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    isolatedModules: true,
    noFallthroughCasesInSwitch: true,
    types: ["node"],
    typeRoots: [path.join(modules, "@types")],
    // Bare imports resolve into the installed packages, which lie in the build tree, not above the sources.
    paths: { "@gen/*": [path.join(gen, "*")], "*": [path.join(modules, "*")] },
  },
  include: [path.join(src, "**/*.ts"), path.join(src, "**/*.tsx"), path.join(src, "**/*.d.ts")],
}, null, 2));
try {
  execFileSync(path.join(modules, ".bin", "tsc"), ["-p", tsconfig, "--pretty", "false"], { stdio: "inherit" });
} catch (err) {
  process.exit(typeof err.status === "number" ? err.status : 1);
}
console.log("web: tsc --noEmit (strict) found no error in web/src");

// chart_container_recipes: no container engine runs here, so the recipe is checked against what
// it must agree with: its build stage installs exactly the [build] packages of
// deploy/debian-packages.txt (the list deploy/setup.sh installs) and its runtime stage exactly the
// [runtime] ones; it copies every source directory the build reads; each service image runs its
// binary as the non-root user the chart expects, on the port the chart uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chartDir, requireTool, sourceDir } from './lib/tools.mjs';
import {
  dockerStages, installedPackages, lineage, packageSections, stage,
} from './lib/recipes.mjs';

const YAML = requireTool('yaml');
const values = YAML.parse(fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8'));
const stages = dockerStages();
const sections = packageSections();
const sorted = (list) => [...list].sort();

test('deploy/setup.sh installs from the same list the recipe is compared with', () => {
  const setup = fs.readFileSync(path.join(sourceDir, 'deploy', 'setup.sh'), 'utf8');
  assert.match(setup, /deploy\/debian-packages\.txt/);
  for (const name of ['build', 'runtime']) assert.ok(sections[name].length > 0, `[${name}] is empty`);
});

test('the build stage installs exactly the [build] packages', () => {
  const build = stage(stages, 'build');
  assert.match(build.from, /bookworm|^\$\{DEBIAN_IMAGE\}$/);
  assert.deepEqual(sorted(installedPackages(build)), sorted(sections.build));
});

test('the runtime stage installs exactly the [runtime] packages, and every image is built on it', () => {
  const runtime = stage(stages, 'runtime');
  assert.deepEqual(sorted(installedPackages(runtime)), sorted(sections.runtime));
  for (const target of ['game', 'lobby', 'notify']) {
    const chain = lineage(stages, target).map((s) => s.name);
    assert.deepEqual(chain, [target, 'runtime'], `${target} must build on runtime alone`);
    assert.deepEqual(installedPackages(stage(stages, target)), [], `${target} installs nothing more`);
  }
});

test('both stages start from Debian 12', () => {
  const arg = fs.readFileSync(path.join(sourceDir, 'deploy', 'containers', 'Dockerfile'), 'utf8').match(/^ARG DEBIAN_IMAGE=(\S+)$/m);
  assert.ok(arg, 'ARG DEBIAN_IMAGE is missing');
  assert.match(arg[1], /^debian:(bookworm|12)(-slim)?(@sha256:[0-9a-f]{64})?$/);
  for (const name of ['build', 'runtime']) assert.equal(stage(stages, name).from, '${DEBIAN_IMAGE}');
});

test('the package list parser reads sections and refuses a package outside one', () => {
  assert.deepEqual(packageSections('# c\n[build]\ncmake # why\n\n[runtime]\nlibfmt9\n'), { build: ['cmake'], runtime: ['libfmt9'] });
  assert.throws(() => packageSections('cmake\n[build]\n'), /outside any \[section\]/);
  const parsed = dockerStages('FROM x AS a\nRUN apt-get update \\\n && apt-get install -y --no-install-recommends \\\n  p1 \\\n  p2 \\\n && rm -rf /var/lib/apt/lists/*\n');
  assert.deepEqual(installedPackages(parsed[0]), ['p1', 'p2']);
});

test('the build copies every top-level directory the CMake build reads', () => {
  const build = stage(stages, 'build');
  const copied = build.instructions.filter((i) => i.keyword === 'COPY' && !i.args.startsWith('--from'))
    .map((i) => i.args.split(/\s+/)[0]);
  // Directories the build reads: top-level add_subdirectory() calls (tests, and the benchmarks
  // that come with them, are off in the image) and ${CMAKE_SOURCE_DIR}/<dir> references in any
  // CMake file outside tests/ and bench/.
  const needed = new Set(['cmake']);
  const top = fs.readFileSync(path.join(sourceDir, 'CMakeLists.txt'), 'utf8');
  for (const m of top.matchAll(/add_subdirectory\((\w+)\)/g)) if (!['tests', 'bench'].includes(m[1])) needed.add(m[1]);
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!['tests', 'bench', 'build', 'node_modules', '.git', '.local', 'charts', 'docs', 'deploy'].includes(entry.name)) walk(p);
      } else if (entry.name === 'CMakeLists.txt' || entry.name.endsWith('.cmake')) {
        for (const m of fs.readFileSync(p, 'utf8').matchAll(/\$\{CMAKE_SOURCE_DIR\}\/(\w+)/g)) needed.add(m[1]);
      }
    }
  };
  walk(sourceDir);
  for (const dir of needed) {
    if (fs.existsSync(path.join(sourceDir, dir)) && fs.statSync(path.join(sourceDir, dir)).isDirectory()) {
      assert.ok(copied.includes(dir), `the build stage does not COPY ${dir}/`);
    }
  }
  assert.ok(copied.includes('CMakeLists.txt'));
  assert.ok(needed.has('migrations') && needed.has('engine'), [...needed].join(' '));
});

test('each image runs its service as the chart\'s non-root user, listening (and serving metrics) where the chart expects', () => {
  const runtime = stage(stages, 'runtime');
  const user = runtime.instructions.filter((i) => i.keyword === 'USER').map((i) => i.args);
  assert.deepEqual(user, [`${values.podSecurityContext.runAsUser}:${values.podSecurityContext.runAsGroup}`]);
  assert.match(installedPackages(runtime).join(' '), /ca-certificates/);
  const useradd = runtime.instructions.find((i) => i.keyword === 'RUN' && i.args.includes('useradd')).args;
  assert.match(useradd, new RegExp(`--uid ${values.podSecurityContext.runAsUser}\\b`));
  const targets = { game: ['game', 'mailrun-game'], lobby: ['lobby', 'mailrun-lobby'], notify: ['notify', 'mailrun-notify'] };
  for (const [target, [component, binary]] of Object.entries(targets)) {
    const s = stage(stages, target);
    assert.ok(!s.instructions.some((i) => i.keyword === 'USER'), `${target} must not change the user`);
    const entrypoint = JSON.parse(s.instructions.find((i) => i.keyword === 'ENTRYPOINT').args);
    assert.deepEqual(entrypoint, [`/usr/local/bin/${binary}`]);
    const port = values[component].port;
    assert.equal(s.instructions.find((i) => i.keyword === 'EXPOSE').args, `${port} ${values.metrics.port}`);
    assert.equal(s.instructions.find((i) => i.keyword === 'ENV').args,
      `MAILRUN_LISTEN=0.0.0.0:${port} MAILRUN_METRICS_LISTEN=0.0.0.0:${values.metrics.port}`);
    assert.equal(values[component].image.repository, `mailrun/${target}`, 'the chart\'s image names follow the targets');
    assert.ok(s.instructions.some((i) => i.keyword === 'COPY' && i.args.includes(`/build/bin/${binary} `)), `${target} lacks ${binary}`);
  }
  // The gateway's image (chart_gateway_config checks what it carries) runs as the same user.
  assert.equal(values.gateway.image.repository, 'mailrun/gateway');
  const gateway = stage(stages, 'gateway');
  assert.ok(gateway.instructions.some((i) => i.keyword === 'USER' && i.args === user[0]), 'the gateway runs as the chart\'s user');
  assert.match(gateway.instructions.find((i) => i.keyword === 'RUN' && i.args.includes('useradd')).args,
    new RegExp(`--uid ${values.podSecurityContext.runAsUser}\\b`));
});

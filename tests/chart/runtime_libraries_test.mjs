// chart_runtime_libraries: the runtime image installs only the [runtime] packages of
// deploy/debian-packages.txt on top of Debian's base; this checks that this is enough for the
// binaries just built: every shared library they load (ldd) belongs to a Debian package that is
// either in the base system (essential or required packages and what they depend on) or among
// the [runtime] packages and their dependencies. Binaries come in MAILRUN_BINARIES
// (colon-separated paths).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { packageSections } from './lib/recipes.mjs';

const binaries = (process.env.MAILRUN_BINARIES ?? '').split(':').filter(Boolean);

// Installed packages: name -> { depends: [names], essential, priority }.
function installedPackages() {
  const out = execFileSync('dpkg-query', ['-W', '-f', '${db:Status-Status}\t${Package}\t${Essential}\t${Priority}\t${Pre-Depends}, ${Depends}\t${Provides}\n'], { encoding: 'utf8' });
  const packages = new Map();
  const providers = new Map();
  for (const line of out.split('\n')) {
    const [status, name, essential, priority, depends, provides] = line.split('\t');
    if (status !== 'installed') continue;
    const names = depends.split(',').flatMap((d) => d.split('|')).map((d) => d.trim().split(/[\s:(]/)[0]).filter(Boolean);
    packages.set(name, { depends: names, essential: essential === 'yes', priority });
    for (const p of (provides ?? '').split(',')) {
      const virtual = p.trim().split(/[\s(]/)[0];
      if (virtual) providers.set(virtual, [...(providers.get(virtual) ?? []), name]);
    }
  }
  return { packages, providers };
}

function closure(roots, { packages, providers }) {
  const seen = new Set();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.pop();
    const real = packages.has(name) ? [name] : (providers.get(name) ?? []);
    for (const r of real) {
      if (seen.has(r)) continue;
      seen.add(r);
      queue.push(...packages.get(r).depends);
    }
  }
  return seen;
}

// The packages that ship the files (one dpkg-query -S for all): path -> package. Each file is
// looked up as given, resolved, and with /usr merged, since packages name either form.
function owners(files) {
  const variants = new Map();
  for (const file of files) {
    variants.set(file, [...new Set([file, fs.realpathSync(file), file.replace(/^\/usr\/lib\//, '/lib/'), file.replace(/^\/lib\//, '/usr/lib/')])]);
  }
  const r = spawnSync('dpkg-query', ['-S', ...new Set([...variants.values()].flat())], { encoding: 'utf8' });
  const byPath = new Map();
  for (const line of r.stdout.split('\n')) {
    const m = line.match(/^(.+?): (\/.*)$/);
    if (m) byPath.set(m[2], m[1].split(',')[0].split(':')[0].trim());
  }
  return new Map(files.map((f) => [f, variants.get(f).map((v) => byPath.get(v)).find(Boolean) ?? null]));
}

function sharedLibraries(binary) {
  const out = execFileSync('ldd', [binary], { encoding: 'utf8' });
  assert.ok(!/not found/.test(out), `${binary}: ${out}`);
  return [...out.matchAll(/=>\s+(\/\S+)/g)].map((m) => m[1]);
}

test('the runtime packages and the base system provide every library the binaries load', () => {
  assert.ok(binaries.length >= 3, 'MAILRUN_BINARIES must name the service binaries');
  const installed = installedPackages();
  const runtime = packageSections().runtime;
  for (const name of runtime) assert.ok(installed.packages.has(name), `[runtime] package ${name} is not installed here (deploy/setup.sh)`);
  const base = [...installed.packages].filter(([, p]) => p.essential || p.priority === 'required').map(([n]) => n);
  const available = new Set([...closure(base, installed), ...closure(runtime, installed)]);
  const libraries = new Map();  // library -> binaries that load it
  for (const binary of binaries) {
    for (const library of sharedLibraries(binary)) libraries.set(library, [...(libraries.get(library) ?? []), binary]);
  }
  const missing = [];
  for (const [library, pkg] of owners([...libraries.keys()])) {
    const users = libraries.get(library).join(', ');
    if (!pkg) missing.push(`${library} (${users}) belongs to no Debian package`);
    else if (!available.has(pkg)) missing.push(`${library} (${users}) comes from ${pkg}, which no [runtime] package brings`);
  }
  assert.deepEqual(missing, []);
  assert.ok(libraries.size > 20, `only ${libraries.size} libraries checked`);
});

test('the check notices a library the runtime packages do not bring', () => {
  const installed = installedPackages();
  const runtime = closure(packageSections().runtime, installed);
  // gtest is a build-only package: its library must be outside the runtime closure.
  assert.ok(installed.packages.has('libgtest-dev'));
  assert.ok(!runtime.has('libgtest-dev'));
  assert.ok(runtime.has('libpq5'), 'libpqxx-6.4 brings libpq5');
});

// chart_lint: yamllint (Debian's) passes on the chart's own YAML files, on everything the chart
// renders in both modes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderText, modes, monitoringOn } from './lib/helm.mjs';
import { chartDir, sourceDir } from './lib/tools.mjs';

const config = path.join(path.dirname(new URL(import.meta.url).pathname), 'yamllint.yaml');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mailrun-chart-lint-'));
process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));

function yamllint(files) {
  const r = spawnSync('yamllint', ['--strict', '--format', 'parsable', '--config-file', config, ...files], { encoding: 'utf8' });
  if (r.error) throw new Error(`cannot run yamllint (deploy/setup.sh installs it): ${r.error.message}`);
  return r;
}

test('the chart\'s YAML files pass yamllint', () => {
  const files = ['Chart.yaml', 'values.yaml', 'values-tryout.yaml', 'values-production.yaml'].map((f) => path.join(chartDir, f));
  const r = yamllint(files);
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('the rendered manifests of both modes pass yamllint', () => {
  const files = [];
  for (const [mode, values] of Object.entries(modes)) {
    const file = path.join(scratch, `${mode}.yaml`);
    fs.writeFileSync(file, renderText({ files: [values] }));
    files.push(file);
  }
  const r = yamllint(files);
  assert.equal(r.status, 0, r.stdout + r.stderr);
});

test('the rendered monitoring objects and the gateway\'s Ingress pass yamllint', () => {
  const file = path.join(scratch, 'monitoring.yaml');
  fs.writeFileSync(file, renderText({ files: [modes.production], set: [...monitoringOn, 'gateway.ingress.enabled=true',
    'gateway.ingress.host=play.example.com'] }));
  const r = yamllint([file]);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.ok(fs.readFileSync(file, 'utf8').includes('kind: PrometheusRule'));
});

test('yamllint with this configuration does catch problems', () => {
  const bad = path.join(scratch, 'bad.yaml');
  fs.writeFileSync(bad, 'a: 1\na: 2\nflag: yes\n');
  const r = yamllint([bad]);
  assert.notEqual(r.status, 0);
  assert.match(r.stdout, /duplication of key "a"/);
  assert.match(r.stdout, /truthy value/);
});

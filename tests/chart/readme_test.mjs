// chart_readme: the values tables of charts/mailrun/README.md document every value of
// values.yaml, and name no value that does not exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chartDir, requireTool } from './lib/tools.mjs';

const YAML = requireTool('yaml');
const values = YAML.parse(fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8'));
const readme = fs.readFileSync(path.join(chartDir, 'README.md'), 'utf8');
const services = ['game', 'lobby', 'notify'];
// Values documented as a whole rather than key by key.
const documentedWhole = new Set(['resources', 'podSecurityContext', 'containerSecurityContext', 'grpcServices', 'labels']);

function keys(object, prefix = '') {
  return Object.entries(object).flatMap(([key, value]) => {
    const p = prefix + key;
    const isMap = value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0;
    return isMap && !documentedWhole.has(key) ? keys(value, `${p}.`) : [p];
  });
}

// The first cell of every table row: `key`.
const documented = new Set([...readme.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => m[1]));

test('every value is in a README values table', () => {
  const missing = keys(values).filter((k) => {
    const [head, ...rest] = k.split('.');
    return !documented.has(k) && !(services.includes(head) && documented.has(`<service>.${rest.join('.')}`));
  });
  assert.deepEqual(missing, []);
});

test('the README documents no value that does not exist', () => {
  const all = new Set(keys(values));
  const stale = [...documented].filter((d) => {
    if (d.startsWith('<service>.')) return !services.some((s) => all.has(`${s}.${d.slice('<service>.'.length)}`));
    return !all.has(d);
  });
  assert.deepEqual(stale, []);
  assert.ok(documented.size > 60, `only ${documented.size} rows found`);
});

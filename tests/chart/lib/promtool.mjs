// Runs promtool (Debian's prometheus package) on what the chart says to Prometheus: the alerting
// rules of the PrometheusRule (`promtool check rules`, `promtool test rules`) and any PromQL
// expression (parsed as the expression of a recording rule). Files go to a private directory.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requireTool } from './tools.mjs';

const YAML = requireTool('yaml');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'mailrun-promtool-'));
process.on('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));
let files = 0;

function promtool(args) {
  const r = spawnSync('promtool', args, { encoding: 'utf8', cwd: scratch });
  if (r.error) throw new Error(`cannot run promtool (deploy/setup.sh installs the prometheus package): ${r.error.message}`);
  return { status: r.status, output: r.stdout + r.stderr };
}

function write(name, value) {
  const file = path.join(scratch, `${++files}-${name}`);
  fs.writeFileSync(file, typeof value === 'string' ? value : YAML.stringify(value));
  return file;
}

// `promtool check rules` on a rules file holding `groups`; returns { status, output }.
export function checkRules(groups) {
  return promtool(['check', 'rules', write('rules.yaml', { groups })]);
}

// `promtool test rules`: `tests` (the unit tests' list) against `groups`; returns { status, output }.
export function testRules(groups, tests, evaluationInterval = '1m') {
  const rules = write('rules.yaml', { groups });
  const file = write('tests.yaml', { rule_files: [rules], evaluation_interval: evaluationInterval, tests });
  return promtool(['test', 'rules', file]);
}

// Parses each PromQL expression; returns the problems promtool found (empty when all parse).
export function checkExpressions(expressions) {
  const rules = expressions.map((expr, i) => ({ record: `mailrun:expression_${i}`, expr }));
  const r = checkRules([{ name: 'expressions', rules }]);
  return r.status === 0 ? [] : [r.output];
}

// The metric families an expression reads (mailrun_* only): a histogram's _bucket, _sum and
// _count series belong to its family (no mailrun counter ends in those; counters end in _total).
export function metricNames(expression) {
  return new Set([...expression.matchAll(/\bmailrun_[a-z0-9_]+\b/g)].map(([name]) => name.replace(/_(bucket|sum|count)$/, '')));
}

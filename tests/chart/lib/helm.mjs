// Runs the real helm binary (from the npm package installed by setup_tools.sh) on the chart,
// hermetically: its cache, config and data directories are private to the test run, and no
// cluster is contacted (`helm template` and `helm lint` render locally).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chartDir, helmBinary, requireTool } from './tools.mjs';

const YAML = requireTool('yaml');
const helmHome = fs.mkdtempSync(path.join(os.tmpdir(), 'mailrun-helm-'));
process.on('exit', () => fs.rmSync(helmHome, { recursive: true, force: true }));

// Runs helm with `args`; returns { status, stdout, stderr }.
export function helm(args) {
  const env = {
    PATH: process.env.PATH,
    HOME: helmHome,
    HELM_CACHE_HOME: path.join(helmHome, 'cache'),
    HELM_CONFIG_HOME: path.join(helmHome, 'config'),
    HELM_DATA_HOME: path.join(helmHome, 'data'),
    KUBECONFIG: path.join(helmHome, 'no-kubeconfig'),
  };
  const result = spawnSync(helmBinary(), args, { env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export const valuesFile = (name) => path.join(chartDir, name);

// The modes the chart is tested in: in-chart PostgreSQL and Redis, or external endpoints.
export const modes = {
  tryout: valuesFile('values-tryout.yaml'),
  production: valuesFile('values-production.yaml'),
};

// --set pairs that switch on the monitoring objects (off by default: they need the Prometheus
// Operator's CRDs and Grafana's dashboard sidecar).
export const monitoringOn = ['metrics.serviceMonitor.enabled=true', 'metrics.prometheusRule.enabled=true',
  'metrics.grafanaDashboard.enabled=true'];

// `helm template` with the given values files and --set pairs. Returns the manifest text;
// throws with helm's message when rendering fails.
export function renderText({ files = [], set = [], release = 'mailrun', namespace = 'games' } = {}) {
  const args = ['template', release, chartDir, '--namespace', namespace, '--include-crds'];
  for (const f of files) args.push('--values', f);
  for (const s of set) args.push('--set', s);
  const r = helm(args);
  if (r.status !== 0) {
    const err = new Error(`helm template failed: ${r.stderr.trim()}`);
    err.stderr = r.stderr;
    throw err;
  }
  return r.stdout;
}

// Parses a multi-document manifest with YAML 1.1, as Kubernetes does (so 0440 is octal and an
// unquoted no is false); every document must be valid YAML.
export function parseManifest(text) {
  const objects = [];
  for (const doc of YAML.parseAllDocuments(text, { version: '1.1' })) {
    if (doc.errors.length > 0) throw new Error(`invalid YAML in the rendered chart: ${doc.errors[0].message}`);
    const value = doc.toJS();
    if (value === null) continue;  // an empty document (a template that rendered nothing)
    objects.push(value);
  }
  return objects;
}

export function render(options) {
  return parseManifest(renderText(options));
}

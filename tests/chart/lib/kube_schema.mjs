// Checks Kubernetes objects against the API's schemas, as the API server would with strict field
// validation: types, formats and required fields come from the OpenAPI definitions compiled into
// the kubernetes-models package (and, for the Prometheus Operator's ServiceMonitor and
// PrometheusRule, from its CRDs' schemas in @kubernetes-models/prometheus-operator, the same
// project's package for them); unknown fields (a misspelt key the server would reject) are
// found by recording which properties the schema validator reads: it reads every property its
// definition declares and enumerates the keys of maps, so a key it never touched is unknown.
import fs from 'node:fs';
import path from 'node:path';
import { requireTool, toolsDir } from './tools.mjs';

const schemasDir = path.join(toolsDir(), 'node_modules', 'kubernetes-models', '_schemas');
// API groups defined by CustomResourceDefinitions: where their schemas are.
const crdSchemasDirs = {
  'monitoring.coreos.com': path.join(toolsDir(), 'node_modules', '@kubernetes-models', 'prometheus-operator', '_schemas'),
};

const capitalized = (s) => s[0].toUpperCase() + s.slice(1);

// "apps/v1" + "Deployment" -> "IoK8sApiAppsV1Deployment"; "v1" + "Service" -> "IoK8sApiCoreV1Service";
// "networking.k8s.io/v1" + "NetworkPolicy" -> "IoK8sApiNetworkingV1NetworkPolicy";
// "monitoring.coreos.com/v1" + "ServiceMonitor" -> "MonitoringCoreosComV1ServiceMonitor".
export function definitionName(apiVersion, kind) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['core', apiVersion];
  if (crdSchemasDirs[group]) return `${group.split('.').map(capitalized).join('')}${capitalized(version)}${kind}`;
  const short = group.replace(/\.k8s\.io$/, '').split('.').map(capitalized).join('');
  return `IoK8sApi${short}${capitalized(version)}${kind}`;
}

function schemaFile(apiVersion, name) {
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0] : 'core';
  return path.join(crdSchemasDirs[group] ?? schemasDir, `${name}.js`);
}

function tracked(value, pathSoFar, seen) {
  if (value === null || typeof value !== 'object') return value;
  return new Proxy(value, {
    get(target, key, receiver) {
      if (typeof key === 'string') seen.add(`${pathSoFar}/${key}`);
      const child = Reflect.get(target, key, receiver);
      return typeof key === 'string' ? tracked(child, `${pathSoFar}/${key}`, seen) : child;
    },
    ownKeys(target) {
      for (const key of Reflect.ownKeys(target)) if (typeof key === 'string') seen.add(`${pathSoFar}/${key}`);
      return Reflect.ownKeys(target);
    },
  });
}

function unknownFields(value, pathSoFar, seen, out) {
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    const p = `${pathSoFar}/${key}`;
    if (!seen.has(p)) {
      out.push(p);
    } else {
      unknownFields(child, p, seen, out);
    }
  }
}

// Returns a list of problems (empty when the object is valid), each naming the JSON path.
export function validateObject(object) {
  if (!object || typeof object.apiVersion !== 'string' || typeof object.kind !== 'string') {
    return ['not a Kubernetes object: apiVersion and kind are required'];
  }
  const name = definitionName(object.apiVersion, object.kind);
  const file = schemaFile(object.apiVersion, name);
  if (!fs.existsSync(file)) return [`no schema for ${object.apiVersion} ${object.kind} (looked for ${name})`];
  const { validate } = requireTool(file);
  const seen = new Set();
  const ok = validate(tracked(object, '', seen));
  const problems = ok ? [] : validate.errors.map((e) => `${e.instancePath || '/'}: ${e.keyword} ${JSON.stringify(e.params)}`);
  const unknown = [];
  unknownFields(object, '', seen, unknown);
  for (const p of unknown) problems.push(`${p}: unknown field`);
  return problems;
}

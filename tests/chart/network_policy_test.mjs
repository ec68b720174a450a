// chart_network_policy: the rendered NetworkPolicies, evaluated for every pair of the release's
// pods on every port they serve, allow exactly the conversations the design needs and nothing
// else ("only what must talk, talks"); DNS, the databases outside the cluster and the push
// endpoint are checked as well.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { render, modes } from './lib/helm.mjs';
import { podLabelsOf, podSpecOf, workloads } from './lib/manifest.mjs';
import { allowed, inCidr } from './lib/netpol.mjs';

const namespace = 'games';
const namespaceLabels = { 'kubernetes.io/metadata.name': namespace };

// The release's pods by component, with the ports their containers serve.
function podsOf(objects) {
  const pods = {};
  for (const w of workloads(objects)) {
    const labels = podLabelsOf(w);
    const ports = podSpecOf(w).containers.flatMap((c) => (c.ports ?? []).map((p) => p.containerPort));
    pods[labels['app.kubernetes.io/component']] = { namespace, namespaceLabels, labels, ports };
  }
  return pods;
}

function policiesOf(objects) {
  return objects.filter((o) => o.kind === 'NetworkPolicy').map((p) => ({ ...p, metadata: { ...p.metadata, namespace } }));
}

const dns = { namespace: 'kube-system', namespaceLabels: { 'kubernetes.io/metadata.name': 'kube-system' }, labels: { 'k8s-app': 'kube-dns' } };
const stranger = { namespace: 'other', namespaceLabels: { 'kubernetes.io/metadata.name': 'other' }, labels: { app: 'x' } };
const internet = { ip: '203.0.113.7' };

// Every allowed (source -> destination:port) among the release's pods.
function allowedPairs(objects) {
  const pods = podsOf(objects);
  const policies = policiesOf(objects);
  const result = [];
  for (const [from, source] of Object.entries(pods)) {
    for (const [to, destination] of Object.entries(pods)) {
      if (from === to) continue;
      for (const port of destination.ports) {
        if (allowed(policies, source, destination, port)) result.push(`${from} -> ${to}:${port}`);
      }
    }
  }
  return result.sort();
}

const serviceEdges = [
  'gateway -> game:50151', 'gateway -> lobby:50152', 'gateway -> notify:50153',
  'health-test -> game:50151', 'health-test -> lobby:50152', 'health-test -> notify:50153',
  'lobby -> game:50151',
];

test('try-out: only the needed conversations between the release\'s pods are allowed', () => {
  const expected = [
    ...serviceEdges,
    'game -> postgresql:5432', 'lobby -> postgresql:5432', 'notify -> postgresql:5432', 'migrations -> postgresql:5432',
    'game -> redis:6379', 'lobby -> redis:6379', 'notify -> redis:6379',
  ].sort();
  assert.deepEqual(allowedPairs(render({ files: [modes.tryout] })), expected);
});

test('production: the same between pods, and PostgreSQL and Redis only from the services', () => {
  const objects = render({ files: [modes.production] });
  assert.deepEqual(allowedPairs(objects), [...serviceEdges].sort());
  const pods = podsOf(objects);
  const policies = policiesOf(objects);
  const database = { ip: '10.20.1.5' };  // inside externalDatabase.networkPolicyPeers (10.20.0.0/16)
  assert.ok(inCidr(database.ip, '10.20.0.0/16'));
  for (const [name, pod] of Object.entries(pods)) {
    const needsDatabase = ['game', 'lobby', 'notify', 'migrations'].includes(name);
    const needsRedis = ['game', 'lobby', 'notify'].includes(name);
    assert.equal(allowed(policies, pod, database, 5432), needsDatabase, `${name} -> PostgreSQL`);
    assert.equal(allowed(policies, pod, database, 6379), needsRedis, `${name} -> Redis`);
    assert.equal(allowed(policies, pod, { ip: '10.99.0.1' }, 5432), false, `${name} -> a database outside the allowed block`);
    // DNS for everyone (except the databases' own pods, which do not run in this mode).
    assert.equal(allowed(policies, pod, dns, 53, 'UDP'), true, `${name} -> DNS`);
  }
  // Push: only the notification service, only to the internet, only HTTPS.
  assert.equal(allowed(policies, pods.notify, internet, 443), true);
  assert.equal(allowed(policies, pods.notify, internet, 80), false);
  assert.equal(allowed(policies, pods.notify, { ip: '192.168.1.10' }, 443), false, 'private ranges are excluded');
  for (const name of ['game', 'lobby', 'gateway', 'migrations']) {
    assert.equal(allowed(policies, pods[name], internet, 443), false, `${name} -> internet`);
  }
  // Clients: anyone reaches the gateway; the services only from the Ingress controller's namespace.
  const ingress = { namespace: 'ingress-nginx', namespaceLabels: { 'kubernetes.io/metadata.name': 'ingress-nginx' }, labels: {} };
  assert.equal(allowed(policies, internet, pods.gateway, 8080), true);
  assert.equal(allowed(policies, stranger, pods.gateway, 8080), true);
  assert.equal(allowed(policies, internet, pods.game, 50151), false);
  assert.equal(allowed(policies, stranger, pods.game, 50151), false);
  assert.equal(allowed(policies, ingress, pods.game, 50151), true);
  assert.equal(allowed(policies, ingress, pods.lobby, 50152), true);
});

test('try-out: the in-chart databases take nothing from outside and send nothing', () => {
  const objects = render({ files: [modes.tryout] });
  const pods = podsOf(objects);
  const policies = policiesOf(objects);
  for (const name of ['postgresql', 'redis']) {
    const port = pods[name].ports[0];
    assert.equal(allowed(policies, stranger, pods[name], port), false, `stranger -> ${name}`);
    assert.equal(allowed(policies, pods[name], internet, 443), false, `${name} -> internet`);
    assert.equal(allowed(policies, pods[name], dns, 53, 'UDP'), false, `${name} needs no DNS`);
  }
  // No push endpoint configured: the notification service cannot reach the internet.
  assert.equal(allowed(policies, pods.notify, internet, 443), false);
});

test('the evaluator itself: no policy allows, a default deny denies', () => {
  const a = { namespace, namespaceLabels, labels: { app: 'a' } };
  const b = { namespace, namespaceLabels, labels: { app: 'b' } };
  assert.equal(allowed([], a, b, 80), true);
  const deny = { metadata: { namespace }, spec: { podSelector: {}, policyTypes: ['Ingress', 'Egress'] } };
  assert.equal(allowed([deny], a, b, 80), false);
  assert.equal(inCidr('10.1.2.3', '10.0.0.0/8'), true);
  assert.equal(inCidr('11.1.2.3', '10.0.0.0/8'), false);
  assert.equal(inCidr('1.2.3.4', '0.0.0.0/0'), true);
});

test('with networkPolicy.enabled=false no policy is rendered', () => {
  const objects = render({ files: [modes.production], set: ['networkPolicy.enabled=false'] });
  assert.equal(objects.filter((o) => o.kind === 'NetworkPolicy').length, 0);
});

// chart_schema: the chart renders in both modes (in-chart PostgreSQL and Redis; external ones),
// and with its optional parts switched off, and every rendered object validates against the
// Kubernetes API schemas, unknown fields included.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { render, modes, monitoringOn } from './lib/helm.mjs';
import { validateObject } from './lib/kube_schema.mjs';

function assertAllValid(objects) {
  assert.ok(objects.length > 0, 'the chart rendered no objects');
  const problems = [];
  for (const o of objects) {
    for (const p of validateObject(o)) problems.push(`${o.kind} ${o.metadata?.name}: ${p}`);
  }
  assert.deepEqual(problems, []);
}

const kindsOf = (objects) => [...new Set(objects.map((o) => o.kind))].sort();

test('try-out mode renders valid objects, with PostgreSQL and Redis in the chart', () => {
  const objects = render({ files: [modes.tryout] });
  assertAllValid(objects);
  assert.deepEqual(kindsOf(objects), ['Deployment', 'Job', 'NetworkPolicy', 'Pod',
    'PodDisruptionBudget', 'Service', 'ServiceAccount', 'StatefulSet']);
  const statefulSets = objects.filter((o) => o.kind === 'StatefulSet').map((o) => o.metadata.name).sort();
  assert.deepEqual(statefulSets, ['mailrun-postgresql', 'mailrun-redis']);
});

test('production mode renders valid objects, with external PostgreSQL and Redis', () => {
  const objects = render({ files: [modes.production] });
  assertAllValid(objects);
  assert.deepEqual(kindsOf(objects), ['Deployment', 'HorizontalPodAutoscaler', 'Job',
    'NetworkPolicy', 'Pod', 'PodDisruptionBudget', 'Service', 'ServiceAccount']);
});

test('every optional part can be switched off and the rest still validates', () => {
  const variants = [
    ['gateway.enabled=false'],
    ['networkPolicy.enabled=false'],
    ['migrations.enabled=false'],
    ['tests.enabled=false'],
    ['serviceAccount.create=false'],
    ['topologySpread=false'],
    ['game.autoscaling.enabled=false', 'lobby.autoscaling.enabled=false', 'notify.autoscaling.enabled=false', 'gateway.autoscaling.enabled=false'],
  ];
  for (const mode of Object.values(modes)) {
    for (const set of variants) {
      const objects = render({ files: [mode], set });
      assertAllValid(objects);
    }
  }
});

test('with monitoring, the Ingress and a custom autoscaling metric on, every object still validates', () => {
  const set = [...monitoringOn, 'gateway.ingress.enabled=true', 'gateway.ingress.host=play.example.com',
    'gateway.ingress.tlsSecretName=play-tls', 'notify.autoscaling.podsMetric.name=mailrun_notify_open_streams',
    'notify.autoscaling.podsMetric.averageValue=2000'];
  for (const mode of Object.values(modes)) {
    const objects = render({ files: [mode], set });
    assertAllValid(objects);
    for (const kind of ['ServiceMonitor', 'PrometheusRule', 'Ingress']) {
      assert.ok(objects.some((o) => o.kind === kind), `${mode}: no ${kind}`);
    }
  }
});

test('the schema check itself rejects a wrong type, a missing required field and an unknown field', () => {
  const deployment = render({ files: [modes.production] }).find((o) => o.kind === 'Deployment');
  const container = deployment.spec.template.spec.containers[0];
  container.ports[0].containerPort = 'grpc';
  container.readinesProbe = container.readinessProbe;
  delete deployment.spec.selector;
  const problems = validateObject(deployment);
  assert.ok(problems.some((p) => p.startsWith('/spec/template/spec/containers/0/ports/0/containerPort: type')), problems.join('\n'));
  assert.ok(problems.some((p) => p === '/spec/template/spec/containers/0/readinesProbe: unknown field'), problems.join('\n'));
  assert.ok(problems.some((p) => p.startsWith('/spec: required') && p.includes('selector')), problems.join('\n'));
  assert.deepEqual(validateObject({ apiVersion: 'example.com/v1', kind: 'Widget' }).length, 1);
  // The same for the Prometheus Operator's kinds, checked against their CRDs' schemas.
  const monitor = render({ files: [modes.production], set: monitoringOn }).find((o) => o.kind === 'ServiceMonitor');
  monitor.spec.endpoints[0].interval = 30;
  monitor.spec.endpoints[0].scrapeInterval = '30s';
  delete monitor.spec.selector;
  const crdProblems = validateObject(monitor);
  assert.ok(crdProblems.some((p) => p.startsWith('/spec/endpoints/0/interval: type')), crdProblems.join('\n'));
  assert.ok(crdProblems.some((p) => p === '/spec/endpoints/0/scrapeInterval: unknown field'), crdProblems.join('\n'));
  assert.ok(crdProblems.some((p) => p.startsWith('/spec: required') && p.includes('selector')), crdProblems.join('\n'));
});

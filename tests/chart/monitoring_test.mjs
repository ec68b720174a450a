// chart_monitoring: what the chart gives operators to watch Mailrun with, each part behind its
// switch: the metrics ports (every service pod serves /metrics, its headless Service names the
// port, only metrics.scrapePeers may reach it); the ServiceMonitor (it selects exactly those
// Services); the PrometheusRule (promtool parses it, and promtool's rule unit tests show each
// alert firing when it should and not otherwise); the Grafana dashboard (valid JSON whose every
// query promtool parses); the gateway's Ingress; autoscaling on a custom per-pod metric. Every
// metric the alerts and the dashboard read is one the services serve (docs/operations.md's table,
// which a unit test holds equal to services/common/metrics.cc). Schemas and lint: schema_test.mjs
// and lint_test.mjs check these objects with the rest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { render, renderText, modes, monitoringOn } from './lib/helm.mjs';
import { components, find, matches, podLabelsOf, podSpecOf, workloads } from './lib/manifest.mjs';
import { allowed } from './lib/netpol.mjs';
import { checkExpressions, checkRules, metricNames, testRules } from './lib/promtool.mjs';
import { chartDir, sourceDir } from './lib/tools.mjs';

const namespace = 'games';

// The metric families docs/operations.md describes (its metrics table).
const documentedMetrics = new Set([...fs.readFileSync(path.join(sourceDir, 'docs', 'operations.md'), 'utf8')
  .matchAll(/^\| `(mailrun_[a-z0-9_]+)` \|/gm)].map((m) => m[1]));

const streamsMetric = ['notify.autoscaling.podsMetric.name=mailrun_notify_open_streams',
  'notify.autoscaling.podsMetric.averageValue=2000'];
const rendered = render({ files: [modes.production], set: [...monitoringOn, ...streamsMetric] });
const rule = find(rendered, 'PrometheusRule', 'mailrun');
const dashboard = JSON.parse(find(rendered, 'ConfigMap', 'mailrun-dashboard').data['mailrun.json']);
const dashboardExpressions = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));

test('every service pod serves metrics on the metrics port, named on its headless Service only', () => {
  for (const component of components) {
    const [container] = podSpecOf(find(rendered, 'Deployment', `mailrun-${component}`)).containers;
    assert.deepEqual(container.ports.find((p) => p.name === 'metrics'), { name: 'metrics', containerPort: 9090, protocol: 'TCP' });
    assert.equal(container.env.find((e) => e.name === 'MAILRUN_METRICS_LISTEN').value, '0.0.0.0:9090');
    const headless = find(rendered, 'Service', `mailrun-${component}-headless`);
    assert.equal(headless.spec.ports.find((p) => p.name === 'metrics').targetPort, 'metrics');
    assert.equal(headless.metadata.labels['mailrun.io/metrics'], 'true');
    const service = find(rendered, 'Service', `mailrun-${component}`);
    assert.equal(service.spec.ports.some((p) => p.name === 'metrics'), false, 'one Service per pod is scraped, not two');
  }
  const off = render({ files: [modes.production], set: ['metrics.enabled=false'] });
  for (const component of components) {
    const [container] = podSpecOf(find(off, 'Deployment', `mailrun-${component}`)).containers;
    assert.equal(container.ports.some((p) => p.name === 'metrics'), false);
    assert.equal((container.env ?? []).some((e) => e.name === 'MAILRUN_METRICS_LISTEN'), false);
  }
  assert.throws(() => renderText({ files: [modes.production], set: ['metrics.enabled=false', 'metrics.prometheusRule.enabled=true'] }),
    /need metrics\.enabled=true/);
});

test('the ServiceMonitor scrapes exactly the three services\' pods, labelled by release and component', () => {
  const monitor = find(rendered, 'ServiceMonitor', 'mailrun');
  const selected = rendered.filter((o) => o.kind === 'Service' && matches(monitor.spec.selector, o.metadata.labels));
  assert.deepEqual(selected.map((s) => s.metadata.name).sort(), components.map((c) => `mailrun-${c}-headless`).sort());
  assert.deepEqual(monitor.spec.namespaceSelector, { matchNames: [namespace] });
  const [endpoint] = monitor.spec.endpoints;
  assert.equal(endpoint.port, 'metrics');
  assert.equal(endpoint.path, '/metrics');
  assert.deepEqual(endpoint.relabelings.map((r) => r.targetLabel).sort(), ['component', 'release']);
  // The selector the alerts and the dashboard use names exactly those labels.
  assert.match(rule.spec.groups[0].rules[0].expr, /namespace="games",release="mailrun"/);
  // Off by default: the CRDs may not exist in the cluster.
  const defaults = render({ files: [modes.production] });
  assert.deepEqual(defaults.filter((o) => ['ServiceMonitor', 'PrometheusRule'].includes(o.kind)), []);
  assert.equal(defaults.some((o) => o.metadata.name === 'mailrun-dashboard'), false);
});

test('only metrics.scrapePeers reach the metrics port', () => {
  const policies = rendered.filter((o) => o.kind === 'NetworkPolicy').map((p) => ({ ...p, metadata: { ...p.metadata, namespace } }));
  const pod = (component) => ({ namespace, namespaceLabels: { 'kubernetes.io/metadata.name': namespace },
    labels: podLabelsOf(workloads(rendered).find((w) => podLabelsOf(w)['app.kubernetes.io/component'] === component)) });
  const prometheus = { namespace: 'monitoring', namespaceLabels: { 'kubernetes.io/metadata.name': 'monitoring' }, labels: { app: 'prometheus' } };
  const stranger = { namespace: 'other', namespaceLabels: { 'kubernetes.io/metadata.name': 'other' }, labels: {} };
  for (const component of components) {
    assert.equal(allowed(policies, prometheus, pod(component), 9090), true, `prometheus -> ${component}:9090`);
    assert.equal(allowed(policies, stranger, pod(component), 9090), false, `stranger -> ${component}:9090`);
    assert.equal(allowed(policies, pod('gateway'), pod(component), 9090), false, `gateway -> ${component}:9090`);
    assert.equal(allowed(policies, prometheus, pod(component), { game: 50151, lobby: 50152, notify: 50153 }[component]), false,
      `prometheus -> ${component}'s gRPC port`);
  }
  const nobody = render({ files: [modes.production], set: ['metrics.scrapePeers=null'] });
  const closed = nobody.filter((o) => o.kind === 'NetworkPolicy').map((p) => ({ ...p, metadata: { ...p.metadata, namespace } }));
  assert.equal(allowed(closed, prometheus, pod('game'), 9090), false, 'no scrape peers: nobody scrapes');
});

test('promtool accepts the alerting rules, and each alert reads metrics the services serve', () => {
  const r = checkRules(rule.spec.groups);
  assert.equal(r.status, 0, r.output);
  const alerts = rule.spec.groups.flatMap((g) => g.rules.map((x) => x.alert)).sort();
  assert.deepEqual(alerts, ['MailrunHighErrorRate', 'MailrunHighLatency', 'MailrunLoginRefusals', 'MailrunManyStreamsPerPod',
    'MailrunOutboxLag']);
  const docs = fs.readFileSync(path.join(sourceDir, 'docs', 'operations.md'), 'utf8');
  for (const x of rule.spec.groups.flatMap((g) => g.rules)) {
    const names = metricNames(x.expr);
    assert.ok(names.size > 0, x.alert);
    for (const name of names) assert.ok(documentedMetrics.has(name), `${x.alert} reads ${name}, which no service serves`);
    assert.ok(docs.includes(`### ${x.alert}`), `docs/operations.md says what to do when ${x.alert} fires`);
  }
});

// Unit tests of the alerts with promtool: series as the services would report them (labelled as
// the ServiceMonitor labels them), and the alerts expected at given times.
const series = (name, labels, values) => ({
  series: `${name}{${Object.entries({ namespace, release: 'mailrun', ...labels }).map(([k, v]) => `${k}="${v}"`).join(',')}}`,
  values,
});
const fires = (alertname, evalTime, labels, annotations) => ({
  eval_time: evalTime, alertname, exp_alerts: [{ exp_labels: { namespace, release: 'mailrun', ...labels }, exp_annotations: annotations }],
});
const silent = (alertname, evalTime) => ({ eval_time: evalTime, alertname, exp_alerts: [] });
const annotationsOf = (alert) => rule.spec.groups[0].rules.find((x) => x.alert === alert).annotations;
const expanded = (alert, values) => {
  const a = annotationsOf(alert);
  const fill = (text) => text.replace(/\{\{ ([^}]*) \}\}/g, (_, expr) => {
    if (!(expr in values)) throw new Error(`no value for ${expr} in ${alert}`);
    return values[expr];
  });
  return { summary: fill(a.summary), description: fill(a.description) };
};

test('each alert fires when its condition holds long enough, and not otherwise (promtool test rules)', () => {
  const tests = [
    { // Outbox: the oldest unsent row ages from minute 5 on; lag > 120 s from minute 7.
      interval: '1m',
      input_series: [series('mailrun_outbox_oldest_unsent_age_seconds', { component: 'game', pod: 'game-1' },
        '0 0 0 0 0 0 60 120 180 240 300 360 420 480')],
      alert_rule_test: [
        silent('MailrunOutboxLag', '7m'),
        silent('MailrunOutboxLag', '9m'),  // above the threshold since minute 8: pending
        fires('MailrunOutboxLag', '11m', { severity: 'critical' },
          expanded('MailrunOutboxLag', { '$value | humanizeDuration': '6m 0s' })),
      ],
    },
    { // Errors: 10 UNAVAILABLE per 100 OK a minute on the game service; the lobby is healthy.
      interval: '1m',
      input_series: [
        series('mailrun_rpc_requests_total', { component: 'game', pod: 'game-1', method: '/m', code: 'OK' }, '0+100x30'),
        series('mailrun_rpc_requests_total', { component: 'game', pod: 'game-1', method: '/m', code: 'UNAVAILABLE' }, '0+10x30'),
        series('mailrun_rpc_requests_total', { component: 'lobby', pod: 'lobby-1', method: '/m', code: 'OK' }, '0+100x30'),
        series('mailrun_rpc_requests_total', { component: 'lobby', pod: 'lobby-1', method: '/m', code: 'FAILED_PRECONDITION' }, '0+50x30'),
      ],
      alert_rule_test: [
        silent('MailrunHighErrorRate', '10m'),
        fires('MailrunHighErrorRate', '20m', { severity: 'critical', component: 'game' },
          expanded('MailrunHighErrorRate', { '$labels.component': 'game', '$value | humanizePercentage': '9.091%' })),
      ],
    },
    { // Latency: every SubmitAction takes 2.5-5 s; slow health checks alone would not count.
      interval: '1m',
      input_series: [
        ...[['1', '0+0x30'], ['2.5', '0+0x30'], ['5', '0+10x30'], ['+Inf', '0+10x30']].map(([le, values]) =>
          series('mailrun_rpc_duration_seconds_bucket', { component: 'game', pod: 'game-1', method: '/mailrun.v1.GameService/SubmitAction', code: 'OK', le }, values)),
        ...[['1', '0+0x30'], ['+Inf', '0+10x30']].map(([le, values]) =>
          series('mailrun_rpc_duration_seconds_bucket', { component: 'lobby', pod: 'lobby-1', method: '/grpc.health.v1.Health/Check', code: 'OK', le }, values)),
      ],
      alert_rule_test: [
        silent('MailrunHighLatency', '5m'),
        fires('MailrunHighLatency', '20m', { severity: 'warning', component: 'game' },
          expanded('MailrunHighLatency', { '$labels.component': 'game', '$value | humanizeDuration': '4.975s' })),
      ],
    },
    { // Streams: one pod holds 6000 for long, another 100.
      interval: '1m',
      input_series: [
        series('mailrun_notify_open_streams', { component: 'notify', pod: 'notify-1' }, '6000x30'),
        series('mailrun_notify_open_streams', { component: 'notify', pod: 'notify-2' }, '100x30'),
      ],
      alert_rule_test: [
        silent('MailrunManyStreamsPerPod', '10m'),
        fires('MailrunManyStreamsPerPod', '20m', { severity: 'warning', pod: 'notify-1' },
          expanded('MailrunManyStreamsPerPod', { '$labels.pod': 'notify-1', '$value': '6000' })),
      ],
    },
    { // Logins: 120 refusals a minute (a password-guessing run) against a threshold of 60.
      interval: '1m',
      input_series: [series('mailrun_login_refusals_total', { component: 'lobby', pod: 'lobby-1', code: 'UNAUTHENTICATED' }, '0+120x30')],
      alert_rule_test: [
        silent('MailrunLoginRefusals', '5m'),
        fires('MailrunLoginRefusals', '15m', { severity: 'warning' }, expanded('MailrunLoginRefusals', { '$value | humanize': '120' })),
      ],
    },
    { // All quiet: nothing fires.
      interval: '1m',
      input_series: [
        series('mailrun_outbox_oldest_unsent_age_seconds', { component: 'game', pod: 'game-1' }, '0x30'),
        series('mailrun_rpc_requests_total', { component: 'game', pod: 'game-1', method: '/m', code: 'OK' }, '0+100x30'),
        series('mailrun_notify_open_streams', { component: 'notify', pod: 'notify-1' }, '100x30'),
        series('mailrun_login_refusals_total', { component: 'lobby', pod: 'lobby-1', code: 'UNAUTHENTICATED' }, '0+5x30'),
      ],
      alert_rule_test: ['MailrunOutboxLag', 'MailrunHighErrorRate', 'MailrunHighLatency', 'MailrunManyStreamsPerPod',
        'MailrunLoginRefusals'].map((alert) => silent(alert, '25m')),
    },
  ];
  const r = testRules(rule.spec.groups, tests);
  assert.equal(r.status, 0, r.output);
  assert.match(r.output, /SUCCESS/);
});

test('the promtool unit tests can fail: a wrong expectation is reported', () => {
  const r = testRules(rule.spec.groups, [{ interval: '1m',
    input_series: [series('mailrun_notify_open_streams', { component: 'notify', pod: 'notify-1' }, '100x30')],
    alert_rule_test: [fires('MailrunManyStreamsPerPod', '20m', { severity: 'warning', pod: 'notify-1' }, {})] }]);
  assert.notEqual(r.status, 0, r.output);
});

test('the Grafana dashboard is valid JSON whose queries promtool parses and read metrics the services serve', () => {
  const raw = fs.readFileSync(path.join(chartDir, 'dashboards', 'mailrun.json'), 'utf8');
  assert.deepEqual(JSON.parse(raw), dashboard, 'the ConfigMap holds dashboards/mailrun.json as it is');
  assert.equal(dashboard.uid, 'mailrun-overview');
  const ids = dashboard.panels.map((p) => p.id);
  assert.equal(new Set(ids).size, ids.length, 'panel ids are unique');
  assert.deepEqual(dashboard.templating.list.map((v) => v.name), ['datasource', 'namespace', 'release']);
  assert.ok(dashboardExpressions.length >= 20, `only ${dashboardExpressions.length} queries`);
  // Grafana's variables, as Grafana would fill them in.
  const filled = dashboardExpressions.map((e) => e.replaceAll('$namespace', namespace).replaceAll('$release', 'mailrun')
    .replaceAll('$__rate_interval', '2m').replaceAll('$__range', '6h'));
  assert.deepEqual(checkExpressions(filled), []);
  const read = new Set();
  for (const e of dashboardExpressions) {
    assert.match(e, /namespace="\$namespace",release="\$release"/, `a query for another release's series: ${e}`);
    for (const name of metricNames(e)) read.add(name);
  }
  for (const name of read) assert.ok(documentedMetrics.has(name), `the dashboard reads ${name}, which no service serves`);
  // Every documented metric has a panel.
  assert.deepEqual([...documentedMetrics].filter((m) => !read.has(m)), []);
  const labels = find(rendered, 'ConfigMap', 'mailrun-dashboard').metadata.labels;
  assert.equal(labels.grafana_dashboard, '1', 'Grafana\'s sidecar finds it by this label');
});

test('the gateway\'s Ingress routes its host to the gateway Service, and needs a host', () => {
  const set = ['gateway.ingress.enabled=true', 'gateway.ingress.host=play.example.com', 'gateway.ingress.className=nginx',
    'gateway.ingress.tlsSecretName=play-tls'];
  const objects = render({ files: [modes.production], set });
  const ingress = find(objects, 'Ingress', 'mailrun-gateway');
  const service = find(objects, 'Service', 'mailrun-gateway');
  const [rule] = ingress.spec.rules;
  assert.equal(rule.host, 'play.example.com');
  assert.equal(rule.http.paths[0].backend.service.name, service.metadata.name);
  assert.ok(service.spec.ports.some((p) => p.name === rule.http.paths[0].backend.service.port.name));
  assert.deepEqual(ingress.spec.tls, [{ hosts: ['play.example.com'], secretName: 'play-tls' }]);
  assert.equal(ingress.spec.ingressClassName, 'nginx');
  assert.equal(render({ files: [modes.production] }).some((o) => o.kind === 'Ingress'), false, 'off by default');
  assert.throws(() => renderText({ files: [modes.production], set: ['gateway.ingress.enabled=true'] }), /needs gateway\.ingress\.host/);
});

test('an autoscaler can scale on a custom per-pod metric besides CPU', () => {
  const hpa = find(rendered, 'HorizontalPodAutoscaler', 'mailrun-notify');
  assert.equal(hpa.apiVersion, 'autoscaling/v2');
  const pods = hpa.spec.metrics.find((m) => m.type === 'Pods');
  assert.deepEqual(pods, { type: 'Pods', pods: { metric: { name: 'mailrun_notify_open_streams' },
    target: { type: 'AverageValue', averageValue: '2000' } } });
  assert.ok(documentedMetrics.has(pods.pods.metric.name));
  assert.ok(hpa.spec.metrics.some((m) => m.type === 'Resource' && m.resource.name === 'cpu'), 'CPU stays');
  const game = find(rendered, 'HorizontalPodAutoscaler', 'mailrun-game');
  assert.deepEqual(game.spec.metrics.map((m) => m.type), ['Resource'], 'CPU only without a podsMetric');
  assert.throws(() => renderText({ files: [modes.production], set: ['game.autoscaling.podsMetric.name=x', 'game.autoscaling.podsMetric.averageValue='] }),
    /game\.autoscaling\.podsMetric\.averageValue/);
});

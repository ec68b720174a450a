// chart_gateway_config: the gateway's Envoy configuration (rendered by the chart) routes every
// gRPC service of the API to the right backend over HTTP/2, with gRPC health checks, gRPC-Web
// and JSON transcoding, no overall limit on notification streams; and deploy/envoy/envoy.yaml
// (the local stack's) is the same configuration but for addresses, descriptor path and origins.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { render, modes } from './lib/helm.mjs';
import { find, podSpecOf } from './lib/manifest.mjs';
import { requireTool, sourceDir } from './lib/tools.mjs';

const YAML = requireTool('yaml');
const objects = render({ files: [modes.tryout] });
const chartConfig = YAML.parse(find(objects, 'ConfigMap', 'mailrun-gateway').data['envoy.yaml']);
const localConfig = YAML.parse(fs.readFileSync(path.join(sourceDir, 'deploy', 'envoy', 'envoy.yaml'), 'utf8'));
const ports = { game: 50151, lobby: 50152, notify: 50153 };

const connectionManager = (config) => config.static_resources.listeners[0].filter_chains[0].filters[0].typed_config;
const routesOf = (config) => connectionManager(config).route_config.virtual_hosts[0].routes;
const filtersOf = (config) => connectionManager(config).http_filters;

// The services the API declares (proto/mailrun/**.proto).
function protoServices() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.proto')) {
        const text = fs.readFileSync(p, 'utf8');
        const pkg = text.match(/^package\s+([\w.]+);/m)[1];
        for (const m of text.matchAll(/^service\s+(\w+)/gm)) found.push(`${pkg}.${m[1]}`);
      }
    }
  };
  walk(path.join(sourceDir, 'proto', 'mailrun'));
  return found;
}

test('every gRPC service of the API is routed; routes and transcoding name the same services', () => {
  const routed = routesOf(chartConfig).map((r) => r.match.prefix.replace(/^\/|\/$/g, ''));
  for (const service of protoServices()) assert.ok(routed.includes(service), `${service} has no route in the gateway`);
  const transcoder = filtersOf(chartConfig).find((f) => f.name === 'envoy.filters.http.grpc_json_transcoder').typed_config;
  assert.deepEqual([...transcoder.services].sort(), [...routed].sort());
  assert.equal(transcoder.auto_mapping, true);
});

test('routes lead to the right backend, over HTTP/2, with gRPC health checks', () => {
  const clusters = Object.fromEntries(chartConfig.static_resources.clusters.map((c) => [c.name, c]));
  assert.deepEqual(Object.keys(clusters).sort(), ['game', 'lobby', 'notify']);
  for (const [name, cluster] of Object.entries(clusters)) {
    const address = cluster.load_assignment.endpoints[0].lb_endpoints[0].endpoint.address.socket_address;
    assert.equal(address.address, `mailrun-${name}-headless.games.svc`, 'all pods, through the headless Service');
    assert.equal(address.port_value, ports[name]);
    assert.equal(cluster.type, 'STRICT_DNS');
    assert.ok(cluster.typed_extension_protocol_options['envoy.extensions.upstreams.http.v3.HttpProtocolOptions'].explicit_http_config.http2_protocol_options);
    // Readiness, not liveness: the API service's status, NOT_SERVING while its database is down.
    assert.deepEqual(cluster.health_checks[0].grpc_health_check,
      { service_name: { game: 'mailrun.v1.GameService', lobby: 'mailrun.v1.LobbyService', notify: 'mailrun.v1.NotificationService' }[name] });
  }
  const expectedCluster = { GameService: 'game', LobbyService: 'lobby', NotificationService: 'notify' };
  for (const route of routesOf(chartConfig)) {
    const service = route.match.prefix.split('.').pop().replace('/', '');
    assert.equal(route.route.cluster, expectedCluster[service], route.match.prefix);
    if (route.route.cluster === 'notify') {
      assert.equal(route.route.timeout, '0s', 'notification streams must not be cut by a route timeout');
    } else {
      assert.equal(route.route.timeout, '60s');
      assert.equal(route.route.max_stream_duration.grpc_timeout_header_max, '60s');
    }
  }
});

test('filters: health check first, then CORS, gRPC-Web, JSON transcoding, and the router last', () => {
  assert.deepEqual(filtersOf(chartConfig).map((f) => f.name), [
    'envoy.filters.http.health_check', 'envoy.filters.http.cors', 'envoy.filters.http.grpc_web',
    'envoy.filters.http.grpc_json_transcoder', 'envoy.filters.http.router']);
  const noJson = YAML.parse(find(render({ files: [modes.tryout], set: ['gateway.jsonTranscoding=false'] }), 'ConfigMap', 'mailrun-gateway').data['envoy.yaml']);
  assert.ok(!filtersOf(noJson).some((f) => f.name === 'envoy.filters.http.grpc_json_transcoder'));
  assert.equal(connectionManager(chartConfig).stream_idle_timeout, '1800s');
  const cors = connectionManager(chartConfig).route_config.virtual_hosts[0].typed_per_filter_config['envoy.filters.http.cors'];
  assert.deepEqual(cors.allow_origin_string_match, [{ exact: 'http://localhost:3000' }]);
});

test('the gateway pod serves the configured port and gets the descriptor set from the game image', () => {
  const deployment = find(objects, 'Deployment', 'mailrun-gateway');
  const spec = podSpecOf(deployment);
  const listenerPort = chartConfig.static_resources.listeners[0].address.socket_address.port_value;
  assert.equal(spec.containers[0].ports[0].containerPort, listenerPort);
  assert.equal(find(objects, 'Service', 'mailrun-gateway').spec.ports[0].targetPort, 'http');
  assert.equal(spec.containers[0].readinessProbe.httpGet.path, '/healthz');
  const [init] = spec.initContainers;
  assert.equal(init.image, podSpecOf(find(objects, 'Deployment', 'mailrun-game')).containers[0].image);
  const transcoder = filtersOf(chartConfig).find((f) => f.name === 'envoy.filters.http.grpc_json_transcoder').typed_config;
  assert.equal(init.command.at(-1), transcoder.proto_descriptor);
  const mount = spec.containers[0].volumeMounts.find((m) => m.name === 'descriptors');
  assert.equal(path.dirname(transcoder.proto_descriptor), mount.mountPath);
  // A changed configuration rolls the pods.
  assert.match(deployment.spec.template.metadata.annotations['checksum/config'], /^[0-9a-f]{64}$/);
});

// Replaces what may differ between the local stack and the cluster with placeholders.
function normalised(config) {
  const copy = structuredClone(config);
  copy.static_resources.listeners[0].address.socket_address.address = 'LISTEN';
  for (const c of copy.static_resources.clusters) {
    c.load_assignment.endpoints[0].lb_endpoints[0].endpoint.address.socket_address.address = 'BACKEND';
  }
  const manager = connectionManager(copy);
  manager.route_config.virtual_hosts[0].typed_per_filter_config['envoy.filters.http.cors'].allow_origin_string_match = 'ORIGINS';
  const transcoder = manager.http_filters.find((f) => f.name === 'envoy.filters.http.grpc_json_transcoder');
  transcoder.typed_config.proto_descriptor = 'DESCRIPTOR';
  return copy;
}

test('the gateway puts the client\'s own address in x-forwarded-for (the lobby\'s login limits)', () => {
  assert.equal(connectionManager(chartConfig).use_remote_address, true);
  const lobby = find(objects, 'Deployment', 'mailrun-lobby');
  const env = Object.fromEntries(podSpecOf(lobby).containers[0].env.map((e) => [e.name, e]));
  assert.equal(env.MAILRUN_TRUST_FORWARDED_FOR.value, 'true');
  const noGateway = find(render({ files: [modes.tryout], set: ['gateway.enabled=false'] }), 'Deployment', 'mailrun-lobby');
  assert.ok(!podSpecOf(noGateway).containers[0].env.some((e) => e.name === 'MAILRUN_TRUST_FORWARDED_FOR'),
    'without the gateway nobody vouches for x-forwarded-for');
});

test('deploy/envoy/envoy.yaml matches the chart\'s configuration', () => {
  assert.deepEqual(normalised(localConfig), normalised(chartConfig));
  for (const c of localConfig.static_resources.clusters) {
    const address = c.load_assignment.endpoints[0].lb_endpoints[0].endpoint.address.socket_address;
    assert.equal(address.address, '127.0.0.1', 'the local stack listens on loopback');
  }
});

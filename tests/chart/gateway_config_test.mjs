// chart_gateway_config: the chart's gateway runs the same program as the local stack
// (deploy/stack.sh) and the tests (e2e_gateway_*): the mailrun/gateway image, whose recipe
// (deploy/containers/Dockerfile) carries gateway/'s scripts, with the settings both give it; every
// service of the API goes to its own backend, balanced over that service's pods through its
// headless Service; and the lobby trusts the x-forwarded-for the gateway appends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { render, modes } from './lib/helm.mjs';
import { envOf, find, podSpecOf } from './lib/manifest.mjs';
import { sourceDir } from './lib/tools.mjs';
import { dockerStages, stage } from './lib/recipes.mjs';

const objects = render({ files: [modes.tryout] });
const gateway = podSpecOf(find(objects, 'Deployment', 'mailrun-gateway'));
const [container] = gateway.containers;
const valuesOf = (c) => Object.fromEntries(Object.entries(envOf(c)).map(([name, e]) => [name, e.value]));
const env = valuesOf(container);
const read = (...parts) => fs.readFileSync(path.join(sourceDir, ...parts), 'utf8');

test('the gateway pod runs the gateway image on the configured port, ready when /healthz answers', () => {
  assert.equal(gateway.containers.length, 1);
  assert.match(container.image, /mailrun\/gateway:/);
  assert.equal(container.image.split(':').at(-1), podSpecOf(find(objects, 'Deployment', 'mailrun-game')).containers[0].image.split(':').at(-1),
    'the gateway is released with the services (one tag)');
  assert.equal(env.MAILRUN_GATEWAY_LISTEN, `0.0.0.0:${container.ports[0].containerPort}`);
  assert.equal(find(objects, 'Service', 'mailrun-gateway').spec.ports[0].targetPort, 'http');
  assert.equal(container.readinessProbe.httpGet.path, '/healthz');
  assert.equal(container.livenessProbe.httpGet.path, '/healthz');
  assert.equal(gateway.securityContext.runAsUser, 10001, 'the image\'s mailrun user');
});

test('each service goes to its own backend, balanced over its pods through the headless Service', () => {
  const backends = { MAILRUN_GAME_ADDRESS: ['game', 50151], MAILRUN_LOBBY_ADDRESS: ['lobby', 50152], MAILRUN_NOTIFY_ADDRESS: ['notify', 50153] };
  for (const [name, [component, port]] of Object.entries(backends)) {
    assert.match(env[name], new RegExp(`^dns:///mailrun-${component}-headless\\.[a-z0-9-]+\\.svc:${port}$`), name);
    const headless = find(objects, 'Service', `mailrun-${component}-headless`);
    assert.equal(headless.spec.clusterIP, 'None');
    assert.ok(headless.spec.ports.some((p) => p.port === port), `${component}'s headless Service serves ${port}`);
  }
});

test('CORS origins, the unary deadline and the request size limit come from the values', () => {
  assert.equal(env.MAILRUN_GATEWAY_CORS_ORIGINS, 'http://localhost:3000');
  assert.equal(env.MAILRUN_GATEWAY_CALL_TIMEOUT_SECONDS, '60');
  assert.equal(env.MAILRUN_GATEWAY_MAX_REQUEST_BYTES, '1048576');
  const larger = valuesOf(podSpecOf(find(render({ files: [modes.tryout], set: ['gateway.maxRequestBytes=4194304'] }),
    'Deployment', 'mailrun-gateway')).containers[0]);
  assert.equal(larger.MAILRUN_GATEWAY_MAX_REQUEST_BYTES, '4194304');
  const none = valuesOf(podSpecOf(find(render({ files: [modes.tryout], set: ['gateway.corsAllowOrigins=null'] }),
    'Deployment', 'mailrun-gateway')).containers[0]);
  assert.equal(none.MAILRUN_GATEWAY_CORS_ORIGINS, '');
});

test('the chart, the local stack and the gateway itself know the same settings', () => {
  const program = read('gateway', 'gateway.mjs');
  const known = new Set([...program.matchAll(/\b(MAILRUN_[A-Z_]+)\b/g)].map((m) => m[1]));
  for (const name of Object.keys(env)) assert.ok(known.has(name), `the chart sets ${name}, which gateway.mjs does not read`);
  const stack = read('deploy', 'stack.sh');
  const startGateway = stack.slice(stack.indexOf('start_gateway() {'), stack.indexOf('\n}\n', stack.indexOf('start_gateway() {')));
  for (const name of ['MAILRUN_GATEWAY_LISTEN', 'MAILRUN_GAME_ADDRESS', 'MAILRUN_LOBBY_ADDRESS', 'MAILRUN_NOTIFY_ADDRESS']) {
    assert.ok(startGateway.includes(`${name}=`), `deploy/stack.sh does not set ${name}`);
    assert.ok(name in env, `the chart does not set ${name}`);
  }
});

test('the image carries the gateway\'s scripts, its locked packages and the API\'s descriptor set', () => {
  const stages = dockerStages();
  const image = stage(stages, 'gateway');
  const entrypoint = JSON.parse(image.instructions.find((i) => i.keyword === 'ENTRYPOINT').args);
  assert.deepEqual(entrypoint, ['node', '/usr/share/mailrun-gateway/gateway.mjs']);
  assert.ok(image.instructions.some((i) => i.keyword === 'USER' && i.args === '10001:10001'));
  const build = stage(stages, 'gateway-build');
  const copied = build.instructions.filter((i) => i.keyword === 'COPY').map((i) => i.args).join('\n');
  const scripts = fs.readdirSync(path.join(sourceDir, 'gateway')).filter((f) => f.endsWith('.mjs'));
  for (const script of scripts) assert.ok(copied.includes(`gateway/${script}`), `the image lacks gateway/${script}`);
  assert.ok(copied.includes('gateway/package-lock.json'));
  assert.ok(build.instructions.some((i) => i.keyword === 'RUN' && i.args.includes('npm ci')));
  assert.ok(build.instructions.some((i) => i.keyword === 'RUN' && i.args.includes('--descriptor_set_out=/gateway/mailrun-api.binpb')));
  // The build's own copy (gateway/CMakeLists.txt) compiles the same protos.
  const cmake = read('gateway', 'CMakeLists.txt');
  for (const proto of ['mailrun/v1/game.proto', 'mailrun/v1/lobby.proto', 'mailrun/v1/notification.proto']) {
    assert.ok(cmake.includes(proto) && build.instructions.some((i) => i.args.includes(proto)), proto);
  }
});

test('the image carries the built web client and the gateway serves it', () => {
  const stages = dockerStages();
  const build = stage(stages, 'gateway-build');
  assert.ok(build.instructions.some((i) => i.keyword === 'COPY' && i.args.includes('web/package-lock.json')));
  const web = build.instructions.find((i) => i.keyword === 'RUN' && i.args.includes('web/build.mjs'));
  assert.ok(web, 'the gateway-build stage does not build web/');
  const out = /--out (\S+)/.exec(web.args)[1];
  const image = stage(stages, 'gateway');
  const copy = image.instructions.find((i) => i.keyword === 'COPY' && i.args.includes(out));
  assert.ok(copy, `the gateway image does not copy the built client (${out})`);
  const dir = copy.args.split(/\s+/).at(-1);
  const settings = image.instructions.filter((i) => i.keyword === 'ENV').map((i) => i.args).join(' ');
  assert.ok(settings.includes(`MAILRUN_GATEWAY_WEB_DIR=${dir}`), `the gateway image does not point MAILRUN_GATEWAY_WEB_DIR at ${dir}`);
  assert.match(read('gateway', 'gateway.mjs'), /MAILRUN_GATEWAY_WEB_DIR/);
});

test('the gateway puts the client\'s own address in x-forwarded-for (the lobby\'s login limits)', () => {
  assert.match(read('gateway', 'services.mjs'), /x-forwarded-for/);
  const lobby = find(objects, 'Deployment', 'mailrun-lobby');
  const lobbyEnv = Object.fromEntries(podSpecOf(lobby).containers[0].env.map((e) => [e.name, e]));
  assert.equal(lobbyEnv.MAILRUN_TRUST_FORWARDED_FOR.value, 'true');
  const noGateway = find(render({ files: [modes.tryout], set: ['gateway.enabled=false'] }), 'Deployment', 'mailrun-lobby');
  assert.ok(!podSpecOf(noGateway).containers[0].env.some((e) => e.name === 'MAILRUN_TRUST_FORWARDED_FOR'),
    'without the gateway nobody vouches for x-forwarded-for');
});

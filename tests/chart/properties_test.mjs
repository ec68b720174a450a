// chart_properties: what the rendered chart must guarantee, in both modes: gRPC health probes,
// nobody runs as root, secrets only by reference, resources everywhere, autoscalers and
// disruption budgets that point at the right pods, the migrations hook, and the wiring between
// the services (addresses, ports, headless Services).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { render, modes } from './lib/helm.mjs';
import {
  components, containersOf, envOf, find, matches, podLabelsOf, podSpecOf, workloads,
} from './lib/manifest.mjs';

const rendered = Object.fromEntries(Object.entries(modes).map(([mode, file]) => [mode, render({ files: [file] })]));
const eachMode = (fn) => { for (const [mode, objects] of Object.entries(rendered)) fn(mode, objects); };
const ports = { game: 50151, lobby: 50152, notify: 50153 };
const binaries = { game: 'mailrun-game', lobby: 'mailrun-lobby', notify: 'mailrun-notify' };
const apiServices = { game: 'mailrun.v1.GameService', lobby: 'mailrun.v1.LobbyService', notify: 'mailrun.v1.NotificationService' };

test('each service has gRPC startup, readiness and liveness probes on its serving port', () => {
  eachMode((mode, objects) => {
    for (const component of components) {
      const deployment = find(objects, 'Deployment', `mailrun-${component}`);
      const [container] = deployment.spec.template.spec.containers;
      const grpcPort = container.ports.find((p) => p.name === 'grpc').containerPort;
      assert.equal(grpcPort, ports[component], `${mode} ${component} port`);
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
        assert.ok(container[probe], `${mode} ${component} has no ${probe}`);
        assert.ok(container[probe].grpc, `${mode} ${component} ${probe} is not a gRPC probe`);
        assert.equal(container[probe].grpc.port, grpcPort, `${mode} ${component} ${probe} port`);
      }
      // Readiness asks for the API service (NOT_SERVING while the database does not answer);
      // liveness and start-up ask for the server as a whole, which a database outage leaves alone.
      assert.deepEqual(container.readinessProbe.grpc, { port: grpcPort, service: apiServices[component] });
      assert.deepEqual(Object.keys(container.livenessProbe.grpc), ['port']);
      assert.deepEqual(Object.keys(container.startupProbe.grpc), ['port']);
      assert.equal(envOf(container).MAILRUN_LISTEN.value, `0.0.0.0:${grpcPort}`);
      assert.deepEqual(container.command, [binaries[component]]);
      // Start-up may wait databaseConnectTimeoutSeconds (30 s) for PostgreSQL before it listens.
      const startup = container.startupProbe;
      assert.ok(startup.periodSeconds * startup.failureThreshold > 30, `${mode} ${component} startup probe gives up too early`);
    }
    // Every long-running container has a readiness probe.
    for (const w of workloads(objects).filter((o) => ['Deployment', 'StatefulSet'].includes(o.kind))) {
      for (const c of podSpecOf(w).containers) {
        assert.ok(c.readinessProbe && c.livenessProbe, `${mode} ${w.metadata.name}/${c.name} lacks probes`);
      }
    }
  });
});

test('no container runs as root or can gain privileges', () => {
  eachMode((mode, objects) => {
    const checked = [];
    for (const w of workloads(objects)) {
      const pod = podSpecOf(w).securityContext ?? {};
      for (const c of containersOf(w)) {
        const sc = c.securityContext ?? {};
        const where = `${mode} ${w.kind} ${w.metadata.name}/${c.name}`;
        assert.equal(sc.runAsNonRoot ?? pod.runAsNonRoot, true, `${where}: runAsNonRoot`);
        const uid = sc.runAsUser ?? pod.runAsUser;
        assert.ok(Number.isInteger(uid) && uid > 0, `${where}: runs as uid ${uid}`);
        assert.equal(sc.allowPrivilegeEscalation, false, `${where}: allowPrivilegeEscalation`);
        assert.notEqual(sc.privileged, true, `${where}: privileged`);
        assert.deepEqual(sc.capabilities?.drop, ['ALL'], `${where}: capabilities`);
        assert.equal(sc.readOnlyRootFilesystem, true, `${where}: readOnlyRootFilesystem`);
        assert.equal((sc.seccompProfile ?? pod.seccompProfile)?.type, 'RuntimeDefault', `${where}: seccomp`);
        checked.push(where);
      }
    }
    // The three services, the gateway, the Job and the test pod at least.
    assert.ok(checked.length >= 6, `${mode}: only ${checked.length} containers checked`);
    for (const component of components) {
      const pod = podSpecOf(find(objects, 'Deployment', `mailrun-${component}`));
      assert.equal(pod.securityContext.runAsUser, 10001, 'the images\' mailrun user');
      assert.equal(pod.automountServiceAccountToken, false);
    }
  });
});

test('secrets are only referenced, never inlined', () => {
  eachMode((mode, objects) => {
    assert.deepEqual(objects.filter((o) => o.kind === 'Secret'), [], `${mode}: the chart must not write Secrets`);
    const secretNames = new Set();
    for (const w of workloads(objects)) {
      const spec = podSpecOf(w);
      for (const v of spec.volumes ?? []) if (v.secret) secretNames.add(v.secret.secretName);
      for (const c of containersOf(w)) {
        for (const e of c.env ?? []) {
          if (/PASSWORD|SECRET|TOKEN_KEY$/.test(e.name)) {
            assert.equal(e.value, undefined, `${mode} ${w.metadata.name}: ${e.name} is inlined`);
            assert.ok(e.valueFrom?.secretKeyRef, `${mode} ${w.metadata.name}: ${e.name} is not from a Secret`);
          }
          if (e.valueFrom?.secretKeyRef) secretNames.add(e.valueFrom.secretKeyRef.name);
          if (e.name === 'MAILRUN_DATABASE_URL') {
            // postgresql://user@host...: no password in the URL.
            assert.match(e.value, /^postgresql:\/\/[^:@/]+@[^@]+$/, `${mode}: database URL ${e.value}`);
          }
          assert.ok(!['MAILRUN_TOKEN_SIGNING_KEY', 'MAILRUN_TOKEN_PUBLIC_KEYS'].includes(e.name),
            'the token keys are mounted as files, not put in the environment');
        }
      }
    }
    assert.deepEqual([...secretNames], ['mailrun-secrets'], `${mode}: every secret comes from secrets.existingSecret`);

    for (const component of components) {
      const deployment = find(objects, 'Deployment', `mailrun-${component}`);
      const spec = podSpecOf(deployment);
      const env = envOf(spec.containers[0]);
      assert.deepEqual(env.PGPASSWORD.valueFrom.secretKeyRef, { name: 'mailrun-secrets', key: 'database-password' });
      assert.deepEqual(env.MAILRUN_REDIS_PASSWORD.valueFrom.secretKeyRef, { name: 'mailrun-secrets', key: 'redis-password' });
      // Every service verifies tokens with the public keys; only the lobby holds the signing key.
      const tokenVolume = spec.volumes.find((v) => v.name === 'token-keys');
      const items = [{ key: 'token-public-keys', path: 'token-public.keys' }];
      if (component === 'lobby') items.push({ key: 'token-signing-key', path: 'token-signing.key' });
      assert.deepEqual(tokenVolume.secret.items, items, `${mode} ${component}`);
      const mount = spec.containers[0].volumeMounts.find((m) => m.name === 'token-keys');
      assert.equal(`${mount.mountPath}/token-public.keys`, env.MAILRUN_TOKEN_PUBLIC_KEYS_FILE.value);
      if (component === 'lobby') {
        assert.equal(`${mount.mountPath}/token-signing.key`, env.MAILRUN_TOKEN_SIGNING_KEY_FILE.value);
      } else {
        assert.equal(env.MAILRUN_TOKEN_SIGNING_KEY_FILE, undefined, `${mode} ${component} must not sign tokens`);
      }
      assert.equal(tokenVolume.secret.defaultMode, 0o440);
    }
  });
});

test('another existingSecret name and other keys are used everywhere', () => {
  const objects = render({ files: [modes.tryout], set: ['secrets.existingSecret=prod-mailrun', 'secrets.databasePasswordKey=pg',
    'secrets.redisPasswordKey=rp', 'secrets.tokenSigningKeyKey=tk', 'secrets.tokenPublicKeysKey=pk'] });
  const refs = [];
  for (const w of workloads(objects)) {
    const spec = podSpecOf(w);
    for (const v of spec.volumes ?? []) if (v.secret) refs.push(`${v.secret.secretName}:${v.secret.items.map((i) => i.key)}`);
    for (const c of containersOf(w)) for (const e of c.env ?? []) if (e.valueFrom?.secretKeyRef) refs.push(`${e.valueFrom.secretKeyRef.name}:${e.valueFrom.secretKeyRef.key}`);
  }
  assert.ok(refs.length >= 8, refs.join(' '));
  const allowed = ['prod-mailrun:pg', 'prod-mailrun:rp', 'prod-mailrun:pk', 'prod-mailrun:pk,tk'];
  for (const r of refs) assert.ok(allowed.includes(r), r);
  assert.ok(refs.includes('prod-mailrun:pk,tk'), 'the lobby mounts both token keys');
});

test('Redis wants a password: the in-chart Redis requires it, and every service sends it', () => {
  const objects = rendered.tryout;
  const redis = find(objects, 'StatefulSet', 'mailrun-redis');
  const [container] = podSpecOf(redis).containers;
  const at = container.command.indexOf('--requirepass');
  assert.ok(at > 0, 'redis-server runs with --requirepass');
  assert.equal(container.command[at + 1], '$(REDIS_PASSWORD)', 'expanded by Kubernetes, not written in the spec');
  const env = envOf(container);
  for (const name of ['REDIS_PASSWORD', 'REDISCLI_AUTH']) {
    assert.deepEqual(env[name].valueFrom.secretKeyRef, { name: 'mailrun-secrets', key: 'redis-password' }, name);
  }
  for (const probe of [container.readinessProbe, container.livenessProbe]) {
    assert.deepEqual(probe.exec.command, ['redis-cli', 'ping'], 'redis-cli takes the password from REDISCLI_AUTH');
  }
  for (const component of components) {
    const service = envOf(podSpecOf(find(objects, 'Deployment', `mailrun-${component}`)).containers[0]);
    assert.ok(service.MAILRUN_REDIS_PASSWORD.valueFrom.secretKeyRef, component);
    assert.doesNotMatch(service.MAILRUN_REDIS_URL.value, /@/, 'no password in the URL');
  }
});

test('every container has CPU and memory requests and limits', () => {
  eachMode((mode, objects) => {
    for (const w of workloads(objects)) {
      for (const c of containersOf(w)) {
        for (const kind of ['requests', 'limits']) {
          for (const resource of ['cpu', 'memory']) {
            assert.ok(c.resources?.[kind]?.[resource] !== undefined, `${mode} ${w.metadata.name}/${c.name}: no ${resource} ${kind}`);
          }
        }
      }
    }
  });
});

test('autoscalers scale the services and the gateway, which then leave replicas to them', () => {
  const objects = rendered.production;
  const hpas = objects.filter((o) => o.kind === 'HorizontalPodAutoscaler');
  assert.deepEqual(hpas.map((h) => h.spec.scaleTargetRef.name).sort(),
    ['mailrun-game', 'mailrun-gateway', 'mailrun-lobby', 'mailrun-notify']);
  for (const hpa of hpas) {
    const target = find(objects, 'Deployment', hpa.spec.scaleTargetRef.name);
    assert.equal(hpa.spec.scaleTargetRef.kind, 'Deployment');
    assert.equal(target.spec.replicas, undefined, `${target.metadata.name}: replicas would fight the autoscaler`);
    assert.ok(hpa.spec.minReplicas >= 2 && hpa.spec.minReplicas <= hpa.spec.maxReplicas);
    assert.equal(hpa.spec.metrics[0].resource.name, 'cpu');
  }
  // Scaling in the notification service cuts open streams: it waits longer than game.
  const window = (name) => hpas.find((h) => h.metadata.name === name).spec.behavior.scaleDown.stabilizationWindowSeconds;
  assert.ok(window('mailrun-notify') > window('mailrun-game'));
  // Without autoscaling (try-out), the Deployments carry their replica count.
  assert.equal(rendered.tryout.filter((o) => o.kind === 'HorizontalPodAutoscaler').length, 0);
  assert.equal(find(rendered.tryout, 'Deployment', 'mailrun-game').spec.replicas, 1);
});

test('each Deployment has a disruption budget selecting exactly its pods', () => {
  eachMode((mode, objects) => {
    const deployments = objects.filter((o) => o.kind === 'Deployment');
    for (const d of deployments) {
      const pdbs = objects.filter((o) => o.kind === 'PodDisruptionBudget' && matches(o.spec.selector, podLabelsOf(d)));
      assert.equal(pdbs.length, 1, `${mode} ${d.metadata.name}`);
      assert.ok(pdbs[0].spec.maxUnavailable >= 1, 'a budget of 0 would block node drains');
      for (const other of deployments.filter((o) => o !== d)) {
        assert.ok(!matches(pdbs[0].spec.selector, podLabelsOf(other)), `${pdbs[0].metadata.name} also selects ${other.metadata.name}`);
      }
    }
  });
});

test('Services: a ClusterIP and a headless one per service, selecting its pods on the gRPC port', () => {
  eachMode((mode, objects) => {
    for (const component of components) {
      const deployment = find(objects, 'Deployment', `mailrun-${component}`);
      const plain = find(objects, 'Service', `mailrun-${component}`);
      const headless = find(objects, 'Service', `mailrun-${component}-headless`);
      assert.equal(plain.spec.clusterIP, undefined);
      assert.equal(headless.spec.clusterIP, 'None');
      for (const s of [plain, headless]) {
        assert.ok(matches({ matchLabels: s.spec.selector }, podLabelsOf(deployment)), `${mode} ${s.metadata.name} selects no pod`);
        assert.equal(s.spec.ports[0].port, ports[component]);
        assert.equal(s.spec.ports[0].targetPort, 'grpc');
        assert.equal(s.spec.ports[0].appProtocol, 'kubernetes.io/h2c');
      }
    }
    // The lobby reaches the game service through DNS of the headless Service (all game pods).
    const lobby = podSpecOf(find(objects, 'Deployment', 'mailrun-lobby')).containers[0];
    assert.equal(envOf(lobby).MAILRUN_GAME_ADDR.value, 'dns:///mailrun-game-headless.games.svc:50151');
  });
});

test('database and Redis addresses follow the mode', () => {
  const url = (objects, component, name) => envOf(podSpecOf(find(objects, 'Deployment', `mailrun-${component}`)).containers[0])[name].value;
  for (const component of components) {
    assert.equal(url(rendered.tryout, component, 'MAILRUN_DATABASE_URL'), 'postgresql://mailrun@mailrun-postgresql.games.svc:5432/mailrun?sslmode=disable');
    assert.equal(url(rendered.tryout, component, 'MAILRUN_REDIS_URL'), 'redis://mailrun-redis.games.svc:6379');
    assert.equal(url(rendered.production, component, 'MAILRUN_DATABASE_URL'), 'postgresql://mailrun@mailrun.cluster-abc.eu-west-1.rds.example.com:5432/mailrun?sslmode=verify-full');
    assert.equal(url(rendered.production, component, 'MAILRUN_REDIS_URL'), 'redis://mailrun.abc123.ng.0001.euw1.cache.example.com:6379');
  }
  // The in-chart database gets its password from the same Secret the services read.
  const postgres = podSpecOf(find(rendered.tryout, 'StatefulSet', 'mailrun-postgresql')).containers[0];
  assert.deepEqual(envOf(postgres).POSTGRES_PASSWORD.valueFrom.secretKeyRef, { name: 'mailrun-secrets', key: 'database-password' });
  assert.equal(find(rendered.tryout, 'Service', 'mailrun-postgresql').spec.ports[0].port, 5432);
  assert.equal(find(rendered.tryout, 'Service', 'mailrun-redis').spec.ports[0].port, 6379);
  // Push delivery is configured only where an endpoint is given.
  assert.equal(url(rendered.production, 'notify', 'MAILRUN_PUSH_ENDPOINT'), 'https://push.example.com/v1/deliver');
  assert.equal(envOf(podSpecOf(find(rendered.tryout, 'Deployment', 'mailrun-notify')).containers[0]).MAILRUN_PUSH_ENDPOINT, undefined);
});

test('failover hosts, a pooler and Sentinels reach every service and the migrations Job', () => {
  const objects = render({
    files: [modes.production],
    set: ['externalDatabase.failoverHosts={standby-a.example,standby-b.example:5433}', 'externalDatabase.pooler.host=pgbouncer.db',
      'externalRedis.sentinel.hosts={sentinel-0.redis:26379,sentinel-1.redis}', 'externalRedis.sentinel.masterName=events'],
  });
  const direct = 'postgresql://mailrun@mailrun.cluster-abc.eu-west-1.rds.example.com:5432,standby-a.example:5432,standby-b.example:5433'
    + '/mailrun?sslmode=verify-full&target_session_attrs=read-write';
  const users = [...components.map((c) => find(objects, 'Deployment', `mailrun-${c}`)), find(objects, 'Job', 'mailrun-migrations')];
  for (const w of users) {
    const env = envOf(podSpecOf(w).containers[0]);
    assert.equal(env.MAILRUN_DATABASE_URL.value, 'postgresql://mailrun@pgbouncer.db:6432/mailrun?sslmode=verify-full', w.metadata.name);
    assert.equal(env.MAILRUN_DATABASE_DIRECT_URL.value, direct, w.metadata.name);
  }
  for (const c of components) {
    const env = envOf(podSpecOf(find(objects, 'Deployment', `mailrun-${c}`)).containers[0]);
    assert.equal(env.MAILRUN_REDIS_URL.value, 'redis+sentinel://sentinel-0.redis:26379,sentinel-1.redis/events');
  }
  // Without a pooler there is no direct URL: the one URL is PostgreSQL.
  assert.equal(envOf(podSpecOf(find(rendered.production, 'Deployment', 'mailrun-game')).containers[0]).MAILRUN_DATABASE_DIRECT_URL, undefined);
});

test('with sslmode verify-full libpq gets the database CA from the ConfigMap, in services and Job', () => {
  const objects = rendered.production;
  const users = [...components.map((c) => find(objects, 'Deployment', `mailrun-${c}`)), find(objects, 'Job', 'mailrun-migrations')];
  for (const w of users) {
    const spec = podSpecOf(w);
    const [c] = spec.containers;
    const mount = c.volumeMounts.find((m) => m.name === 'database-ca');
    assert.equal(envOf(c).PGSSLROOTCERT.value, `${mount.mountPath}/ca.crt`, w.metadata.name);
    assert.equal(spec.volumes.find((v) => v.name === 'database-ca').configMap.name, 'mailrun-database-ca');
  }
  // The in-chart database needs none of it.
  assert.equal(JSON.stringify(rendered.tryout).includes('PGSSLROOTCERT'), false);
});

test('the migrations Job runs mailrun-game --migrate-only as an install and upgrade hook', () => {
  const hooks = { tryout: 'post-install,pre-upgrade', production: 'pre-install,pre-upgrade' };
  eachMode((mode, objects) => {
    const job = find(objects, 'Job', 'mailrun-migrations');
    assert.equal(job.metadata.annotations['helm.sh/hook'], hooks[mode]);
    assert.match(job.metadata.annotations['helm.sh/hook-delete-policy'], /before-hook-creation/);
    const [container] = podSpecOf(job).containers;
    const game = podSpecOf(find(objects, 'Deployment', 'mailrun-game')).containers[0];
    assert.deepEqual(container.command, ['mailrun-game', '--migrate-only']);
    assert.equal(container.image, game.image);
    assert.equal(envOf(container).MAILRUN_DATABASE_URL.value, envOf(game).MAILRUN_DATABASE_URL.value);
    assert.deepEqual(envOf(container).PGPASSWORD, envOf(game).PGPASSWORD);
    assert.equal(podSpecOf(job).restartPolicy, 'Never');
    // Hooks run before the release's other objects exist: the Job must not need any of them.
    assert.equal(podSpecOf(job).serviceAccountName, undefined);
    assert.equal(JSON.stringify(job).includes('configMapKeyRef'), false);
  });
});

test('shutdown: the pod gets longer than preStop plus the services\' grace period', () => {
  eachMode((mode, objects) => {
    for (const component of components) {
      const spec = podSpecOf(find(objects, 'Deployment', `mailrun-${component}`));
      const [c] = spec.containers;
      const grace = Number(envOf(c).MAILRUN_SHUTDOWN_GRACE_SECONDS.value);
      const preStop = Number(c.lifecycle.preStop.exec.command[1]);
      assert.ok(spec.terminationGracePeriodSeconds > grace + preStop, `${mode} ${component}`);
    }
  });
});

test('images are pinned and names fit Kubernetes limits', () => {
  eachMode((mode, objects) => {
    for (const w of workloads(objects)) {
      for (const c of containersOf(w)) {
        assert.match(c.image, /^[^:]+:[A-Za-z0-9][A-Za-z0-9._-]*$/, `${mode} ${c.image} has no tag`);
        assert.ok(!c.image.endsWith(':latest'), `${mode} ${c.image}`);
      }
    }
    assert.equal(find(objects, 'Deployment', 'mailrun-game').spec.template.spec.containers[0].image,
      mode === 'production' ? 'registry.example.com/mailrun/game:0.1.0' : 'mailrun/game:0.1.0');
    for (const o of objects) {
      assert.match(o.metadata.name, /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, o.metadata.name);
      assert.ok(o.metadata.name.length <= 63, o.metadata.name);
      for (const v of Object.values(o.metadata.labels ?? {})) assert.ok(String(v).length <= 63, v);
    }
  });
  // The longest release name Helm allows (53) still gives valid names.
  const long = render({ files: [modes.production], release: 'a-very-long-release-name-for-testing-the-name-limitsx' });
  assert.equal(long[0].metadata.labels['app.kubernetes.io/instance'].length, 53);
  for (const o of long) assert.ok(o.metadata.name.length <= 63, o.metadata.name);
});

test('helm test checks the health of each service at its Service address', () => {
  eachMode((mode, objects) => {
    const pod = find(objects, 'Pod', 'mailrun-health-test');
    assert.equal(pod.metadata.annotations['helm.sh/hook'], 'test');
    const [container] = pod.spec.containers;
    assert.deepEqual(container.command.slice(0, 2), ['mailrun', 'health']);
    const addresses = container.command.filter((a) => a.includes(':'));
    assert.deepEqual(addresses, components.map((c) => `${find(objects, 'Service', `mailrun-${c}`).metadata.name}.games.svc:${ports[c]}`));
  });
});

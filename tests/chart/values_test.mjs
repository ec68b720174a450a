// chart_values: values that cannot work are refused with a message naming what to set, before
// anything is rendered; `helm lint --strict` passes in both modes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chartDir } from './lib/tools.mjs';
import { helm, renderText, modes } from './lib/helm.mjs';

function refusal(options) {
  try {
    renderText(options);
  } catch (e) {
    return e.message;
  }
  assert.fail(`rendered although it should not have: ${JSON.stringify(options)}`);
}

const external = ['externalDatabase.host=db.example', 'externalRedis.host=redis.example'];

test('helm lint --strict passes in both modes', () => {
  for (const file of Object.values(modes)) {
    const r = helm(['lint', '--strict', chartDir, '--values', file]);
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /1 chart\(s\) linted, 0 chart\(s\) failed/);
  }
});

test('without secrets.existingSecret nothing renders', () => {
  assert.match(refusal({ set: external }), /secrets\.existingSecret is required/);
});

test('exactly one PostgreSQL and one Redis must be chosen', () => {
  const secret = 'secrets.existingSecret=s';
  assert.match(refusal({ set: [secret, 'externalRedis.host=r'] }), /no database: set postgresql\.enabled=true .* or externalDatabase\.host/);
  assert.match(refusal({ set: [secret, ...external, 'postgresql.enabled=true'] }), /either postgresql\.enabled=true .* or externalDatabase\.host, not both/);
  assert.match(refusal({ set: [secret, 'externalDatabase.host=d'] }), /no Redis: set redis\.enabled=true .* or externalRedis\.host/);
  assert.match(refusal({ set: [secret, ...external, 'redis.enabled=true'] }), /either redis\.enabled=true .* or externalRedis\.host, not both/);
  assert.match(refusal({ set: [secret, ...external, 'externalDatabase.sslMode=verify-full'] }),
    /externalDatabase\.sslMode=verify-full needs externalDatabase\.caConfigMap/);
  // And the valid combinations render.
  assert.ok(renderText({ set: [secret, ...external] }).includes('kind: Deployment'));
  assert.ok(renderText({ set: [secret, 'postgresql.enabled=true', 'externalRedis.host=r'] }).includes('kind: StatefulSet'));
});

test('the values schema refuses wrong types, unknown keys and unsafe settings, naming them', () => {
  const cases = [
    [['game.port=grpc'], /game\.port: Invalid type/],
    [['postgres.enabled=true'], /Additional property postgres is not allowed/],
    [['config.logLevel=verbose'], /config\.logLevel: config\.logLevel must be one of/],
    [['podSecurityContext.runAsUser=0'], /podSecurityContext\.runAsUser: Must be greater than or equal to 1/],
    [['podSecurityContext.runAsNonRoot=false'], /podSecurityContext\.runAsNonRoot/],
    [['containerSecurityContext.allowPrivilegeEscalation=true'], /containerSecurityContext\.allowPrivilegeEscalation/],
    [['notify.pushEndpoint=push.example'], /notify\.pushEndpoint: Does not match pattern/],
    [['gateway.corsAllowOrigins[0]=https://app.example/path'], /gateway\.corsAllowOrigins\.0: Does not match pattern/],
    [['externalDatabase.sslMode=maybe'], /externalDatabase\.sslMode/],
    [['game.autoscaling.targetCPUUtilizationPercentage=150'], /targetCPUUtilizationPercentage: Must be less than or equal to 100/],
    [['gateway.requestTimeoutSeconds=0'], /gateway\.requestTimeoutSeconds: Must be greater than or equal to 1/],
    [['gateway.maxRequestBytes=100'], /gateway\.maxRequestBytes: Must be greater than or equal to 1024/],
  ];
  for (const [set, message] of cases) {
    assert.match(refusal({ files: [modes.tryout], set }), message, set.join(' '));
  }
});

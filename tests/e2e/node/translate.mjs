// A Mailrun client that shows a game's log in a second language from the message keys alone
// (issue 22): Node.js with @grpc/grpc-js, the protos loaded at run time from proto/ (no generated
// code, nothing of the engine). It reads a game's history, renders every log line from its
// StructuredText (key and typed parameters) with the German catalog i18n/de.json, and meets one
// two refusals, whose message key and rule it reads from the standard error details
// (google.rpc.Status in "grpc-status-details-bin": ErrorInfo, PreconditionFailure, BadRequest, and
// the refusal's key with typed parameters as a mailrun.v1.StructuredText), decoded with protobufjs
// from proto/, and renders each in German from its key and parameters like a log line: an action
// out of turn, and the game at a version it has not reached (GetGame at_version). Prints one JSON
// object; exits 1 on failure.
//
// Environment: MAILRUN_NODE_DIR (holds node_modules, tests/e2e/node/setup.sh), MAILRUN_PROTO_DIR,
// MAILRUN_CATALOG (i18n/de.json), MAILRUN_LOBBY_ADDR, MAILRUN_GAME_ADDR, MAILRUN_PLAYER,
// MAILRUN_PASSWORD, MAILRUN_GAME_ID, MAILRUN_REFUSED_ACTION (an Action as JSON that this player
// may not take now).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { call, closeAll, game, logIn, must, protoDir, require, env } from './api.mjs';
import { translate } from './catalog.mjs';

const protobuf = require('protobufjs');

// The error-detail messages, from the same proto files an app's code generator would read.
const rpc = new protobuf.Root();
rpc.resolvePath = (_origin, target) => {
  const local = path.join(protoDir, target);
  try {
    readFileSync(local);
    return local;
  } catch {
    return target; // google/protobuf/*.proto: protobufjs has them built in
  }
};
rpc.loadSync(['google/rpc/status.proto', 'google/rpc/error_details.proto', 'mailrun/v1/texts.proto']);
const Status = rpc.lookupType('google.rpc.Status');
const detailTypes = ['google.rpc.ErrorInfo', 'google.rpc.PreconditionFailure', 'google.rpc.BadRequest', 'mailrun.v1.StructuredText']
  .map((name) => rpc.lookupType(name));
// As @grpc/proto-loader gives a StructuredText in a response (the oneof's case in `value`, int64 as
// a decimal string), so that a refusal's parameters render as a log line's do.
const asResponse = { oneofs: true, longs: String, defaults: false };

// The details of a refused call: {ErrorInfo: {...}, PreconditionFailure: {...}, BadRequest: {...},
// StructuredText: {key, params}}.
function errorDetails(error) {
  const [bin] = error.metadata.get('grpc-status-details-bin');
  if (!bin) return {};
  const status = Status.decode(bin);
  const out = {};
  for (const any of status.details) {
    const url = any.type_url ?? any.typeUrl; // protobufjs keeps the bundled Any's snake_case
    const type = detailTypes.find((t) => url === `type.googleapis.com/${t.fullName.slice(1)}`);
    if (!type) continue;
    const decoded = type.decode(any.value);
    out[type.name] = type.name === 'StructuredText' ? type.toObject(decoded, asResponse) : type.toObject(decoded, { defaults: true });
  }
  return out;
}

// What a client shows of a refusal: its key, rule and typed parameters from the details, and the
// sentence in German from the key and parameters (the English message is only the fallback).
function refusalOf(error, names) {
  const details = errorDetails(error);
  const info = details.ErrorInfo ?? { reason: '', domain: '', metadata: {} };
  const structured = details.StructuredText ?? { key: info.reason, params: [] };
  return {
    code: error.code,
    message: error.details,
    key: info.reason,
    domain: info.domain,
    rule: info.metadata.rule ?? '',
    precondition: details.PreconditionFailure?.violations?.[0] ?? null,
    badRequest: details.BadRequest?.fieldViolations?.[0] ?? null,
    params: Object.fromEntries((structured.params ?? []).map((p) => [p.name, String(p[p.value])])),
    german: translate({ key: structured.key || info.reason, params: structured.params ?? [] }, names),
  };
}

const gameId = env('MAILRUN_GAME_ID');
const token = await logIn();
const state = await must(game, 'GetGame', { gameId }, token);
const names = [];
for (const player of state.view.players) names[player.seat] = player.displayName;
const history = await must(game, 'GetHistory', { gameId }, token);
const lines = [];
for (const entry of history.entries) {
  for (const line of entry.logLines) {
    const structured = line.structured ?? { key: '', params: [] };
    lines.push({ version: line.version, key: structured.key, english: line.text, german: translate(structured, names) });
  }
}

const refused = await call(game, 'SubmitAction', {
  gameId,
  expectedVersion: state.version,
  action: JSON.parse(env('MAILRUN_REFUSED_ACTION')),
  requestId: randomUUID(),
}, token);
if (!refused.error) throw new Error('the refused action was accepted');
const ahead = await call(game, 'GetGame', { gameId, atVersion: String(Number(state.version) + 5) }, token);
if (!ahead.error) throw new Error('GetGame answered at a version the game has not reached');
closeAll();

console.log(JSON.stringify({
  names,
  lines,
  version: state.version,
  refusal: refusalOf(refused.error, names),
  versionRefusal: refusalOf(ahead.error, names),
}));

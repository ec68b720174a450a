// A Mailrun player written with another gRPC implementation: Node.js with @grpc/grpc-js, the
// protos loaded at run time by @grpc/proto-loader straight from proto/ (no generated code). Run by
// tests/e2e/node/node_client_test.cc against the whole stack. It logs in, reads a game, lists the
// legal actions and submits the first one, then checks two refusals: the same move at the old
// version (ABORTED, with the current version in the trailing metadata) and a read without a token
// (UNAUTHENTICATED). Prints one JSON object with what it saw; exits 1 with a message on failure.
//
// Environment: MAILRUN_NODE_DIR (holds node_modules, tests/e2e/node/setup.sh), MAILRUN_PROTO_DIR,
// MAILRUN_LOBBY_ADDR, MAILRUN_GAME_ADDR, MAILRUN_PLAYER, MAILRUN_PASSWORD, MAILRUN_GAME_ID.
import { randomUUID } from 'node:crypto';

import { call, closeAll, env, game, lobby, must } from './api.mjs';

const gameId = env('MAILRUN_GAME_ID');
const auth = await must(lobby, 'Login', {
  requestId: randomUUID(),
  displayName: env('MAILRUN_PLAYER'),
  password: env('MAILRUN_PASSWORD'),
});
const token = auth.accessToken;

const state = await must(game, 'GetGame', { gameId }, token);
if (!state.view.activeSeats.includes(state.yourSeat)) throw new Error(`not seat ${state.yourSeat}'s turn`);
const legal = await must(game, 'ListLegalActions', { gameId }, token);
if (legal.version !== state.version) throw new Error(`the game moved on: ${state.version} -> ${legal.version}`);
if (legal.actions.length === 0) throw new Error('no legal action');
const chosen = legal.actions[0];

const submit = { gameId, expectedVersion: legal.version, action: chosen.action, requestId: randomUUID() };
const answer = await must(game, 'SubmitAction', submit, token);

const stale = await call(game, 'SubmitAction', { ...submit, requestId: randomUUID() }, token);
const anonymous = await call(game, 'GetGame', { gameId }, '');
closeAll();

console.log(JSON.stringify({
  userId: auth.userId,
  seat: state.yourSeat,
  versionBefore: state.version,
  legalActions: legal.actions.length,
  chosen: chosen.description,
  action: chosen.action,
  versionAfter: answer.version,
  logLines: answer.logLines.map((line) => line.text),
  stale: stale.error
    ? { code: stale.error.code, currentVersion: stale.error.metadata.get('mailrun-current-version')[0] ?? null }
    : { code: 0 },
  anonymousCode: anonymous.error ? anonymous.error.code : 0,
}));

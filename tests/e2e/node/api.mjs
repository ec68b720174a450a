// What every node client of these tests shares, written only from the protos: the environment, the
// lobby and game services loaded at run time by @grpc/proto-loader from proto/ (no generated code,
// nothing of the engine), unary calls with a bearer token, and logging in.
//
// Environment: MAILRUN_NODE_DIR (holds node_modules, tests/e2e/node/setup.sh), MAILRUN_PROTO_DIR,
// MAILRUN_LOBBY_ADDR, MAILRUN_GAME_ADDR.
import { createRequire } from 'node:module';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

export const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
export const require = createRequire(path.join(env('MAILRUN_NODE_DIR'), 'package.json'));
export const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

export const protoDir = env('MAILRUN_PROTO_DIR');
const definition = protoLoader.loadSync(['mailrun/v1/lobby.proto', 'mailrun/v1/game.proto'], {
  includeDirs: [protoDir],
  longs: String, // int64 as decimal strings, as in the protobuf JSON mapping
  enums: String,
  defaults: true,
  oneofs: true,
});
const v1 = grpc.loadPackageDefinition(definition).mailrun.v1;
const insecure = grpc.credentials.createInsecure();
export const lobby = new v1.LobbyService(env('MAILRUN_LOBBY_ADDR'), insecure);
export const game = new v1.GameService(env('MAILRUN_GAME_ADDR'), insecure);

// The call metadata of a player: the bearer token, none if empty.
export function metadataWith(token) {
  const metadata = new grpc.Metadata();
  if (token) metadata.set('authorization', `Bearer ${token}`);
  return metadata;
}

// One unary call with the bearer token and a 30-second deadline. Resolves with the response, or
// with {error} (code, details and trailing metadata) when refused.
export function call(client, method, request, token) {
  const deadline = new Date(Date.now() + 30000);
  return new Promise((resolve) => {
    client[method](request, metadataWith(token), { deadline }, (error, response) => {
      resolve(error ? { error } : response);
    });
  });
}

// A call that must succeed: its response, or an exception naming the method and the refusal.
export async function must(client, method, request, token) {
  const answer = await call(client, method, request, token);
  if (answer.error) throw new Error(`${method}: ${answer.error.code} ${answer.error.details}`);
  return answer;
}

// Logs in MAILRUN_PLAYER with MAILRUN_PASSWORD; resolves with the access token.
export async function logIn() {
  const auth = await must(lobby, 'Login', {
    requestId: randomUUID(),
    displayName: env('MAILRUN_PLAYER'),
    password: env('MAILRUN_PASSWORD'),
  });
  return auth.accessToken;
}

export function closeAll() {
  game.close();
  lobby.close();
}

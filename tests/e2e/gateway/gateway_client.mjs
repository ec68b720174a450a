// Browser-side clients of the gateway, run by gateway_test.cc against the whole stack behind a
// running gateway (node build/gateway/gateway.mjs). No generated code: the services come from the
// descriptor set the gateway itself serves from. It uses each way a client may speak to it:
//   - plain fetch with a JSON body (the Connect protocol, as any web page can without a library),
//   - Connect's gRPC-Web transport (binary) and its Connect transport (JSON), the code a browser runs,
//   - Connect's native gRPC transport over cleartext HTTP/2 (what a native app would do).
// Three players register, sit at a table that starts by itself, one follows its notification
// stream through the gateway, moves are made and refused, and CORS answers are checked. Prints one
// JSON object with what it saw; exits 1 with a message on failure.
//
// Environment: MAILRUN_GATEWAY_CLIENT_DIR (node_modules), MAILRUN_GATEWAY_URL (http://host:port of
// the gateway), MAILRUN_GATEWAY_DESCRIPTORS (its descriptor set), MAILRUN_ALLOWED_ORIGIN (an origin
// the gateway was told to allow); MAILRUN_NAME_SUFFIX (optional) is appended to the players' names.
import { createRequire } from "node:module";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
const require = createRequire(path.join(env("MAILRUN_GATEWAY_CLIENT_DIR"), "package.json"));
const { createFileRegistry, fromBinary } = require("@bufbuild/protobuf");
const { FileDescriptorSetSchema } = require("@bufbuild/protobuf/wkt");
const { Code, ConnectError, createClient } = require("@connectrpc/connect");
const { createConnectTransport, createGrpcWebTransport } = require("@connectrpc/connect-web");
const { createGrpcTransport } = require("@connectrpc/connect-node");

const gateway = env("MAILRUN_GATEWAY_URL");
const registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, readFileSync(env("MAILRUN_GATEWAY_DESCRIPTORS"))));
const service = (name) => registry.getService(`mailrun.v1.${name}`);
const transports = {
  grpcWeb: createGrpcWebTransport({ baseUrl: gateway }),
  connectJson: createConnectTransport({ baseUrl: gateway, useBinaryFormat: false }),
  grpc: createGrpcTransport({ baseUrl: gateway }),
};
const clients = (transport) => ({
  lobby: createClient(service("LobbyService"), transport),
  game: createClient(service("GameService"), transport),
  notify: createClient(service("NotificationService"), transport),
});
const web = clients(transports.grpcWeb);
const json = clients(transports.connectJson);
const native = clients(transports.grpc);
const bearer = (token) => ({ headers: { authorization: `Bearer ${token}` } });

// Progress on standard error, so a failure or a hang says how far it got.
const step = (text) => process.stderr.write(`gateway client: ${new Date().toISOString()} ${text}\n`);

function check(condition, message) {
  if (!condition) throw new Error(message);
}

async function refusal(promise) {
  try {
    await promise;
  } catch (err) {
    return ConnectError.from(err);
  }
  throw new Error("the call was expected to fail, and succeeded");
}

// POST /<service>/<method> with a JSON body: the Connect protocol's unary call, library-free.
async function postJson(method, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${gateway}/mailrun.v1.${method}`, { method: "POST", headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

const saw = {};
const password = "gateway-test-password";
const suffix = process.env.MAILRUN_NAME_SUFFIX ?? "";  // for runs against a stack that knows the names
const names = ["Lalit", "Meera", "Nikhil"].map((name) => name + suffix);

// 1. Register with plain JSON.
step('Register with plain JSON');
const players = [];
for (const name of names) {
  const answer = await postJson("LobbyService/Register", { requestId: randomUUID(), displayName: name, password });
  check(answer.status === 200, `Register ${name}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`);
  check(typeof answer.body.accessToken === "string" && answer.body.accessToken.length > 0, `Register ${name}: no access token`);
  players.push({ name, token: answer.body.accessToken, userId: answer.body.userId });
}
saw.registered = players.map((p) => p.name);

// A refusal in JSON: the status, the message naming the field, no token in it.
const badName = await postJson("LobbyService/Register", { requestId: randomUUID(), displayName: "x", password });
saw.badRegister = { status: badName.status, code: badName.body.code, message: badName.body.message };

// 2. Meera follows her notifications over the Connect protocol (a server stream on HTTP/1.1),
// from before the table starts.
step("Meera follows her notifications over the Connect protocol");
const [lalit, meera, nikhil] = players;
const notifications = [];
// Ends at her first "your turn" (a fresh account has no other), which leaving the loop cancels.
const stream = (async () => {
  for await (const n of json.notify.subscribe({}, bearer(meera.token))) {
    notifications.push({ kind: n.event?.kind?.case ?? "", title: n.title, gameId: n.event?.kind?.value?.gameId ?? "" });
    if (n.event?.kind?.case === "yourTurn") break;
  }
})();

// 3. A table over gRPC-Web; the others join; the host starts it unless it started by itself.
step('A table over gRPC-Web; the others join; the host starts it unless it started by itself');
let table = await web.lobby.createTable({ requestId: randomUUID(), seats: 3, name: "through the gateway" }, bearer(lalit.token));
for (const p of [meera, nikhil]) {
  table = await web.lobby.joinTable({ requestId: randomUUID(), tableId: table.tableId }, bearer(p.token));
}
if (!table.gameId) table = await web.lobby.startTable({ requestId: randomUUID(), tableId: table.tableId }, bearer(lalit.token));
for (let i = 0; i < 100 && !table.gameId; ++i) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  table = await web.lobby.getTable({ tableId: table.tableId }, bearer(lalit.token));
}
check(table.gameId, `table ${table.tableId} did not start (status ${table.status})`);
saw.gameId = table.gameId;

// 4. The game over native gRPC (HTTP/2 through the gateway): each player sees their own seat.
step('The game over native gRPC (HTTP/2 through the gateway)');
const seats = [];
for (const p of players) {
  const game = await native.game.getGame({ gameId: table.gameId }, bearer(p.token));
  seats.push(game.yourSeat);
  saw.version = Number(game.version);
  saw.playerNames = game.view.players.map((player) => player.displayName);
}
saw.seats = seats;

// 5. A move over gRPC-Web, then the same move at the old version: ABORTED with the current version
step('A move over gRPC-Web, then the same move at the old version');
// in the trailers, passed through by the gateway.
let mover;
let legal;
for (const p of players) {
  legal = await web.game.listLegalActions({ gameId: table.gameId }, bearer(p.token));
  if (legal.actions.length > 0) { mover = p; break; }
}
check(mover, "nobody has a legal action");
const first = legal.actions[0];
const before = Number(legal.version);
const moved = await web.game.submitAction(
  { gameId: table.gameId, expectedVersion: legal.version, action: first.action, requestId: randomUUID() }, bearer(mover.token));
saw.move = { by: mover.name, seat: seats[players.indexOf(mover)], description: first.description, from: before, to: Number(moved.version),
             logLines: moved.logLines.length };
const stale = await refusal(web.game.submitAction(
  { gameId: table.gameId, expectedVersion: legal.version, action: first.action, requestId: randomUUID() }, bearer(mover.token)));
saw.staleMove = { code: Code[stale.code], currentVersion: stale.metadata.get("mailrun-current-version") };

// 6. No token: UNAUTHENTICATED, through every transport.
step('No token');
saw.noToken = {};
for (const [name, c] of Object.entries({ grpcWeb: web, connectJson: json, grpc: native })) {
  const err = await refusal(c.game.getGame({ gameId: table.gameId }));
  saw.noToken[name] = Code[err.code];
}

// 7. Error details (google.rpc.RetryInfo) after repeated failed logins, in JSON and gRPC-Web.
step('Error details (google.rpc.RetryInfo) after repeated failed logins, in JSON and gRPC-Web');
let limited;
for (let i = 0; i < 12 && !limited; ++i) {
  const answer = await postJson("LobbyService/Login", { requestId: randomUUID(), displayName: nikhil.name, password: "not the password" });
  if (answer.body.code === "resource_exhausted") limited = answer.body;
}
check(limited, "failed logins were never limited");
saw.limitedJson = { code: limited.code, detailTypes: (limited.details ?? []).map((d) => d.type) };
const limitedWeb = await refusal(web.lobby.login({ requestId: randomUUID(), displayName: nikhil.name, password: "not the password" }));
saw.limitedWeb = { code: Code[limitedWeb.code], detailTypes: limitedWeb.details.map((d) => d.type ?? d.desc?.typeName) };

// 8. Meera's stream delivered the start of her game.
step("Meera's stream delivered the start of her game");
await Promise.race([stream, new Promise((_, reject) => setTimeout(() => reject(new Error(
  `no "your turn" on Meera's stream within 30 s; it had ${JSON.stringify(notifications)}`)), 30000).unref())]);
saw.notifications = notifications;

// 9. CORS: the allowed origin gets its preflight answered, another origin does not.
step('CORS');
const preflight = async (origin) => {
  const response = await fetch(`${gateway}/mailrun.v1.GameService/GetGame`, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "content-type,authorization" },
  });
  return { status: response.status, allowOrigin: response.headers.get("access-control-allow-origin"),
           allowHeaders: response.headers.get("access-control-allow-headers") };
};
saw.corsAllowed = await preflight(env("MAILRUN_ALLOWED_ORIGIN"));
saw.corsOther = await preflight("https://elsewhere.example");
saw.health = (await fetch(`${gateway}/healthz`)).status;
saw.unknownPath = (await fetch(`${gateway}/mailrun.v1.GameService/NoSuchMethod`, { method: "POST" })).status;

// The native transport keeps its HTTP/2 session open: leave once the report is written.
process.stdout.write(`${JSON.stringify(saw)}\n`, () => process.exit(0));

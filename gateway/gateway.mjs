// The browser gateway: one address for every client. Browsers speak gRPC-Web or Connect (JSON or
// binary, over HTTP/1.1 or HTTP/2) to it; native gRPC clients (HTTP/2 without TLS) may use it too.
// Every call is forwarded as gRPC to the service that owns it (game, lobby or notification), with
// the caller's metadata, and the answer (messages, streams, status, error details) comes back
// unchanged. It also answers the mails' unsubscribe links, <url>/unsubscribe/<token>, GET and
// RFC 8058's one-click POST (unsubscribe.mjs). The services are described at run time by a descriptor set that the build compiles
// from proto/ (build/gateway/mailrun-api.binpb), so a new RPC needs no change here.
//
// The same program runs in `make run` (deploy/stack.sh), in the tests and in the Helm chart
// (charts/mailrun/templates/gateway.yaml). Settings come from the environment:
//   MAILRUN_GATEWAY_LISTEN        host:port to listen on (default 127.0.0.1:8080)
//   MAILRUN_GATEWAY_DESCRIPTORS   the descriptor set (default: mailrun-api.binpb beside this script)
//   MAILRUN_GAME_ADDRESS, MAILRUN_LOBBY_ADDRESS, MAILRUN_NOTIFY_ADDRESS   host:port of each service
//   MAILRUN_GATEWAY_CORS_ORIGINS  comma-separated origins allowed to call from other pages; optional
//   MAILRUN_GATEWAY_WEB_DIR       the built web client to serve on the same origin (default: ../web
//                                 beside this script, i.e. build/web, when it exists; "none": serve none)
//   MAILRUN_GATEWAY_CALL_TIMEOUT_SECONDS  the longest a unary call may take (default 60; a
//                                 caller's shorter deadline wins); streams have no limit
//   MAILRUN_GATEWAY_MAX_REQUEST_BYTES  the largest request message a client may send, compressed
//                                 and after inflating (default 1048576); larger: RESOURCE_EXHAUSTED
// A backend address is host:port, or dns:///name:port to balance calls over every address of the
// name (the chart's headless Services), or ipv4:ADDR:PORT,ADDR:PORT (a fixed list). The game
// service's calls about one game go to that game's pod (game_ring.mjs).
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

import { loadServices } from "./services.mjs";
import { startGateway } from "./server.mjs";
import { webClient } from "./static.mjs";
import { unsubscribeLinks } from "./unsubscribe.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));

function setting(name, fallback) {
  const value = process.env[name];
  return value === undefined || value === "" ? fallback : value;
}

function required(name) {
  const value = setting(name, undefined);
  if (value === undefined) {
    console.error(`mailrun-gateway: ${name} is not set (host:port of that service)`);
    process.exit(2);
  }
  return value;
}

const descriptors = setting("MAILRUN_GATEWAY_DESCRIPTORS", path.join(here, "mailrun-api.binpb"));
let bytes;
try {
  bytes = readFileSync(descriptors);
} catch (err) {
  console.error(`mailrun-gateway: cannot read the descriptor set ${descriptors}: ${err.message} (build it: cmake --build build --target gateway)`);
  process.exit(2);
}

const backends = {
  "mailrun.v1.GameService": required("MAILRUN_GAME_ADDRESS"),
  "mailrun.v1.ProgrammedMoveService": required("MAILRUN_GAME_ADDRESS"),
  "mailrun.v1.StudyService": required("MAILRUN_GAME_ADDRESS"),
  "mailrun.v1.SeatService": required("MAILRUN_GAME_ADDRESS"),
  "mailrun.v1.LobbyService": required("MAILRUN_LOBBY_ADDRESS"),
  "mailrun.v1.NotificationService": required("MAILRUN_NOTIFY_ADDRESS"),
};

const callTimeout = Number(setting("MAILRUN_GATEWAY_CALL_TIMEOUT_SECONDS", "60"));
if (!Number.isInteger(callTimeout) || callTimeout < 1) {
  console.error("mailrun-gateway: MAILRUN_GATEWAY_CALL_TIMEOUT_SECONDS must be a whole number of seconds, at least 1");
  process.exit(2);
}
const maxRequestBytes = Number(setting("MAILRUN_GATEWAY_MAX_REQUEST_BYTES", String(1024 * 1024)));
if (!Number.isInteger(maxRequestBytes) || maxRequestBytes < 1024) {
  console.error("mailrun-gateway: MAILRUN_GATEWAY_MAX_REQUEST_BYTES must be a whole number of bytes, at least 1024");
  process.exit(2);
}
// Log lines are JSON on standard error, like the services'.
const log = (fields) => process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), ...fields })}\n`);

const services = loadServices(bytes, backends, callTimeout * 1000, log);
const listen = setting("MAILRUN_GATEWAY_LISTEN", "127.0.0.1:8080");
const origins = setting("MAILRUN_GATEWAY_CORS_ORIGINS", "").split(",").map((o) => o.trim()).filter(Boolean);

const defaultWebDir = path.join(here, "..", "web");
const webDir = setting("MAILRUN_GATEWAY_WEB_DIR", existsSync(path.join(defaultWebDir, "index.html")) ? defaultWebDir : "none");
let web = null;
if (webDir !== "none") {
  try {
    web = await webClient(webDir);
  } catch (err) {
    console.error(`mailrun-gateway: MAILRUN_GATEWAY_WEB_DIR: ${err.message}`);
    process.exit(2);
  }
}

// The mails' one-click unsubscribe links (RFC 8058), answered with the notification service.
const notification = services.find((s) => s.desc.typeName === "mailrun.v1.NotificationService");
const links = unsubscribeLinks((token) => notification.call("UnsubscribeEmail", { token }), log);

const gateway = await startGateway({ services, listen, origins, web, links, maxRequestBytes });
log({ level: "info", event: "gateway_listening", address: gateway.address, services: services.map((s) => s.desc.typeName),
      web: web ? path.resolve(webDir) : null });

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    log({ level: "info", event: "gateway_stopping", signal });
    gateway.close().then(() => process.exit(0));
  });
}

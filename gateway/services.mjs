// The services the gateway forwards: read from a descriptor set at start-up, each bound to its
// backend. For every method an implementation that makes the same call as gRPC on the backend
// (@grpc/grpc-js: one channel per service, balancing calls round-robin over every address the
// backend's name resolves to, as the Helm chart's headless Services give them), passing the
// caller's metadata in and the backend's headers, trailers, status and error details back out.
import grpc from "@grpc/grpc-js";
import { create, createFileRegistry, fromBinary, toBinary } from "@bufbuild/protobuf";
import { FileDescriptorSetSchema } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError, createContextKey } from "@connectrpc/connect";
import { findTrailerError } from "@connectrpc/connect/protocol-grpc";

import { GameClients } from "./game_ring.mjs";

// The caller's address, as the server saw it (set per request by server.mjs).
export const peerAddress = createContextKey("", { description: "the caller's address" });

// Metadata a client may send to the services. Everything else a browser adds (cookies, origin,
// user agent, the protocols' own headers) stays at the gateway.
const forwardedRequestHeaders = ["authorization", "traceparent", "tracestate"];

// Response metadata that belongs to the protocol, not to the service: never copied back.
function protocolHeader(name) {
  return name.startsWith("grpc-") || name.startsWith(":") || name.startsWith("connect-") ||
         ["content-type", "content-length", "content-encoding", "trailer", "te", "date", "server"].includes(name);
}

function requestMetadata(ctx) {
  const metadata = new grpc.Metadata();
  for (const name of forwardedRequestHeaders) {
    const value = ctx.requestHeader.get(name);
    if (value !== null) metadata.set(name, value);
  }
  // As Envoy's use_remote_address does: the gateway's own view of the caller is appended last, and
  // the lobby (login limits) trusts only that last address.
  const before = ctx.requestHeader.get("x-forwarded-for");
  const peer = ctx.values.get(peerAddress);
  if (peer) metadata.set("x-forwarded-for", before ? `${before}, ${peer}` : peer);
  return metadata;
}

// gRPC metadata as HTTP headers: binary values ("-bin") base64-encoded, as on the wire.
function headersOf(metadata, { withProtocol = false } = {}) {
  const headers = new Headers();
  for (const [name, values] of Object.entries(metadata?.toJSON() ?? {})) {
    if (!withProtocol && protocolHeader(name)) continue;
    for (const value of values) headers.append(name, Buffer.isBuffer(value) ? value.toString("base64") : value);
  }
  return headers;
}

function copyInto(target, metadata) {
  headersOf(metadata).forEach((value, name) => target.append(name, value));
}

// A backend's refusal as the caller gets it: its code, message and error details
// (grpc-status-details-bin), and its other trailers (e.g. mailrun-current-version on ABORTED).
function relayed(err) {
  if (err instanceof ConnectError) return err;
  if (typeof err?.code !== "number") return ConnectError.from(err);
  const trailers = headersOf(err.metadata, { withProtocol: true });
  trailers.set("grpc-status", String(err.code));
  trailers.set("grpc-message", encodeURIComponent(err.details ?? ""));
  const parsed = findTrailerError(trailers) ?? new ConnectError(err.details ?? "", err.code);
  return new ConnectError(parsed.rawMessage, parsed.code, headersOf(err.metadata), parsed.details);
}

// A call's deadline: the caller's, for unary calls at most `unaryLimitMs` (a stream runs as long
// as its caller keeps it).
function callOptions(ctx, unaryLimitMs) {
  let timeout = ctx.timeoutMs();
  if (unaryLimitMs !== undefined) timeout = Math.min(timeout ?? unaryLimitMs, unaryLimitMs);
  return timeout === undefined ? {} : { deadline: new Date(Date.now() + timeout) };
}

// Serialises and parses a method's messages with its descriptors.
function codecOf(method) {
  return {
    serialize: (message) => Buffer.from(toBinary(method.input, message)),
    deserialize: (bytes) => fromBinary(method.output, bytes),
  };
}

function unaryCall(channel, path, method, request, ctx, unaryLimitMs) {
  const { serialize, deserialize } = codecOf(method);
  return new Promise((resolve, reject) => {
    const call = channel.makeUnaryRequest(path, serialize, deserialize, request, requestMetadata(ctx), callOptions(ctx, unaryLimitMs),
      (err, response) => (err ? reject(err) : resolve(response)));
    call.on("metadata", (metadata) => copyInto(ctx.responseHeader, metadata));
    call.on("status", (status) => status.code === grpc.status.OK && copyInto(ctx.responseTrailer, status.metadata));
    ctx.signal.addEventListener("abort", () => call.cancel(), { once: true });
  });
}

async function* streamCall(channel, path, method, request, ctx) {
  const { serialize, deserialize } = codecOf(method);
  const call = channel.makeServerStreamRequest(path, serialize, deserialize, request, requestMetadata(ctx), callOptions(ctx));
  call.on("metadata", (metadata) => copyInto(ctx.responseHeader, metadata));
  // A refusal's trailers travel with its error (relayed), not here.
  call.on("status", (status) => status.code === grpc.status.OK && copyInto(ctx.responseTrailer, status.metadata));
  const cancel = () => call.cancel();
  ctx.signal.addEventListener("abort", cancel, { once: true });
  try {
    for await (const message of call) yield message;
  } finally {
    ctx.signal.removeEventListener("abort", cancel);
    call.cancel();  // no-op once the call has ended; stops it when the caller went away
  }
}

// One JSON line per call on standard error: the method, its outcome and duration, the protocol
// the caller spoke and its address; never a header's value or a message's content.
function logCall(desc, method, ctx, started, err) {
  const line = {
    time: new Date().toISOString(), level: err ? "warn" : "info", event: "gateway_call",
    method: `${desc.typeName}/${method.name}`, code: err ? Code[err.code] : "OK",
    duration_ms: Math.round(performance.now() - started), protocol: ctx.protocolName, peer: ctx.values.get(peerAddress),
  };
  process.stderr.write(`${JSON.stringify(line)}\n`);
}

// `channels(request)`: the client a call with that request goes to.
function forwarding(desc, channels, unaryLimitMs) {
  const impl = {};
  for (const method of desc.methods) {
    const path = `/${desc.typeName}/${method.name}`;
    const channelOf = channels(method);
    switch (method.methodKind) {
      case "unary":
        impl[method.localName] = async (request, ctx) => {
          const started = performance.now();
          try {
            const response = await unaryCall(channelOf(request), path, method, request, ctx, unaryLimitMs);
            logCall(desc, method, ctx, started);
            return response;
          } catch (err) {
            const error = relayed(err);
            logCall(desc, method, ctx, started, error);
            throw error;
          }
        };
        break;
      case "server_streaming":
        impl[method.localName] = async function* (request, ctx) {
          const started = performance.now();
          try {
            yield* streamCall(channelOf(request), path, method, request, ctx);
            logCall(desc, method, ctx, started);
          } catch (err) {
            const error = relayed(err);
            logCall(desc, method, ctx, started, error);
            throw error;
          }
        };
        break;
      default:
        // No Mailrun RPC streams from the client; should one appear, browsers could not use it anyway.
        impl[method.localName] = () => {
          throw new ConnectError(`${desc.typeName}/${method.name} is not offered through the gateway`, Code.Unimplemented);
        };
    }
  }
  return impl;
}

// Channel settings: calls spread over every address of the backend's name (re-resolved when
// connections drop), and pings that find backends gone away while a stream is quiet.
const channelOptions = {
  "grpc.service_config": JSON.stringify({ loadBalancingConfig: [{ round_robin: {} }] }),
  "grpc.keepalive_time_ms": 60000,
  "grpc.keepalive_timeout_ms": 20000,
  "grpc.max_receive_message_length": 16 * 1024 * 1024,
};

// [{desc, backend, impl, call}] for every service of `backends` ({"mailrun.v1.GameService": "host:port"
// or "dns:///name:port"}); unary calls get at most `unaryLimitMs`. A service missing from the
// descriptor set is an error: the gateway would otherwise start without it.
// The game service's calls whose request has a game_id go to that game's pod (game_ring.mjs);
// `log` takes the ring's JSON log fields.
export function loadServices(descriptorSetBytes, backends, unaryLimitMs, log = () => {}) {
  const registry = createFileRegistry(fromBinary(FileDescriptorSetSchema, descriptorSetBytes));
  return Object.entries(backends).map(([typeName, backend]) => {
    const desc = registry.getService(typeName);
    if (!desc) throw new Error(`the descriptor set has no service ${typeName}`);
    let channels;
    if (typeName === "mailrun.v1.GameService" || typeName === "mailrun.v1.ProgrammedMoveService" || typeName === "mailrun.v1.StudyService" || typeName === "mailrun.v1.SeatService") {
      const games = new GameClients(backend, channelOptions, { log });
      channels = (method) => (method.input.fields.some((f) => f.name === "game_id") ? (request) => games.for(request.gameId) : () => games.any);
    } else {
      const channel = new grpc.Client(backend, grpc.credentials.createInsecure(), channelOptions);
      channels = () => () => channel;
    }
    // The gateway's own unary calls (no caller's metadata), e.g. call("UnsubscribeEmail", {token}).
    const call = (methodName, request) => {
      const method = desc.methods.find((m) => m.name === methodName && m.methodKind === "unary");
      if (!method) return Promise.reject(new Error(`${typeName} has no unary method ${methodName}`));
      const { serialize, deserialize } = codecOf(method);
      const message = create(method.input, request);
      const target = channels(method)(message);
      return new Promise((resolve, reject) => {
        target.makeUnaryRequest(`/${typeName}/${methodName}`, serialize, deserialize, message, new grpc.Metadata(),
          { deadline: new Date(Date.now() + unaryLimitMs) }, (err, response) => (err ? reject(err) : resolve(response)));
      });
    };
    return { desc, backend, impl: forwarding(desc, channels, unaryLimitMs), call };
  });
}

// Requests the gateway must refuse before they cost it anything, run by gateway_test.cc against a
// running gateway (issue 46). Node's built-ins only (fetch, http2, zlib); prints one JSON object:
//   - bodies too large, compressed and inflated, through each protocol the gateway speaks: Connect
//     JSON (a gzip body that inflates to 64 MiB of spaces inside a valid message; a plain 2 MiB
//     one), gRPC-Web and native gRPC over HTTP/2 (a gzip envelope that inflates to 64 MiB): the
//     code, the message, and how long the answer took;
//   - Connect JSON with a field or an enum name the API does not know, for each service.
// Environment: MAILRUN_GATEWAY_URL (http://host:port of the gateway).
import http2 from "node:http2";
import zlib from "node:zlib";

const base = process.env.MAILRUN_GATEWAY_URL;
const inflated = 64 << 20;

async function connectJson(path, body, headers = {}) {
  const started = performance.now();
  const response = await fetch(base + path, { method: "POST", body, headers: { "content-type": "application/json", ...headers } });
  const answer = await response.json();
  return { status: response.status, code: answer.code, message: answer.message, ms: Math.round(performance.now() - started) };
}

function varint(n) {
  const out = [];
  while (n > 127) { out.push((n & 127) | 128); n = Math.floor(n / 128); }
  out.push(n);
  return Buffer.from(out);
}

// A GetGameRequest (game_id "x") carrying an unknown field of `size` zero bytes, gzipped, in a
// compressed gRPC envelope.
function compressedEnvelope(size) {
  const message = Buffer.concat([Buffer.from([0x0a, 1, 0x78]), varint((1000 << 3) | 2), varint(size), Buffer.alloc(size)]);
  const gz = zlib.gzipSync(message);
  const envelope = Buffer.concat([Buffer.from([1, 0, 0, 0, 0]), gz]);
  envelope.writeUInt32BE(gz.length, 1);
  return envelope;
}

async function grpcWeb(path, envelope) {
  const started = performance.now();
  const response = await fetch(base + path, {
    method: "POST", body: envelope,
    headers: { "content-type": "application/grpc-web+proto", "grpc-encoding": "gzip", "x-grpc-web": "1" },
  });
  // The status comes in the headers (a trailers-only answer) or in the trailer frame of the body.
  const body = Buffer.from(await response.arrayBuffer());
  const trailers = Object.fromEntries(body.subarray(5).toString().split("\r\n").filter(Boolean)
    .map((line) => [line.slice(0, line.indexOf(":")).trim(), line.slice(line.indexOf(":") + 1).trim()]));
  const status = response.headers.get("grpc-status") ?? trailers["grpc-status"];
  const message = response.headers.get("grpc-message") ?? trailers["grpc-message"] ?? "";
  return { grpcStatus: Number(status), message: decodeURIComponent(message), ms: Math.round(performance.now() - started) };
}

function nativeGrpc(path, envelope) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const session = http2.connect(base);
    session.on("error", reject);
    const request = session.request({
      ":method": "POST", ":path": path, "content-type": "application/grpc", "grpc-encoding": "gzip", te: "trailers",
    });
    let result = null;
    const take = (headers) => {
      if (headers["grpc-status"] !== undefined && result === null) {
        result = { grpcStatus: Number(headers["grpc-status"]), message: decodeURIComponent(headers["grpc-message"] ?? ""),
                   ms: Math.round(performance.now() - started) };
      }
    };
    request.on("response", take);
    request.on("trailers", take);
    request.on("error", reject);
    request.on("close", () => { session.close(); resolve(result); });
    request.resume();
    request.end(envelope);
  });
}

const report = {};
const padded = Buffer.concat([Buffer.from('{"gameId":"x"'), Buffer.alloc(inflated, 32), Buffer.from("}")]);
report.connectGzip = await connectJson("/mailrun.v1.GameService/GetGame", zlib.gzipSync(padded), { "content-encoding": "gzip" });
report.connectPlain = await connectJson("/mailrun.v1.GameService/GetGame",
  Buffer.concat([Buffer.from('{"gameId":"x"'), Buffer.alloc(2 << 20, 32), Buffer.from("}")]));
const envelope = compressedEnvelope(inflated);
report.grpcWebGzip = await grpcWeb("/mailrun.v1.GameService/GetGame", envelope);
report.grpcGzip = await nativeGrpc("/mailrun.v1.GameService/GetGame", envelope);
// Four at once, as in the issue: all refused.
report.concurrent = (await Promise.all([0, 1, 2, 3].map(() =>
  connectJson("/mailrun.v1.GameService/GetGame", zlib.gzipSync(padded), { "content-encoding": "gzip" })))).map((r) => r.code);
// A small request still goes through (refused by the service for want of a token, not by the gateway).
report.small = await connectJson("/mailrun.v1.GameService/GetGame", JSON.stringify({ gameId: "x" }));

report.unknownField = await connectJson("/mailrun.v1.LobbyService/CreateTable", JSON.stringify({ seats: 3, isPrivat: true }));
report.unknownEnum = await connectJson("/mailrun.v1.LobbyService/CreateTable",
  JSON.stringify({ seats: 3, edition: "EDITION_LOOKOUT2009" }));
report.unknownGameField = await connectJson("/mailrun.v1.GameService/GetGame", JSON.stringify({ gameId: "x", sinceVersio: 3 }));
report.unknownNotifyField = await connectJson("/mailrun.v1.NotificationService/ListInbox", JSON.stringify({ unreadOnlyy: true }));
report.knownFields = await connectJson("/mailrun.v1.LobbyService/CreateTable",
  JSON.stringify({ seats: 3, isPrivate: true, edition: "EDITION_LOOKOUT_2009" }));

process.stdout.write(`${JSON.stringify(report)}\n`);

// A Web Push service stand-in for the tests (issue 42): what a browser vendor's push service does
// with a push, checked with kept libraries rather than the sender's own code. It hands out
// subscriptions as a browser would get them (its own P-256 key pair and auth secret per
// subscription, made with the VAPID public key the test gives, as applicationServerKey), and for
// every POST to a subscription's endpoint:
//   - verifies the VAPID header (RFC 8292): "vapid t=<JWT>, k=<key>", k the subscription's key,
//     the JWT an ES256 signature by that key (jose), aud the endpoint's origin, exp within 24 h,
//     sub a mailto: or https: contact;
//   - requires TTL, an Urgency of very-low/low/normal/high, a Topic (if any) of at most 32
//     base64url characters, and Content-Encoding aes128gcm;
//   - decrypts the body with the subscription's private key and auth secret (http_ece, RFC 8291);
// then answers as the test scripted for that subscription (201 by default; 404, 410, 413, 429
// with Retry-After, 5xx), and records what it got. A request failing a check is answered 400 and
// recorded with the reason.
// Control (for the test, JSON): POST /control/subscriptions {vapid_key, statuses?: [..],
// retry_after?: seconds} -> {endpoint, keys: {p256dh, auth}}; GET /control/received -> [records]
// (each with `at`, when it arrived, Unix ms). To catch a sender mid-delivery (the fault suite):
// POST /control/hold makes the next push wait for its answer (recorded when it arrives, with
// `held`); GET /control/held -> {held: bool}, whether one waits now; POST /control/release answers it.
// Usage: node push_service.mjs PORT   (listens on 127.0.0.1:PORT; prints "ready" when it does)
import crypto from "node:crypto";
import http from "node:http";
import ece from "http_ece";
import { importJWK, jwtVerify } from "jose";

const port = Number(process.argv[2]);
const origin = `http://127.0.0.1:${port}`;
const subscriptions = new Map();  // id -> {ecdh, auth, vapidKey, statuses, retryAfter, attempts}
const received = [];
let hold = false;        // the next push waits for its answer until released
let release = null;      // answers the push that waits

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
    request.on("error", reject);
  });
}

function answer(response, status, body, headers = {}) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

async function checkVapid(header, subscription) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`Authorization is not "vapid t=..., k=...": ${header}`);
  const [, token, key] = match;
  if (key !== subscription.vapidKey) throw new Error("k is not the key the subscription was made with");
  const raw = Buffer.from(key, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const jwk = { kty: "EC", crv: "P-256", x: raw.subarray(1, 33).toString("base64url"), y: raw.subarray(33).toString("base64url") };
  const { payload, protectedHeader } = await jwtVerify(token, await importJWK(jwk, "ES256"),
                                                       { audience: origin, algorithms: ["ES256"] });
  if (protectedHeader.alg !== "ES256") throw new Error("alg is not ES256");
  if (typeof payload.exp !== "number" || payload.exp > Date.now() / 1000 + 24 * 3600) throw new Error("exp is more than 24 h ahead");
  if (!/^(mailto:|https:)/.test(payload.sub ?? "")) throw new Error("sub is not a mailto: or https: contact");
  return payload;
}

async function push(request, response, id) {
  const subscription = subscriptions.get(id);
  const body = await readBody(request);
  if (!subscription) return answer(response, 404, { error: "no such subscription" });
  const record = { subscription: id, at: Date.now(), ttl: request.headers.ttl, urgency: request.headers.urgency,
                   topic: request.headers.topic ?? "" };
  try {
    if (request.headers["content-encoding"] !== "aes128gcm") throw new Error("Content-Encoding is not aes128gcm");
    if (!/^\d+$/.test(request.headers.ttl ?? "")) throw new Error("TTL is missing");
    if (!["very-low", "low", "normal", "high"].includes(request.headers.urgency)) throw new Error("Urgency is not valid");
    if (record.topic && !/^[A-Za-z0-9_-]{1,32}$/.test(record.topic)) throw new Error("Topic is not 1-32 base64url characters");
    record.jwt = await checkVapid(request.headers.authorization, subscription);
    const plaintext = ece.decrypt(body, { version: "aes128gcm", privateKey: subscription.ecdh, authSecret: subscription.auth });
    record.payload = JSON.parse(plaintext.toString("utf8"));
  } catch (error) {
    record.status = 400;
    record.error = String(error.message ?? error);
    received.push(record);
    return answer(response, 400, { error: record.error });
  }
  const attempt = subscription.attempts++;
  record.status = subscription.statuses[Math.min(attempt, subscription.statuses.length - 1)];
  received.push(record);
  if (hold) {
    hold = false;
    record.held = true;
    await new Promise((resolve) => { release = resolve; });
  }
  const headers = record.status === 429 && subscription.retryAfter !== undefined ? { "retry-after": String(subscription.retryAfter) } : {};
  if (record.status === 201) headers.location = `${origin}/message/${received.length}`;
  answer(response, record.status, {}, headers);
}

const server = http.createServer(async (request, response) => {
  try {
    const url = new URL(request.url, origin);
    if (request.method === "POST" && url.pathname === "/control/subscriptions") {
      const options = JSON.parse((await readBody(request)).toString() || "{}");
      const ecdh = crypto.createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const id = crypto.randomBytes(12).toString("hex");
      subscriptions.set(id, { ecdh, auth, vapidKey: options.vapid_key, statuses: options.statuses ?? [201],
                              retryAfter: options.retry_after, attempts: 0 });
      return answer(response, 200, { endpoint: `${origin}/push/${id}`,
                                     keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") } });
    }
    if (request.method === "GET" && url.pathname === "/control/received") return answer(response, 200, received);
    if (request.method === "POST" && url.pathname === "/control/hold") {
      hold = true;
      return answer(response, 200, {});
    }
    if (request.method === "GET" && url.pathname === "/control/held") return answer(response, 200, { held: release !== null });
    if (request.method === "POST" && url.pathname === "/control/release") {
      const waiting = release;
      release = null;
      waiting?.();
      return answer(response, 200, { released: waiting !== null });
    }
    const match = /^\/push\/([0-9a-f]+)$/.exec(url.pathname);
    if (request.method === "POST" && match) return await push(request, response, match[1]);
    answer(response, 404, { error: `nothing at ${request.method} ${url.pathname}` });
  } catch (error) {
    answer(response, 500, { error: String(error) });
  }
});
server.listen(port, "127.0.0.1", () => console.log("ready"));
process.on("SIGTERM", () => server.close(() => process.exit(0)));

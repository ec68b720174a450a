// The gateway's listener: one port for HTTP/1.1 (browsers: gRPC-Web and Connect) and cleartext
// HTTP/2 (native gRPC clients, and browsers' gRPC-Web where a proxy in front speaks HTTP/2). A
// connection is handed to the HTTP/2 server when it opens with the HTTP/2 preface, otherwise to
// the HTTP/1.1 server. CORS answers for the configured origins only.
import http from "node:http";
import http2 from "node:http2";
import net from "node:net";
import { Duplex } from "node:stream";

import { cors as connectCors, createContextValues } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";

import { peerAddress } from "./services.mjs";

const http2Preface = Buffer.from("PRI * HTTP/2.0");

// The HTTP/2 server reads a plain socket through its native handle, past anything already read
// from it in JavaScript; so a sniffed HTTP/2 connection is handed over as a stream that starts
// with the bytes read so far and then carries the socket's.
function replaying(socket, head) {
  const stream = new Duplex({
    read() { socket.resume(); },
    write(chunk, encoding, done) { socket.write(chunk, encoding, done); },
    final(done) { socket.end(done); },
    destroy(err, done) { socket.destroy(err ?? undefined); done(err); },
  });
  stream.remoteAddress = socket.remoteAddress;
  stream.push(head);
  socket.on("data", (chunk) => { if (!stream.push(chunk)) socket.pause(); });
  socket.on("end", () => stream.push(null));
  socket.on("close", () => stream.destroy());
  socket.on("error", (err) => stream.destroy(err));
  return stream;
}

function withCors(handler, origins) {
  if (origins.length === 0) return handler;
  const allowHeaders = [...connectCors.allowedHeaders, "authorization", "traceparent", "tracestate"].join(", ");
  const exposeHeaders = [...connectCors.exposedHeaders, "mailrun-current-version"].join(", ");
  return (req, res) => {
    const origin = req.headers.origin;
    if (origin && origins.includes(origin)) {
      res.setHeader("access-control-allow-origin", origin);
      res.setHeader("vary", "origin");
      res.setHeader("access-control-expose-headers", exposeHeaders);
      if (req.method === "OPTIONS") {
        res.writeHead(204, {
          "access-control-allow-methods": connectCors.allowedMethods.join(", "),
          "access-control-allow-headers": allowHeaders,
          "access-control-max-age": "7200",
        });
        res.end();
        return;
      }
    }
    handler(req, res);
  };
}

function parseListen(listen) {
  const at = listen.lastIndexOf(":");
  if (at < 0) throw new Error(`MAILRUN_GATEWAY_LISTEN '${listen}' is not host:port`);
  return { host: listen.slice(0, at).replace(/^\[|\]$/g, ""), port: Number(listen.slice(at + 1)) };
}

// The caller's address: the socket's, or for HTTP/2 the one kept on the replaying stream.
function peerOf(req) {
  return req.socket?.remoteAddress ?? req.stream?.session?.socket?.remoteAddress ?? "";
}

// `web`: the web client's handler (static.mjs), or null to serve no web client.
// `links`: the mails' unsubscribe links' handler (unsubscribe.mjs), or null.
// `maxRequestBytes`: the largest request message, on the wire and again after inflating (gzip,
// br): a call over it is refused RESOURCE_EXHAUSTED before it is read whole or inflated any further
// (a Content-Length over it before any byte of the body is read; a gRPC or gRPC-Web envelope from
// its length prefix). Issue 46: a 189 KB gzip body inflated to 200 MB in the gateway.
export async function startGateway({ services, listen, origins = [], web = null, links = null, maxRequestBytes = 1024 * 1024 }) {
  const rpc = connectNodeAdapter({
    readMaxBytes: maxRequestBytes,
    // Connect JSON is strict (DESIGN.md): a field or enum name the API does not know is refused
    // INVALID_ARGUMENT naming it, never dropped (issue 46: "isPrivat" made a public table).
    jsonOptions: { ignoreUnknownFields: false },
    routes: (router) => {
      for (const { desc, impl } of services) router.service(desc, impl);
    },
    contextValues: (req) => createContextValues().set(peerAddress, peerOf(req)),
    fallback: async (req, res) => {
      if (links && await links(req, res)) return;
      if (req.url !== "/healthz" && web && await web(req, res)) return;
      res.writeHead(req.url === "/healthz" ? 200 : 404, { "content-type": "text/plain" });
      res.end(req.url === "/healthz" ? "ok\n" : "not found\n");
    },
  });
  const handler = withCors(rpc, origins);
  const h1 = http.createServer(handler);
  const h2 = http2.createServer(handler);
  const sockets = new Set();
  const listener = net.createServer((socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
    socket.once("data", (chunk) => {
      socket.pause();
      const head = chunk.subarray(0, Math.min(chunk.length, http2Preface.length));
      if (head.equals(http2Preface.subarray(0, head.length))) {
        h2.emit("connection", replaying(socket, chunk));
      } else {
        socket.unshift(chunk);
        h1.emit("connection", socket);
        socket.resume();
      }
    });
  });
  const { host, port } = parseListen(listen);
  await new Promise((resolve, reject) => {
    listener.once("error", reject);
    listener.listen(port, host, resolve);
  });
  const bound = listener.address();
  return {
    address: `${bound.address.includes(":") ? `[${bound.address}]` : bound.address}:${bound.port}`,
    close: () => new Promise((resolve) => {
      listener.close(() => resolve());
      h1.closeIdleConnections?.();
      for (const socket of sockets) socket.end();
      setTimeout(() => { for (const socket of sockets) socket.destroy(); resolve(); }, 5000).unref();
    }),
  };
}

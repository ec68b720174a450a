// A push service for Firefox on loopback (issue 42): Firefox reaches its push service by a
// WebSocket (the pref dom.push.serverURL) speaking Mozilla's push protocol, as autopush does:
//   hello      {messageType: "hello", uaid, use_webpush}        -> {messageType: "hello", uaid, status: 200, use_webpush: true}
//   register   {messageType: "register", channelID, key}         -> {messageType: "register", channelID, status: 200, pushEndpoint}
//   unregister {messageType: "unregister", channelID}            -> {messageType: "unregister", channelID, status: 200}
//   ping       {}                                                -> {}
//   ack        {messageType: "ack", updates: [{channelID, version, code}]}
// and the push endpoint it hands out takes RFC 8030 POSTs (the notification service's Web Push,
// with the VAPID key the subscription was made with: k= checked against the key Firefox registered,
// which it sends base64url with padding): each body (RFC 8291 aes128gcm,
// which only the browser can decrypt) goes to Firefox as {messageType: "notification", channelID,
// version, data (base64url), headers: {encoding: "aes128gcm"}} (a push without a body: no data);
// Firefox answers with an ack whose code says what became of it (100 delivered to the service
// worker, 101 not decrypted, 102 another error); 201 when Firefox is connected, else
// 410 (a real push service would hold it; the test needs to know). Everything it sees is kept for
// the test: GET /control/seen -> {hellos, registrations, pushes, acks}.
// Usage: startFirefoxPushService(require) with a require() that finds "ws" -> {url, wsUrl, seen, close}.
import crypto from "node:crypto";
import http from "node:http";

export async function startFirefoxPushService(require) {
  const { WebSocketServer } = require("ws");
  const seen = { hellos: [], registrations: [], pushes: [], acks: [], unregistrations: [] };
  const channels = new Map();  // channelID -> { key, socket }
  let socket = null;           // the browser's connection (one browser)
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const match = /^\/push\/([0-9a-f-]+)$/.exec(request.url ?? "");
      if (request.method === "GET" && request.url === "/control/seen") {
        response.writeHead(200, { "content-type": "application/json" });
        return response.end(JSON.stringify(seen));
      }
      if (request.method !== "POST" || !match) {
        response.writeHead(404);
        return response.end();
      }
      const channel = channels.get(match[1]);
      const body = Buffer.concat(chunks);
      const vapidKey = /k=([A-Za-z0-9_-]+)/.exec(request.headers.authorization ?? "")?.[1] ?? "";
      const record = { channelID: match[1], at: Date.now(), bytes: body.length, topic: request.headers.topic ?? "",
                       urgency: request.headers.urgency ?? "", ttl: request.headers.ttl ?? "",
                       encoding: request.headers["content-encoding"] ?? "" };
      seen.pushes.push(record);
      if (!channel) {
        record.status = 404;
      } else if (channel.key && !Buffer.from(vapidKey, "base64url").equals(Buffer.from(channel.key, "base64url"))) {
        record.status = 401;
        record.error = "k is not the key the subscription was made with";
      } else if (!channel.socket || channel.socket.readyState !== 1) {
        record.status = 410;
        record.error = "the browser is not connected";
      } else {
        record.version = crypto.randomUUID();
        const notification = { messageType: "notification", channelID: match[1], version: record.version };
        if (body.length > 0) Object.assign(notification, { data: body.toString("base64url"), headers: { encoding: record.encoding } });
        channel.socket.send(JSON.stringify(notification));
        record.status = 201;
      }
      response.writeHead(record.status, record.status === 201 ? { location: `/message/${record.version}` } : {});
      response.end();
    });
  });
  const wss = new WebSocketServer({ server });
  wss.on("connection", (ws) => {
    socket = ws;
    ws.on("message", (raw) => {
      let message;
      try {
        message = JSON.parse(String(raw));
      } catch {
        return;
      }
      const reply = (answer) => ws.send(JSON.stringify(answer));
      switch (message.messageType) {
        case "hello": {
          const uaid = message.uaid || crypto.randomUUID().replace(/-/g, "");
          seen.hellos.push({ uaid, channelIDs: message.channelIDs ?? [], at: Date.now() });
          for (const id of message.channelIDs ?? []) {
            const channel = channels.get(id);
            if (channel) channel.socket = ws;
          }
          return reply({ messageType: "hello", uaid, status: 200, use_webpush: true, broadcasts: {} });
        }
        case "register": {
          channels.set(message.channelID, { key: message.key ?? "", socket: ws });
          seen.registrations.push({ channelID: message.channelID, key: message.key ?? "", at: Date.now() });
          return reply({ messageType: "register", channelID: message.channelID, status: 200,
                         pushEndpoint: `${url}/push/${message.channelID}` });
        }
        case "unregister":
          channels.delete(message.channelID);
          seen.unregistrations.push({ channelID: message.channelID, at: Date.now() });
          return reply({ messageType: "unregister", channelID: message.channelID, status: 200 });
        case "ack":
          seen.acks.push(...(message.updates ?? []).map((u) => ({ ...u, at: Date.now() })));
          return undefined;
        default:
          if (!message.messageType) return reply({});  // a ping
          return undefined;
      }
    });
    ws.on("close", () => {
      if (socket === ws) socket = null;
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    wsUrl: `ws://127.0.0.1:${server.address().port}/`,
    seen,
    connected: () => socket !== null,
    close: () => new Promise((resolve) => {
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.close(() => resolve());
    }),
  };
}

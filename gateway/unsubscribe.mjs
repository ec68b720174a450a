// The mails' unsubscribe address, <public url>/unsubscribe/<token> (services/notification/
// email_message.h), answered here on the gateway's origin with no login: the token is the proof.
//   POST with the body "List-Unsubscribe=One-Click" (RFC 8058, as a mail program sends it from
//   the List-Unsubscribe-Post header; form-urlencoded or multipart/form-data): the notification
//   service's UnsubscribeEmail(token). 200 when done (again for an address already unsubscribed),
//   404 for a token that is nobody's (nothing changes), 400 for any other body.
//   GET or HEAD (the link followed by a person): 303 to the web client's page
//   /#/unsubscribe/<token>, which makes the same call and says it is done.
// The token is never logged.
const route = /^\/unsubscribe\/([A-Za-z0-9_-]{1,128})$/;
const maxBodyBytes = 4096;

function answer(res, status, text, headers = {}) {
  res.writeHead(status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...headers });
  res.end(`${text}\n`);
}

// The request's body as text, or null once it grows past `maxBodyBytes`.
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on("data", (chunk) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

// Whether `body` (of content type `type`) is RFC 8058's "List-Unsubscribe=One-Click".
export function isOneClick(type, body) {
  const mediaType = String(type ?? "").split(";")[0].trim().toLowerCase();
  if (mediaType === "multipart/form-data") {
    return /content-disposition:\s*form-data;\s*name="?List-Unsubscribe"?\s*\r?\n\r?\nOne-Click\r?\n/i.test(body);
  }
  return new URLSearchParams(body.trim()).get("List-Unsubscribe") === "One-Click";
}

// A handler (req, res) => true when it answered (the request was for /unsubscribe/<token>).
// `unsubscribe(token)` resolves when the service unsubscribed the address and rejects with the
// gRPC error otherwise (code 5, NOT_FOUND, for a token that is nobody's). `log` takes JSON fields.
export function unsubscribeLinks(unsubscribe, log = () => {}) {
  return async (req, res) => {
    const pathname = new URL(req.url, "http://gateway").pathname;
    const match = route.exec(pathname);
    if (!match) return false;
    const token = match[1];
    if (req.method === "GET" || req.method === "HEAD") {
      answer(res, 303, "See the web client's page", { location: `/#/unsubscribe/${token}` });
      return true;
    }
    if (req.method !== "POST") {
      answer(res, 405, "only POST (List-Unsubscribe=One-Click) or GET", { allow: "GET, HEAD, POST" });
      return true;
    }
    const body = await readBody(req);
    if (body === null || !isOneClick(req.headers["content-type"], body)) {
      answer(res, 400, "the body must be List-Unsubscribe=One-Click (RFC 8058)");
      log({ level: "warn", event: "gateway_one_click_unsubscribe", outcome: "bad_body" });
      return true;
    }
    try {
      await unsubscribe(token);
      answer(res, 200, "Unsubscribed: Mailrun will send you no more mail.");
      log({ level: "info", event: "gateway_one_click_unsubscribe", outcome: "unsubscribed" });
    } catch (err) {
      const unknown = err?.code === 5;
      answer(res, unknown ? 404 : 503, unknown ? "this unsubscribe link is not (or no longer) valid" : "try again later");
      log({ level: "warn", event: "gateway_one_click_unsubscribe", outcome: unknown ? "unknown_token" : "failed",
            code: err?.code });
    }
    return true;
  };
}

// Web Push deliveries (PLATFORM_WEB_PUSH devices): what one push request to a browser's push
// service carries. RFC 8030: POST to the subscription's endpoint with TTL, Urgency and, for a
// your-turn or reminder, a Topic per game (the push service keeps only the newest per topic, so a
// phone shows one per game); RFC 8291: the payload encrypted for the subscription (aes128gcm);
// RFC 8292: VAPID (Authorization: vapid t=<ES256 JWT for the endpoint's origin>, k=<public key>).
// The payload is the JSON the service worker reads (web/public/sw.js): event_id, kind, title,
// body, game_id and the url to open. The push sender (push_sender.h) sends and records it.
// Pure functions over an immutable configuration: thread-safe.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "services/notification/egress_http.h"
#include "services/notification/web_push_crypto.h"

namespace mailrun::notification {

struct WebPushOptions {
  // PEM files of VAPID private keys (P-256), each holding one key or several (newest first); the
  // first key signs new subscriptions, the others keep older subscriptions working through a
  // rotation. Empty: Web Push is off.
  std::vector<std::string> private_key_files;
  std::string subject = "mailto:operator@localhost";  // the operator's contact, in every JWT
  int ttl_seconds = 7 * 24 * 3600;  // how long a push service holds a push for an offline browser
  EgressRules egress;               // loopback allowed only in tests and `make run`
};

// The loaded keys (the files read once at start-up).
class WebPushKeys {
 public:
  // Throws std::invalid_argument naming the file that is missing or not a P-256 key.
  static WebPushKeys Load(const std::vector<std::string>& private_key_files);
  bool enabled() const { return !keys_.empty(); }
  // The current key's public half (GetWebPushKey), "" when off.
  std::string current_public_key() const { return keys_.empty() ? "" : keys_.front().public_key(); }
  // The key whose public half is `public_key`, or nullptr when it is no longer held.
  const VapidKey* Find(const std::string& public_key) const;

 private:
  std::vector<VapidKey> keys_;
};

// A subscription as stored (push_devices): the endpoint and the raw keys (base64url in the table).
struct WebPushTarget {
  std::string endpoint;
  std::string p256dh;  // base64url
  std::string auth;    // base64url
};

// Why a subscription cannot be registered (malformed endpoint or keys), or "".
std::string WebPushSubscriptionProblem(const std::string& endpoint, const std::string& p256dh, const std::string& auth);

// "https://host[:port]" of an endpoint: the JWT's audience.
std::string EndpointOrigin(const std::string& endpoint);

// The RFC 8030 Topic for a collapse key: 32 base64url characters (a hash, so the game id stays
// within the header's alphabet and length); "" for "".
std::string WebPushTopic(const std::string& collapse_key);

// "high" for what asks the player to act (your turn, reminder, invitation), "normal" otherwise.
std::string WebPushUrgency(const std::string& kind);

struct WebPushContent {
  std::string event_id;
  std::string kind;
  std::string title;
  std::string text;
  std::string game_id;       // "" when none
  std::string collapse_key;  // CollapseKey(): "turn-<game>" or ""
};

// The JSON the service worker gets (before encryption).
std::string WebPushPayload(const WebPushContent& content);

// The whole request; `now` dates the JWT (valid for 12 hours).
EgressRequest WebPushRequest(const WebPushContent& content, const WebPushTarget& target, const VapidKey& key,
                             const WebPushOptions& options, std::chrono::system_clock::time_point now,
                             std::chrono::milliseconds timeout);

}  // namespace mailrun::notification

#include "services/notification/web_push.h"

#include <nlohmann/json.hpp>
#include <openssl/sha.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

namespace mailrun::notification {

WebPushKeys WebPushKeys::Load(const std::vector<std::string>& private_key_files) {
  WebPushKeys keys;
  for (const auto& file : private_key_files) {
    if (file.empty()) continue;
    std::ifstream in(file);
    if (!in) throw std::invalid_argument("cannot read the VAPID key file '" + file + "'");
    std::stringstream text;
    text << in.rdbuf();
    // One or more PEM blocks, newest first (a rotation puts the new key at the top).
    const std::string pem = text.str();
    size_t start = pem.find("-----BEGIN");
    if (start == std::string::npos) throw std::invalid_argument("VAPID key file '" + file + "' holds no PEM key");
    while (start != std::string::npos) {
      const size_t next = pem.find("-----BEGIN", pem.find("-----END", start));
      try {
        keys.keys_.push_back(VapidKey::FromPem(pem.substr(start, next == std::string::npos ? std::string::npos : next - start)));
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("VAPID key file '" + file + "': " + e.what());
      }
      start = next;
    }
  }
  return keys;
}

const VapidKey* WebPushKeys::Find(const std::string& public_key) const {
  for (const auto& key : keys_) {
    if (key.public_key() == public_key) return &key;
  }
  return nullptr;
}

std::string WebPushSubscriptionProblem(const std::string& endpoint, const std::string& p256dh, const std::string& auth) {
  if (endpoint.rfind("https://", 0) != 0 && endpoint.rfind("http://", 0) != 0) {
    return "web_push.endpoint must be the subscription's https:// URL";
  }
  if (endpoint.size() > 2048) return "web_push.endpoint may be at most 2048 characters";
  if (endpoint.find_first_of(" \t\r\n") != std::string::npos) return "web_push.endpoint must not contain spaces";
  const auto key = Base64UrlDecode(p256dh);
  if (!key || key->size() != 65 || (*key)[0] != '\x04') {
    return "web_push.p256dh must be the base64url of an uncompressed P-256 point (65 bytes)";
  }
  const auto secret = Base64UrlDecode(auth);
  if (!secret || secret->size() != 16) return "web_push.auth must be the base64url of 16 bytes";
  return "";
}

std::string EndpointOrigin(const std::string& endpoint) {
  const size_t scheme_end = endpoint.find("://");
  if (scheme_end == std::string::npos) return endpoint;
  const size_t path = endpoint.find_first_of("/?#", scheme_end + 3);
  return endpoint.substr(0, path);
}

std::string WebPushTopic(const std::string& collapse_key) {
  if (collapse_key.empty()) return "";
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(collapse_key.data()), collapse_key.size(), digest);
  return Base64UrlEncode(std::string(reinterpret_cast<const char*>(digest), 24));  // 24 bytes: 32 characters
}

std::string WebPushUrgency(const std::string& kind) {
  return kind == "your_turn" || kind == "reminder" || kind == "invitation_received" ? "high" : "normal";
}

std::string WebPushPayload(const WebPushContent& content) {
  nlohmann::json payload = {{"event_id", content.event_id}, {"kind", content.kind}, {"title", content.title},
                            {"body", content.text}};
  if (!content.game_id.empty()) {
    payload["game_id"] = content.game_id;
    payload["url"] = "/#/game/" + content.game_id;  // the client loads the game's current version
  } else {
    payload["url"] = "/";
  }
  if (!content.collapse_key.empty()) payload["tag"] = content.collapse_key;  // one notification per game
  return payload.dump();
}

EgressRequest WebPushRequest(const WebPushContent& content, const WebPushTarget& target, const VapidKey& key,
                             const WebPushOptions& options, std::chrono::system_clock::time_point now,
                             std::chrono::milliseconds timeout) {
  const auto p256dh = Base64UrlDecode(target.p256dh);
  const auto auth = Base64UrlDecode(target.auth);
  if (!p256dh || !auth) throw std::invalid_argument("the stored subscription keys are not base64url");
  EgressRequest request;
  request.url = target.endpoint;
  request.body = EncryptWebPush(WebPushPayload(content), *p256dh, *auth);
  request.timeout = timeout;
  const int64_t expires = std::chrono::duration_cast<std::chrono::seconds>(now.time_since_epoch()).count() + 12 * 3600;
  request.headers = {"Content-Type: application/octet-stream", "Content-Encoding: aes128gcm",
                     "TTL: " + std::to_string(options.ttl_seconds), "Urgency: " + WebPushUrgency(content.kind),
                     "Authorization: " + key.Authorization(EndpointOrigin(target.endpoint), options.subject, expires)};
  if (const std::string topic = WebPushTopic(content.collapse_key); !topic.empty()) request.headers.push_back("Topic: " + topic);
  return request;
}

}  // namespace mailrun::notification

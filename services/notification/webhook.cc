#include "services/notification/webhook.h"

#include <nlohmann/json.hpp>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "services/notification/web_push_crypto.h"

namespace mailrun::notification {

std::string UrlHost(const std::string& url) {
  const size_t start = url.find("://");
  if (start == std::string::npos) return "";
  std::string authority = url.substr(start + 3, url.find_first_of("/?#", start + 3) - start - 3);
  if (const size_t at = authority.rfind('@'); at != std::string::npos) authority.erase(0, at + 1);
  const size_t port = authority.rfind(':');
  if (port != std::string::npos && authority.find(']', port) == std::string::npos) authority.erase(port);
  std::transform(authority.begin(), authority.end(), authority.begin(), [](unsigned char c) { return std::tolower(c); });
  return authority;
}

WebhookShape WebhookShapeOf(const std::string& url) {
  const std::string host = UrlHost(url);
  if (host == "discord.com" || host == "discordapp.com" || host == "ptb.discord.com" || host == "canary.discord.com") {
    return WebhookShape::kDiscord;
  }
  if (host == "hooks.slack.com") return WebhookShape::kSlack;
  return WebhookShape::kPlain;
}

std::string WebhookBody(WebhookShape shape, const WebhookContent& content) {
  const std::string line = content.title + ": " + content.text;
  switch (shape) {
    case WebhookShape::kDiscord: {
      // Discord: plain content, no pings (allowed_mentions empty), the link on its own line.
      std::string text = "**" + content.title + "**: " + content.text;
      if (!content.game_url.empty()) text += "\n" + content.game_url;
      return nlohmann::json{{"content", text}, {"allowed_mentions", {{"parse", nlohmann::json::array()}}}}.dump();
    }
    case WebhookShape::kSlack: {
      std::string text = "*" + content.title + "*: " + content.text;
      if (!content.game_url.empty()) text += "\n<" + content.game_url + "|Open the game>";
      return nlohmann::json{{"text", text}}.dump();
    }
    case WebhookShape::kPlain:
      break;
  }
  nlohmann::json body = {{"event_id", content.event_id}, {"kind", content.kind}, {"title", content.title},
                         {"text", content.text}};
  if (!content.game_id.empty()) body["game_id"] = content.game_id;
  if (!content.game_url.empty()) body["url"] = content.game_url;
  return body.dump();
}

std::string WebhookSignature(const std::string& secret, int64_t timestamp, const std::string& body) {
  const std::string signed_text = std::to_string(timestamp) + "." + body;
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  if (HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()),
           reinterpret_cast<const unsigned char*>(signed_text.data()), signed_text.size(), mac, &size) == nullptr) {
    throw std::runtime_error("webhook: HMAC-SHA-256 failed");
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex = "v1=";
  for (unsigned int i = 0; i < size; ++i) {
    hex.push_back(kHex[mac[i] >> 4]);
    hex.push_back(kHex[mac[i] & 15]);
  }
  return hex;
}

std::string NewWebhookSecret() {
  unsigned char bytes[32];
  if (RAND_bytes(bytes, sizeof bytes) != 1) throw std::runtime_error("webhook: no random bytes for a secret");
  return Base64UrlEncode(std::string(reinterpret_cast<const char*>(bytes), sizeof bytes));
}

EgressRequest WebhookRequest(const std::string& url, const std::string& secret, const WebhookContent& content,
                             int64_t now_unix_s, std::chrono::milliseconds timeout) {
  EgressRequest request;
  request.url = url;
  request.body = WebhookBody(WebhookShapeOf(url), content);
  request.timeout = timeout;
  request.headers = {"Content-Type: application/json", "User-Agent: Mailrun-Webhook/1",
                     "X-Mailrun-Event: " + content.event_id, "X-Mailrun-Timestamp: " + std::to_string(now_unix_s),
                     "X-Mailrun-Signature: " + WebhookSignature(secret, now_unix_s, request.body)};
  return request;
}

}  // namespace mailrun::notification

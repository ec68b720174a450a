// Webhook deliveries (PLATFORM_WEBHOOK devices, issue 42): one JSON POST to the player's webhook
// URL per notification, in the shape its host accepts: Discord ({"content"}) for discord.com and
// discordapp.com webhooks, Slack ({"text"}) for hooks.slack.com, and a plain JSON object
// otherwise (event_id, kind, title, text, game_id, url). Signed: X-Mailrun-Timestamp (Unix
// seconds) and X-Mailrun-Signature "v1=<hex HMAC-SHA-256 of '<timestamp>.<body>' with the
// device's secret>", so a receiver can check the sender and refuse replays (an old timestamp).
// Sent through EgressPost (egress_http.h): https only, no redirects, a short timeout, no private
// addresses. Pure functions: thread-safe.
#pragma once

#include <chrono>
#include <string>

#include "services/notification/egress_http.h"

namespace mailrun::notification {

enum class WebhookShape { kPlain, kDiscord, kSlack };
WebhookShape WebhookShapeOf(const std::string& url);

// The host of an http(s) URL, lower-case, without user info, port or path ("" when it has none):
// what a device list may show of a webhook or a push endpoint (the rest of the URL can be a secret).
std::string UrlHost(const std::string& url);

struct WebhookContent {
  std::string event_id;
  std::string kind;
  std::string title;
  std::string text;
  std::string game_id;   // "" when none
  std::string game_url;  // the game's page in the web client, "" when none
};

std::string WebhookBody(WebhookShape shape, const WebhookContent& content);
// "v1=" + hex(HMAC-SHA-256(secret, timestamp + "." + body)).
std::string WebhookSignature(const std::string& secret, int64_t timestamp, const std::string& body);
// A new secret for a device (base64url of 32 random bytes).
std::string NewWebhookSecret();

EgressRequest WebhookRequest(const std::string& url, const std::string& secret, const WebhookContent& content,
                             int64_t now_unix_s, std::chrono::milliseconds timeout);

}  // namespace mailrun::notification

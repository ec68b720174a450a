// Webhook bodies in the shapes Discord, Slack and plain JSON receivers accept, and the signature
// over "<timestamp>.<body>" (issue 42).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "services/notification/webhook.h"

namespace mailrun::notification {
namespace {

const WebhookContent kTurn{"e1", "your_turn", "Your turn", "Railway Round 1.1: lay track", "g1",
                           "https://mailrun.test/#/game/g1"};

TEST(WebhookBody, DiscordSlackAndPlainShapesByHost) {
  EXPECT_EQ(WebhookShapeOf("https://discord.com/api/webhooks/1/abc"), WebhookShape::kDiscord);
  EXPECT_EQ(WebhookShapeOf("https://discordapp.com/api/webhooks/1/abc"), WebhookShape::kDiscord);
  EXPECT_EQ(WebhookShapeOf("https://hooks.slack.com/services/T/B/x"), WebhookShape::kSlack);
  EXPECT_EQ(WebhookShapeOf("https://discord.com.evil.example/x"), WebhookShape::kPlain);
  EXPECT_EQ(WebhookShapeOf("https://example.net/hook"), WebhookShape::kPlain);

  const auto discord = nlohmann::json::parse(WebhookBody(WebhookShape::kDiscord, kTurn));
  EXPECT_EQ(discord.at("content"), "**Your turn**: Railway Round 1.1: lay track\nhttps://mailrun.test/#/game/g1");
  EXPECT_EQ(discord.at("allowed_mentions").at("parse"), nlohmann::json::array()) << "no @everyone from a game text";
  const auto slack = nlohmann::json::parse(WebhookBody(WebhookShape::kSlack, kTurn));
  EXPECT_EQ(slack.at("text"), "*Your turn*: Railway Round 1.1: lay track\n<https://mailrun.test/#/game/g1|Open the game>");
  const auto plain = nlohmann::json::parse(WebhookBody(WebhookShape::kPlain, kTurn));
  EXPECT_EQ(plain.at("event_id"), "e1");
  EXPECT_EQ(plain.at("game_id"), "g1");
  EXPECT_EQ(plain.at("url"), "https://mailrun.test/#/game/g1");
}

TEST(WebhookSignature, IsHmacSha256OfTimestampDotBody) {
  // Computed independently: printf '0.x' | openssl dgst -sha256 -hmac Jefe
  EXPECT_EQ(WebhookSignature("Jefe", 0, "x"), "v1=6d15f8f565f81ca17757f8569ccb192a1f1e1b2695979a6115221439a5eb67cb");
  const std::string a = WebhookSignature("secret", 1700000000, "{}");
  EXPECT_EQ(a.size(), 3u + 64u);
  EXPECT_NE(a, WebhookSignature("secret", 1700000001, "{}")) << "the timestamp is signed";
  EXPECT_NE(a, WebhookSignature("other", 1700000000, "{}"));
  const auto request = WebhookRequest("https://example.net/hook", "secret", kTurn, 1700000000, std::chrono::seconds(5));
  bool signed_header = false;
  for (const auto& header : request.headers) {
    if (header == "X-Mailrun-Signature: " + WebhookSignature("secret", 1700000000, request.body)) signed_header = true;
  }
  EXPECT_TRUE(signed_header);
  EXPECT_NE(NewWebhookSecret(), NewWebhookSecret());
}

}  // namespace
}  // namespace mailrun::notification

// The push sender's pure parts: endpoint parsing, which answers are retried, the JSON body.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "services/notification/push_sender.h"

namespace mailrun::notification {
namespace {

TEST(PushResponse, TwoHundredsDeliverRetryableFailuresRetryOtherClientErrorsArePermanent) {
  for (int status : {200, 201, 202, 204}) EXPECT_EQ(ClassifyPushResponse(status), PushOutcome::kDelivered) << status;
  for (int status : {0, 408, 429, 500, 502, 503, 504}) EXPECT_EQ(ClassifyPushResponse(status), PushOutcome::kRetry) << status;
  for (int status : {301, 400, 401, 403, 404, 410, 413}) {
    EXPECT_EQ(ClassifyPushResponse(status), PushOutcome::kPermanent) << status;
  }
}

TEST(PushEndpoint, SplitsOriginAndPath) {
  const auto with_path = ParsePushEndpoint("http://127.0.0.1:8080/v1/push");
  EXPECT_EQ(with_path.origin, "http://127.0.0.1:8080");
  EXPECT_EQ(with_path.path, "/v1/push");
  const auto bare = ParsePushEndpoint("https://gateway.example");
  EXPECT_EQ(bare.origin, "https://gateway.example");
  EXPECT_EQ(bare.path, "/");
}

TEST(PushEndpoint, RefusesWhatIsNotAnHttpUrl) {
  EXPECT_THROW(ParsePushEndpoint("gateway:8080/push"), std::invalid_argument);
  EXPECT_THROW(ParsePushEndpoint("ftp://gateway/push"), std::invalid_argument);
  EXPECT_THROW(ParsePushEndpoint("http:///push"), std::invalid_argument);
}

// Gorush's POST /api/push body (github.com/appleboy/gorush: "notifications", each with
// "tokens", "platform" 1 = iOS / 2 = Android, "title", "message", "badge", "collapse_id" for
// APNs, "collapse_key" for FCM, "topic", "data").
TEST(PushBody, IsOneGorushNotificationForOneToken) {
  PushMessage message;
  message.delivery_id = 42;
  message.event_id = "e1";
  message.kind = "your_turn";
  message.platform = "apns";
  message.device_token = "tok";
  message.title = "Your turn";
  message.text = "Railway Round 2.1: lay track";
  message.game_id = "g1";
  message.badge = 3;
  message.apns_topic = "app.mailrun.ios";
  const auto body = nlohmann::json::parse(PushBody(message));
  ASSERT_EQ(body.size(), 1u);
  ASSERT_EQ(body.at("notifications").size(), 1u);
  const auto n = body.at("notifications").at(0);
  EXPECT_EQ(n.at("notif_id"), "e1/42");
  EXPECT_EQ(n.at("tokens"), nlohmann::json::array({"tok"}));
  EXPECT_EQ(n.at("platform"), 1);
  EXPECT_EQ(n.at("title"), "Your turn");
  EXPECT_EQ(n.at("message"), "Railway Round 2.1: lay track");
  EXPECT_EQ(n.at("alert"), (nlohmann::json{{"title", "Your turn"}, {"body", "Railway Round 2.1: lay track"}}));
  EXPECT_EQ(n.at("badge"), 3);
  EXPECT_EQ(n.at("topic"), "app.mailrun.ios");
  EXPECT_EQ(n.at("collapse_id"), "turn-g1");
  EXPECT_EQ(n.at("collapse_key"), "turn-g1");
  EXPECT_EQ(n.at("android").at("collapse_key"), "turn-g1");
  EXPECT_EQ(n.at("thread-id"), "g1");
  EXPECT_EQ(n.at("data"), (nlohmann::json{{"event_id", "e1"}, {"kind", "your_turn"}, {"game_id", "g1"}}));

  // Android: no APNs alert or topic; a reminder collapses with the game's "your turn".
  message.platform = "fcm";
  message.kind = "reminder";
  const auto android = nlohmann::json::parse(PushBody(message)).at("notifications").at(0);
  EXPECT_EQ(android.at("platform"), 2);
  EXPECT_FALSE(android.contains("alert"));
  EXPECT_FALSE(android.contains("topic"));
  EXPECT_EQ(android.at("collapse_key"), "turn-g1");

  // A finished game does not replace the last "your turn"; an event without a game has no thread.
  message.kind = "game_finished";
  const auto finished = nlohmann::json::parse(PushBody(message)).at("notifications").at(0);
  EXPECT_FALSE(finished.contains("collapse_id"));
  EXPECT_FALSE(finished.contains("collapse_key"));
  EXPECT_EQ(finished.at("thread-id"), "g1");
  message.kind = "invitation_received";
  message.game_id.clear();
  const auto invitation = nlohmann::json::parse(PushBody(message)).at("notifications").at(0);
  EXPECT_FALSE(invitation.contains("thread-id"));
  EXPECT_FALSE(invitation.at("data").contains("game_id"));
}

TEST(PushBody, WebhookDevicesHaveNoGorushPlatform) {
  EXPECT_EQ(GorushPlatform("apns"), 1);
  EXPECT_EQ(GorushPlatform("fcm"), 2);
  EXPECT_EQ(GorushPlatform("webhook"), 0);
}

TEST(GorushAnswer, AFailedPushLoggedInSyncModeIsAFailure) {
  EXPECT_EQ(GorushFailure(R"({"counts":1,"logs":[],"success":"ok"})"), "");
  EXPECT_EQ(GorushFailure(""), "");
  EXPECT_EQ(GorushFailure("not json"), "");
  EXPECT_EQ(GorushFailure(R"({"counts":1,"logs":[{"type":"failed-push","platform":"android","token":"*","error":"InvalidRegistration"}]})"),
            "gateway: InvalidRegistration");
}

}  // namespace
}  // namespace mailrun::notification

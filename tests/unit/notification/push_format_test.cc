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

TEST(PushBody, CarriesWhatTheGatewayNeeds) {
  PushMessage message;
  message.delivery_id = 42;
  message.event_id = "e1";
  message.kind = "your_turn";
  message.user_id = "alice";
  message.platform = "apns";
  message.device_token = "tok";
  message.title = "Your turn";
  message.text = "Railway Round 2.1: lay track";
  message.game_id = "g1";
  const auto body = nlohmann::json::parse(PushBody(message));
  EXPECT_EQ(body.at("delivery_id"), 42);
  EXPECT_EQ(body.at("event_id"), "e1");
  EXPECT_EQ(body.at("kind"), "your_turn");
  EXPECT_EQ(body.at("user_id"), "alice");
  EXPECT_EQ(body.at("platform"), "apns");
  EXPECT_EQ(body.at("device_token"), "tok");
  EXPECT_EQ(body.at("title"), "Your turn");
  EXPECT_EQ(body.at("text"), "Railway Round 2.1: lay track");
  EXPECT_EQ(body.at("game_id"), "g1");
  message.game_id.clear();
  EXPECT_FALSE(nlohmann::json::parse(PushBody(message)).contains("game_id"));
}

}  // namespace
}  // namespace mailrun::notification

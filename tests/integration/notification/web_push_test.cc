// Issue 42, Web Push: the push sender delivers to a browser's push service by the Web Push
// protocol, checked by a stand-in push service (tools/standins/push_service.mjs) that verifies
// each VAPID JWT with jose and decrypts each payload with http_ece using the subscription's own
// private key: your-turn delivered (TTL, Urgency, Topic per game), 404/410 remove the
// subscription, 413 is permanent, 429 waits for Retry-After, 5xx is retried, nothing doubled;
// the VAPID key is served by GetWebPushKey; a subscription on a loopback address is refused
// unless the operator allows loopback.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "services/notification/web_push.h"
#include "tests/integration/notification/notification_harness.h"
#include "tests/integration/notification/push_service_standin.h"
#include "tests/testing/servers.h"

namespace mailrun::notification::testing {
namespace {

using mailrun::testing::RedisUrl;

class WebPush : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    try {
      standin_ = new PushServiceStandin(MAILRUN_STANDINS_DIR);
    } catch (const std::exception& e) {
      setup_error_ = e.what();  // each test fails with it (a throw here would only skip them)
    }
  }
  static void TearDownTestSuite() {
    delete standin_;
    standin_ = nullptr;
  }

  void SetUp() override { ASSERT_NE(standin_, nullptr) << setup_error_; }

  void StartService(bool web_push = true, bool allow_loopback = true, Clock clock = SystemClock()) {
    db_ = MigratedDatabase("notify_webpush");
    auto options = TestOptions(db_, RedisUrl());
    if (web_push) options.push.web_push.private_key_files = {TestVapidKeyFile()};
    options.push.web_push.subject = "mailto:operator@mailrun.test";
    options.push.web_push.egress.allow_loopback = allow_loopback;
    // The stand-in is a node process on a loaded test machine: a slow answer must not count as a
    // failed attempt (the tests count attempts).
    options.push.request_timeout = std::chrono::seconds(30);
    options.push.max_attempts = 5;
    options.clock = std::move(clock);
    notify_ = std::make_unique<InProcessNotify>(options);
    ASSERT_TRUE(notify_->WaitSubscribed());
    relay_ = StartRelay(db_, RedisUrl());
    stub_ = notify_->Stub();
  }

  std::string VapidKey() {
    mailrun::v1::GetWebPushKeyResponse response;
    const auto status = stub_->GetWebPushKey(ContextWith(AccessToken("alice")).get(), {}, &response);
    EXPECT_TRUE(status.ok()) << status.error_message();
    return response.vapid_public_key();
  }

  grpc::Status Register(const std::string& user, const mailrun::v1::WebPushSubscription& subscription,
                        std::string* device_id = nullptr, const std::string& push_token = "") {
    mailrun::v1::RegisterDeviceRequest request;
    request.set_request_id(service::RandomId());
    request.set_platform(mailrun::v1::PLATFORM_WEB_PUSH);
    request.set_push_token(push_token);
    *request.mutable_web_push() = subscription;
    mailrun::v1::RegisterDeviceResponse response;
    const auto status = stub_->RegisterDevice(ContextWith(AccessToken(user)).get(), request, &response);
    if (device_id) *device_id = response.device_id();
    return status;
  }

  // What the stand-in received for one subscription (endpoint ends with its id).
  std::vector<nlohmann::json> ReceivedBy(const mailrun::v1::WebPushSubscription& subscription) {
    const std::string id = subscription.endpoint().substr(subscription.endpoint().rfind('/') + 1);
    std::vector<nlohmann::json> mine;
    for (const auto& record : standin_->Received()) {
      if (record.at("subscription") == id) mine.push_back(record);
    }
    return mine;
  }

  int64_t Count(const std::string& sql) { return QueryInt(db_, sql); }

  static PushServiceStandin* standin_;
  static std::string setup_error_;
  std::string db_;
  std::unique_ptr<InProcessNotify> notify_;
  std::unique_ptr<service::OutboxRelay> relay_;
  std::unique_ptr<mailrun::v1::NotificationService::Stub> stub_;
};
PushServiceStandin* WebPush::standin_ = nullptr;
std::string WebPush::setup_error_;

TEST_F(WebPush, AYourTurnArrivesEncryptedAndVapidSignedWithTtlUrgencyAndATopicPerGame) {
  StartService();
  const std::string key = VapidKey();
  ASSERT_EQ(Base64UrlDecode(key).value_or("").size(), 65u) << key;
  const auto subscription = standin_->Subscribe(key);
  std::string device;
  ASSERT_TRUE(Register("alice", subscription, &device).ok());
  EXPECT_FALSE(device.empty());
  AppendToOutbox(db_, YourTurn("wp-turn-1", "alice", "game-1", 1));
  AppendToOutbox(db_, YourTurn("wp-turn-2", "alice", "game-1", 2));
  AppendToOutbox(db_, YourTurn("wp-turn-3", "alice", "game-2", 1));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM push_deliveries WHERE status = 'delivered'") == 3; }));
  const auto received = ReceivedBy(subscription);
  ASSERT_EQ(received.size(), 3u);
  std::map<std::string, std::string> topics;
  for (const auto& record : received) {
    ASSERT_EQ(record.at("status"), 201) << record.dump();
    const auto& payload = record.at("payload");
    const std::string event_id = payload.at("event_id");
    EXPECT_EQ(payload.at("kind"), "your_turn");
    EXPECT_EQ(payload.at("title"), "Your turn");
    EXPECT_FALSE(payload.at("body").get<std::string>().empty());
    const std::string game = event_id == "wp-turn-3" ? "game-2" : "game-1";
    EXPECT_EQ(payload.at("game_id"), game);
    EXPECT_EQ(payload.at("url"), "/#/game/" + game);
    EXPECT_EQ(record.at("urgency"), "high");
    EXPECT_EQ(record.at("ttl"), "604800");
    EXPECT_EQ(record.at("jwt").at("aud"), standin_->origin());
    EXPECT_EQ(record.at("jwt").at("sub"), "mailto:operator@mailrun.test");
    EXPECT_EQ(record.dump().find("alice"), std::string::npos) << "the user id is not the push service's business";
    topics[event_id] = record.at("topic");
  }
  EXPECT_EQ(topics["wp-turn-1"], topics["wp-turn-2"]) << "one notification per game: a newer turn replaces the older";
  EXPECT_NE(topics["wp-turn-1"], topics["wp-turn-3"]);
  EXPECT_EQ(topics["wp-turn-1"].size(), 32u);
}

TEST_F(WebPush, A410RemovesTheSubscriptionAndNothingMoreIsSentToIt) {
  StartService();
  const auto gone = standin_->Subscribe(VapidKey(), {410});
  ASSERT_TRUE(Register("alice", gone).ok());
  AppendToOutbox(db_, YourTurn("wp-gone-1", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM push_deliveries WHERE status = 'rejected'") == 1; }));
  EXPECT_EQ(Count("SELECT count(*) FROM push_devices"), 0) << "the subscription is removed";
  EXPECT_EQ(Count("SELECT count(*) FROM push_attempts WHERE http_status = 410 AND outcome = 'rejected'"), 1);
  AppendToOutbox(db_, YourTurn("wp-gone-2", "alice", "game-1", 2));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM notification_events") == 2; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(Count("SELECT count(*) FROM push_deliveries"), 1);
  EXPECT_EQ(ReceivedBy(gone).size(), 1u);
}

TEST_F(WebPush, A404RemovesTheSubscriptionA413IsPermanentA503IsRetriedOnce) {
  StartService();
  const std::string key = VapidKey();
  const auto missing = standin_->Subscribe(key, {404});
  const auto too_large = standin_->Subscribe(key, {413});
  const auto flaky = standin_->Subscribe(key, {503, 503, 201});
  ASSERT_TRUE(Register("alice", missing).ok());
  ASSERT_TRUE(Register("alice", too_large).ok());
  ASSERT_TRUE(Register("alice", flaky).ok());
  AppendToOutbox(db_, YourTurn("wp-mixed-1", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] {
    return Count("SELECT count(*) FROM push_deliveries WHERE status = 'pending'") == 0 &&
           Count("SELECT count(*) FROM push_deliveries") == 3;
  }));
  EXPECT_EQ(ReceivedBy(missing).size(), 1u);
  EXPECT_EQ(ReceivedBy(too_large).size(), 1u) << "no retry after a 413";
  const auto flaky_received = ReceivedBy(flaky);
  ASSERT_EQ(flaky_received.size(), 3u);
  EXPECT_EQ(flaky_received.back().at("status"), 201);
  EXPECT_EQ(Count("SELECT count(*) FROM push_deliveries WHERE status = 'delivered'"), 1);
  EXPECT_EQ(Count("SELECT count(*) FROM push_deliveries WHERE status = 'rejected'"), 2);
  EXPECT_EQ(Count("SELECT count(*) FROM push_devices"), 2) << "404 removed its subscription, 413 did not";
}

TEST_F(WebPush, A429IsRetriedNoSoonerThanItsRetryAfterAndDeliveredOnce) {
  FakeClock clock(NowMs());
  StartService(true, true, clock.clock());
  const auto busy = standin_->Subscribe(VapidKey(), {429, 201}, 120);
  ASSERT_TRUE(Register("alice", busy).ok());
  AppendToOutbox(db_, YourTurn("wp-busy-1", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return ReceivedBy(busy).size() == 1; }));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT attempts FROM push_deliveries") == 1; }));
  EXPECT_GE(Count("SELECT (extract(epoch FROM next_attempt_at) * 1000)::bigint FROM push_deliveries"),
            clock.ms() + 120'000) << "Retry-After: 120 is kept over the 20 ms back-off";
  clock.Set(clock.ms() + 60'000);
  notify_->app().push().Wake();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(ReceivedBy(busy).size(), 1u);
  clock.Set(clock.ms() + 61'000);
  notify_->app().push().Wake();
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM push_deliveries WHERE status = 'delivered'") == 1; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(ReceivedBy(busy).size(), 2u);
}

TEST_F(WebPush, ASubscriptionOnALoopbackAddressIsRefusedUnlessTheOperatorAllowsIt) {
  StartService(true, false);
  const auto local = standin_->Subscribe(VapidKey());
  ASSERT_TRUE(Register("alice", local).ok());
  AppendToOutbox(db_, YourTurn("wp-local-1", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM push_deliveries WHERE status = 'rejected'") == 1; }));
  EXPECT_EQ(Count("SELECT count(*) FROM push_deliveries WHERE last_error LIKE 'refused by the egress rules%'"), 1);
  EXPECT_EQ(ReceivedBy(local).size(), 0u) << "nothing was sent";
}

TEST_F(WebPush, RegisteringNamesWhatIsWrongAndNeedsAVapidKey) {
  StartService();
  auto subscription = standin_->Subscribe(VapidKey());
  auto bad = subscription;
  bad.set_p256dh("AAAA");
  auto status = Register("alice", bad);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(status.error_message().find("web_push.p256dh"), std::string::npos) << status.error_message();
  status = Register("alice", subscription, nullptr, "a-token");
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Count("SELECT count(*) FROM push_devices"), 0);

  StartService(false);
  EXPECT_EQ(VapidKey(), "") << "no VAPID key configured";
  status = Register("alice", subscription);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION);
}

}  // namespace
}  // namespace mailrun::notification::testing

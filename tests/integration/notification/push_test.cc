// Acceptance 4 and the rest of push: the push sender, pointed at a local HTTP sink, delivers
// every push once despite failing first attempts, gives up cleanly on a permanent error, never
// pushes an event twice to a device, keeps quiet hours and muted kinds, and loses nothing across
// a restart. The sink is a recording HTTP server standing in for the Gorush gateway (Gorush is
// in neither Debian nor npm); each request body is checked against Gorush's POST /api/push
// format field by field (issue 22).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "services/common/outbox.h"
#include "services/common/redis.h"
#include "tests/integration/notification/notification_harness.h"
#include "tests/testing/servers.h"

namespace mailrun::notification::testing {
namespace {

using mailrun::testing::RedisUrl;

// The one Gorush notification a push request carries.
nlohmann::json NotificationOf(const std::string& body) {
  const auto request = nlohmann::json::parse(body);
  EXPECT_EQ(request.at("notifications").size(), 1u) << body;
  return request.at("notifications").at(0);
}

std::string EventIdOf(const std::string& body) { return NotificationOf(body).at("data").at("event_id"); }

class Push : public ::testing::Test {
 protected:
  // Starts the service with pushes going to `endpoint`.
  void StartService(const std::string& endpoint, int max_attempts = 8, Clock clock = SystemClock()) {
    db_ = db_.empty() ? MigratedDatabase("notify_push") : db_;
    auto options = TestOptions(db_, RedisUrl());
    options.push.endpoint = endpoint;
    options.push.max_attempts = max_attempts;
    options.clock = std::move(clock);
    notify_ = std::make_unique<InProcessNotify>(options);
    ASSERT_TRUE(notify_->WaitSubscribed());
    relay_ = StartRelay(db_, RedisUrl());
    stub_ = notify_->Stub();
  }
  int64_t Count(const std::string& sql) { return QueryInt(db_, sql); }

  std::string db_;
  std::unique_ptr<InProcessNotify> notify_;
  std::unique_ptr<service::OutboxRelay> relay_;
  std::unique_ptr<mailrun::v1::NotificationService::Stub> stub_;
};

TEST_F(Push, SinkFailingTheFirstAttemptsWith503GetsEveryPushExactlyOnce) {
  PushSink sink([](int attempt) { return attempt <= 3 ? 503 : 200; });
  StartService(sink.url());
  const std::string phone = RegisterDevice(*stub_, "alice", mailrun::v1::PLATFORM_APNS, "apns-token-alice");
  const std::string tablet = RegisterDevice(*stub_, "alice", mailrun::v1::PLATFORM_FCM, "fcm-token-alice");
  constexpr int kEvents = 5;
  for (int i = 1; i <= kEvents; ++i) AppendToOutbox(db_, YourTurn("push-" + std::to_string(i), "alice", "game-1", i));

  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM push_deliveries WHERE status = 'delivered'") == 10; },
                         std::chrono::seconds(20)));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto requests = sink.requests();
  EXPECT_EQ(sink.delivered(), 10u) << "each (event, device) delivered exactly once";
  EXPECT_EQ(requests.size(), 40u) << "three 503s, then the 200, per delivery";
  EXPECT_EQ(Count("SELECT count(*) FROM push_attempts"), 40);
  EXPECT_EQ(Count("SELECT count(*) FROM push_attempts WHERE outcome = 'retry' AND http_status = 503"), 30);
  std::set<std::string> tokens;
  for (const auto& request : requests) {
    if (request.status != 200) continue;
    const auto n = NotificationOf(request.body);
    ASSERT_EQ(n.at("tokens").size(), 1u);
    const std::string token = n.at("tokens").at(0);
    const int platform = n.at("platform");
    EXPECT_EQ(platform, token == "apns-token-alice" ? 1 : 2) << "Gorush: 1 = iOS (APNs), 2 = Android (FCM)";
    tokens.insert(std::to_string(platform) + ":" + token);
    EXPECT_EQ(n.at("title"), "Your turn");
    EXPECT_FALSE(n.at("message").get<std::string>().empty());
    const std::string event_id = n.at("data").at("event_id");
    EXPECT_EQ(n.at("data").at("kind"), "your_turn");
    EXPECT_EQ(n.at("data").at("game_id"), "game-1");
    EXPECT_EQ(n.at("notif_id"), event_id + "/" + request.key.substr(request.key.find('/') + 1));
    EXPECT_EQ(request.key.substr(0, request.key.find('/')), event_id);
    // One "your turn" per game on the phone: APNs collapse_id, FCM collapse_key (both forms).
    EXPECT_EQ(n.at("collapse_id"), "turn-game-1");
    EXPECT_EQ(n.at("collapse_key"), "turn-game-1");
    EXPECT_EQ(n.at("android").at("collapse_key"), "turn-game-1");
    EXPECT_EQ(n.at("thread-id"), "game-1");
    // The badge is the unread inbox count when it is sent: event push-i is stored (unread) before
    // its push, and five events are all there are.
    const int number = std::stoi(event_id.substr(std::string("push-").size()));
    EXPECT_GE(n.at("badge").get<int>(), number) << event_id;
    EXPECT_LE(n.at("badge").get<int>(), kEvents) << event_id;
    EXPECT_EQ(n.contains("alert"), platform == 1);
    if (platform == 1) {
      EXPECT_EQ(n.at("alert").at("title"), "Your turn");
      EXPECT_EQ(n.at("alert").at("body"), n.at("message"));
    }
    EXPECT_FALSE(n.contains("topic")) << "no APNs topic configured";
    EXPECT_FALSE(n.contains("user_id"));
    EXPECT_EQ(request.body.find("\"alice\""), std::string::npos) << "the user id is not the gateway's business";
  }
  EXPECT_EQ(tokens, (std::set<std::string>{"1:apns-token-alice", "2:fcm-token-alice"}));
  EXPECT_FALSE(phone.empty());
  EXPECT_NE(phone, tablet);
}

TEST_F(Push, APermanentErrorStopsRetriesAndIsRecorded) {
  PushSink sink([](int) { return 400; });
  StartService(sink.url());
  RegisterDevice(*stub_, "alice", mailrun::v1::PLATFORM_FCM, "stale-token");
  AppendToOutbox(db_, YourTurn("rejected-1", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM push_deliveries WHERE status = 'rejected'") == 1; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_EQ(sink.requests().size(), 1u) << "no retry after a 400";
  EXPECT_EQ(Count("SELECT attempts FROM push_deliveries"), 1);
  EXPECT_EQ(Count("SELECT count(*) FROM push_deliveries WHERE last_error = 'HTTP 400' AND finished_at IS NOT NULL"), 1);
  EXPECT_EQ(Count("SELECT count(*) FROM push_attempts WHERE outcome = 'rejected' AND http_status = 400"), 1);
}

TEST_F(Push, RetriesStopAfterMaxAttempts) {
  PushSink sink([](int) { return 503; });
  StartService(sink.url(), 3);
  RegisterDevice(*stub_, "alice", mailrun::v1::PLATFORM_APNS, "token");
  AppendToOutbox(db_, YourTurn("gave-up-1", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM push_deliveries WHERE status = 'gave_up'") == 1; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_EQ(sink.requests().size(), 3u);
}

TEST_F(Push, AnUnreachableEndpointIsRetriedLikeA503) {
  StartService("http://127.0.0.1:" + std::to_string(mailrun::testing::FreePort()) + "/push", 2);
  RegisterDevice(*stub_, "alice", mailrun::v1::PLATFORM_APNS, "token");
  AppendToOutbox(db_, YourTurn("unreachable-1", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM push_deliveries WHERE status = 'gave_up'") == 1; }));
  EXPECT_EQ(Count("SELECT count(*) FROM push_attempts WHERE http_status IS NULL AND error IS NOT NULL"), 2);
}

TEST_F(Push, AnEventPublishedTwiceIsPushedOncePerDevice) {
  PushSink sink([](int) { return 200; });
  StartService(sink.url());
  RegisterDevice(*stub_, "alice", mailrun::v1::PLATFORM_APNS, "token");
  const auto event = YourTurn("twice", "alice", "game-1", 1);
  AppendToOutbox(db_, event);
  ASSERT_TRUE(Eventually([&] { return sink.delivered() == 1; }));
  service::RedisPublisher publisher(service::ParseRedisUrl(RedisUrl()), std::chrono::seconds(2));
  std::string error;
  ASSERT_TRUE(publisher.Publish(ChannelFor(db_), event.SerializeAsString(), &error)) << error;
  AppendToOutbox(db_, YourTurn("marker", "bob", "game-2", 1));  // processed after the repeat
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM notification_events") == 2; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(sink.requests().size(), 1u);
  EXPECT_EQ(Count("SELECT count(*) FROM push_deliveries"), 1);
}

TEST_F(Push, MutedKindsAreStreamedButNotPushed) {
  PushSink sink([](int) { return 200; });
  StartService(sink.url());
  RegisterDevice(*stub_, "alice", mailrun::v1::PLATFORM_APNS, "token");
  mailrun::v1::SetPreferencesRequest set;
  set.set_request_id("mute-1");
  set.mutable_preferences()->add_muted_kinds(mailrun::v1::EVENT_KIND_INVITATION_RECEIVED);
  mailrun::v1::SetPreferencesResponse set_response;
  ASSERT_TRUE(stub_->SetPreferences(ContextWith(AccessToken("alice")).get(), set, &set_response).ok());
  StreamReader stream(*stub_, AccessToken("alice"));

  mailrun::v1::Event invitation;
  invitation.set_event_id("invite-1");
  invitation.set_created_at_unix_ms(NowMs());
  invitation.add_user_ids("alice");
  invitation.mutable_invitation_received()->set_table_id("table-9");
  invitation.mutable_invitation_received()->set_from_display_name("Bob");
  AppendToOutbox(db_, invitation);
  AppendToOutbox(db_, YourTurn("turn-1", "alice", "game-1", 1));
  const auto got = stream.Take(2);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(got[0].kind(), mailrun::v1::EVENT_KIND_INVITATION_RECEIVED);
  EXPECT_EQ(got[0].text(), "Bob invites you to a table");
  ASSERT_TRUE(Eventually([&] { return sink.delivered() == 1; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ASSERT_EQ(sink.requests().size(), 1u);
  EXPECT_EQ(EventIdOf(sink.requests()[0].body), "turn-1");
}

// 2026-01-15 23:00 in Asia/Kolkata (UTC+05:30) is 17:30 UTC; quiet hours 22:00-07:00 end at
// 2026-01-16 07:00 local = 01:30 UTC.
constexpr int64_t kKolkata2300 = 1768498200000;
constexpr int64_t kKolkataNext0700 = 1768527000000;

TEST_F(Push, QuietHoursHoldPushesUntilTheyEndInTheUsersTimeZoneButNotTheStream) {
  PushSink sink([](int) { return 200; });
  FakeClock clock(kKolkata2300);
  StartService(sink.url(), 8, clock.clock());
  RegisterDevice(*stub_, "alice", mailrun::v1::PLATFORM_APNS, "token");
  mailrun::v1::SetPreferencesRequest set;
  set.set_request_id("quiet-1");
  auto* quiet = set.mutable_preferences()->mutable_quiet_hours();
  quiet->set_enabled(true);
  quiet->set_start_minute(22 * 60);
  quiet->set_end_minute(7 * 60);
  quiet->set_time_zone("Asia/Kolkata");
  mailrun::v1::SetPreferencesResponse set_response;
  ASSERT_TRUE(stub_->SetPreferences(ContextWith(AccessToken("alice")).get(), set, &set_response).ok());
  EXPECT_EQ(set_response.preferences().quiet_hours().time_zone(), "Asia/Kolkata");

  StreamReader stream(*stub_, AccessToken("alice"));
  AppendToOutbox(db_, YourTurn("at-night", "alice", "game-1", 1));
  ASSERT_TRUE(stream.Next().has_value()) << "quiet hours do not hold the stream";
  ASSERT_EQ(Count("SELECT count(*) FROM push_deliveries"), 1);
  EXPECT_EQ(Count("SELECT (extract(epoch FROM next_attempt_at) * 1000)::bigint FROM push_deliveries"), kKolkataNext0700);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(sink.requests().size(), 0u);

  clock.Set(kKolkataNext0700 - 60'000);  // 06:59: still quiet
  notify_->app().push().Wake();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(sink.requests().size(), 0u);

  clock.Set(kKolkataNext0700 + 60'000);  // 07:01
  notify_->app().push().Wake();
  ASSERT_TRUE(Eventually([&] { return sink.delivered() == 1; }));
}

TEST_F(Push, UnregisteringADeviceCancelsItsPendingPushes) {
  PushSink sink([](int) { return 503; });
  auto clock = std::make_shared<FakeClock>(NowMs());
  StartService(sink.url(), 8, clock->clock());
  const std::string device = RegisterDevice(*stub_, "alice", mailrun::v1::PLATFORM_APNS, "token");
  AppendToOutbox(db_, YourTurn("pending-1", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return sink.requests().size() == 1; }));  // first attempt failed; clock stands still

  mailrun::v1::UnregisterDeviceRequest request;
  request.set_request_id("unregister-1");
  request.set_device_id(device);
  mailrun::v1::UnregisterDeviceResponse response;
  ASSERT_TRUE(stub_->UnregisterDevice(ContextWith(AccessToken("alice")).get(), request, &response).ok());
  EXPECT_EQ(Count("SELECT count(*) FROM push_deliveries WHERE status = 'cancelled'"), 1);
  clock->Set(clock->ms() + 3'600'000);
  notify_->app().push().Wake();
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(sink.requests().size(), 1u);
}

TEST_F(Push, PendingPushesSurviveARestartAndAreDeliveredOnce) {
  const int64_t start = NowMs();
  {
    PushSink down([](int) { return 503; });
    FakeClock clock(start);
    StartService(down.url(), 8, clock.clock());
    RegisterDevice(*stub_, "alice", mailrun::v1::PLATFORM_APNS, "token");
    AppendToOutbox(db_, YourTurn("survivor", "alice", "game-1", 1));
    ASSERT_TRUE(Eventually([&] { return down.requests().size() == 1; }));
    relay_.reset();
    notify_.reset();  // the service stops with the delivery pending
  }
  EXPECT_EQ(Count("SELECT count(*) FROM push_deliveries WHERE status = 'pending'"), 1);
  PushSink up([](int) { return 200; });
  FakeClock later(start + 60'000);
  StartService(up.url(), 8, later.clock());
  ASSERT_TRUE(Eventually([&] { return up.delivered() == 1; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(up.requests().size(), 1u);
  EXPECT_EQ(Count("SELECT attempts FROM push_deliveries WHERE status = 'delivered'"), 2);
}

TEST_F(Push, RegisteringTheSameTokenAgainKeepsOneDevice) {
  StartService("");
  const std::string first = RegisterDevice(*stub_, "alice", mailrun::v1::PLATFORM_FCM, "same-token");
  const std::string second = RegisterDevice(*stub_, "alice", mailrun::v1::PLATFORM_FCM, "same-token");
  EXPECT_EQ(first, second);
  // The phone changed hands: the token now belongs to bob only.
  const std::string third = RegisterDevice(*stub_, "bob", mailrun::v1::PLATFORM_FCM, "same-token");
  EXPECT_EQ(third, first);
  EXPECT_EQ(Count("SELECT count(*) FROM push_devices WHERE user_id = 'bob'"), 1);
  EXPECT_EQ(Count("SELECT count(*) FROM push_devices"), 1);
}

TEST_F(Push, WithoutAnEndpointNothingIsQueued) {
  StartService("");
  RegisterDevice(*stub_, "alice", mailrun::v1::PLATFORM_APNS, "token");
  AppendToOutbox(db_, YourTurn("no-push", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM inbox") == 1; }));
  EXPECT_EQ(Count("SELECT count(*) FROM push_deliveries"), 0);
}

}  // namespace
}  // namespace mailrun::notification::testing

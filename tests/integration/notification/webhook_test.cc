// Issue 42, webhooks: a your-turn reaches the player's webhook as a signed JSON POST (an HTTP
// receiver here checks the HMAC-SHA-256 signature over "<timestamp>.<body>" with the secret
// RegisterDevice showed once); a webhook the receiver says is gone (410) is removed; a webhook on
// a loopback address is refused at connect time unless the operator allows loopback, and an
// http:// URL is refused at registration. Webhooks are a channel of their own in the preferences
// (webhook_muted_kinds, apart from push's muted_kinds), and ListDevices lists them by host and
// shape, never with their URL or secret.
#include <gtest/gtest.h>

#include <httplib.h>
#include <nlohmann/json.hpp>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "services/notification/webhook.h"
#include "tests/integration/notification/notification_harness.h"
#include "tests/testing/servers.h"

namespace mailrun::notification::testing {
namespace {

using mailrun::testing::RedisUrl;

std::string HexHmac(const std::string& key, const std::string& text) {
  unsigned char mac[EVP_MAX_MD_SIZE];
  unsigned int size = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(text.data()),
       text.size(), mac, &size);
  std::string hex;
  char byte[3];
  for (unsigned int i = 0; i < size; ++i) {
    std::snprintf(byte, sizeof byte, "%02x", mac[i]);
    hex += byte;
  }
  return hex;
}

// The player's webhook receiver: records each POST and answers `status`.
class Receiver {
 public:
  explicit Receiver(int status) : status_(status) {
    server_.Post("/hook", [this](const httplib::Request& request, httplib::Response& response) {
      std::lock_guard lock(mutex_);
      posts_.push_back({request.body, request.get_header_value("X-Mailrun-Timestamp"),
                        request.get_header_value("X-Mailrun-Signature")});
      response.status = status_;
    });
    server_.set_keep_alive_max_count(1);  // stop() would otherwise wait for an idle keep-alive
    port_ = server_.bind_to_any_port("127.0.0.1");  // bound: connections queue until listen runs
    thread_ = std::thread([this] { server_.listen_after_bind(); });
  }
  ~Receiver() {
    server_.stop();
    thread_.join();
  }
  std::string url(const std::string& scheme = "http") const {
    return scheme + "://127.0.0.1:" + std::to_string(port_) + "/hook";
  }
  struct Post {
    std::string body, timestamp, signature;
  };
  std::vector<Post> posts() {
    std::lock_guard lock(mutex_);
    return posts_;
  }

 private:
  int status_;
  httplib::Server server_;
  std::thread thread_;
  int port_ = 0;
  std::mutex mutex_;
  std::vector<Post> posts_;
};

class Webhook : public ::testing::Test {
 protected:
  void StartService(bool allow_loopback) {
    db_ = MigratedDatabase("notify_webhook");
    auto options = TestOptions(db_, RedisUrl());
    options.push.web_push.egress.allow_loopback = allow_loopback;
    options.push.public_url = "https://mailrun.test";
    notify_ = std::make_unique<InProcessNotify>(options);
    ASSERT_TRUE(notify_->WaitSubscribed());
    relay_ = StartRelay(db_, RedisUrl());
    stub_ = notify_->Stub();
  }
  grpc::Status Register(const std::string& url, mailrun::v1::RegisterDeviceResponse* response) {
    mailrun::v1::RegisterDeviceRequest request;
    request.set_request_id(service::RandomId());
    request.set_platform(mailrun::v1::PLATFORM_WEBHOOK);
    request.set_push_token(url);
    return stub_->RegisterDevice(ContextWith(AccessToken("alice")).get(), request, response);
  }
  int64_t Count(const std::string& sql) { return QueryInt(db_, sql); }

  std::string db_;
  std::unique_ptr<InProcessNotify> notify_;
  std::unique_ptr<service::OutboxRelay> relay_;
  std::unique_ptr<mailrun::v1::NotificationService::Stub> stub_;
};

TEST_F(Webhook, AYourTurnArrivesSignedWithTheSecretShownOnce) {
  Receiver receiver(204);
  StartService(true);
  mailrun::v1::RegisterDeviceResponse registered;
  ASSERT_TRUE(Register(receiver.url(), &registered).ok());
  ASSERT_GE(registered.webhook_secret().size(), 32u);
  AppendToOutbox(db_, YourTurn("hook-1", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM push_deliveries WHERE status = 'delivered'") == 1; }));
  const auto posts = receiver.posts();
  ASSERT_EQ(posts.size(), 1u);
  const auto& post = posts[0];
  EXPECT_EQ(post.signature, "v1=" + HexHmac(registered.webhook_secret(), post.timestamp + "." + post.body));
  EXPECT_NEAR(std::stoll(post.timestamp), NowMs() / 1000, 60) << "a timestamp against replay";
  const auto body = nlohmann::json::parse(post.body);
  EXPECT_EQ(body.at("event_id"), "hook-1");
  EXPECT_EQ(body.at("title"), "Your turn");
  EXPECT_EQ(body.at("url"), "https://mailrun.test/#/game/game-1");
  EXPECT_EQ(post.body.find("alice"), std::string::npos);
  EXPECT_EQ(Count("SELECT count(*) FROM push_deliveries WHERE status = 'cancelled'"), 0);
}

TEST_F(Webhook, AWebhookTheReceiverSaysIsGoneIsRemoved) {
  Receiver receiver(410);
  StartService(true);
  mailrun::v1::RegisterDeviceResponse registered;
  ASSERT_TRUE(Register(receiver.url(), &registered).ok());
  AppendToOutbox(db_, YourTurn("hook-gone", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM push_deliveries WHERE status = 'rejected'") == 1; }));
  EXPECT_EQ(Count("SELECT count(*) FROM push_devices"), 0);
}

TEST_F(Webhook, LoopbackIsRefusedAtConnectTimeAndHttpAtRegistration) {
  Receiver receiver(204);
  StartService(false);
  mailrun::v1::RegisterDeviceResponse registered;
  const auto status = Register(receiver.url("http"), &registered);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(status.error_message().find("https"), std::string::npos) << status.error_message();
  ASSERT_TRUE(Register(receiver.url("https"), &registered).ok());  // the name is checked once resolved
  AppendToOutbox(db_, YourTurn("hook-local", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM push_deliveries WHERE status = 'rejected'") == 1; }));
  EXPECT_EQ(Count("SELECT count(*) FROM push_deliveries WHERE last_error LIKE 'refused by the egress rules%'"), 1);
  EXPECT_TRUE(receiver.posts().empty()) << "nothing was sent";
}

TEST_F(Webhook, AKindMutedForWebhooksIsNotSentThereButMutedForPushItIs) {
  Receiver receiver(204);
  StartService(true);
  mailrun::v1::RegisterDeviceResponse registered;
  ASSERT_TRUE(Register(receiver.url(), &registered).ok());
  auto set = [&](mailrun::v1::EventKind push_muted, mailrun::v1::EventKind webhook_muted) {
    mailrun::v1::SetPreferencesRequest request;
    request.set_request_id(service::RandomId());
    if (push_muted != mailrun::v1::EVENT_KIND_UNSPECIFIED) request.mutable_preferences()->add_muted_kinds(push_muted);
    if (webhook_muted != mailrun::v1::EVENT_KIND_UNSPECIFIED) {
      request.mutable_preferences()->add_webhook_muted_kinds(webhook_muted);
    }
    mailrun::v1::SetPreferencesResponse response;
    EXPECT_TRUE(stub_->SetPreferences(ContextWith(AccessToken("alice")).get(), request, &response).ok());
    return response.preferences();
  };
  const auto muted = set(mailrun::v1::EVENT_KIND_UNSPECIFIED, mailrun::v1::EVENT_KIND_YOUR_TURN);
  ASSERT_EQ(muted.webhook_muted_kinds_size(), 1);
  EXPECT_EQ(muted.muted_kinds_size(), 0);
  AppendToOutbox(db_, YourTurn("hook-muted", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM notification_events WHERE event_id = 'hook-muted'") == 1; }));
  // Muting pushes leaves webhooks alone.
  set(mailrun::v1::EVENT_KIND_YOUR_TURN, mailrun::v1::EVENT_KIND_UNSPECIFIED);
  AppendToOutbox(db_, YourTurn("hook-sent", "alice", "game-1", 2));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM push_deliveries WHERE status = 'delivered'") == 1; }));
  EXPECT_EQ(Count("SELECT count(*) FROM push_deliveries WHERE event_id = 'hook-muted'"), 0);
  const auto posts = receiver.posts();
  ASSERT_EQ(posts.size(), 1u);
  EXPECT_EQ(nlohmann::json::parse(posts[0].body).at("event_id"), "hook-sent");
  // An unknown kind is refused, naming the field.
  mailrun::v1::SetPreferencesRequest bad;
  bad.set_request_id(service::RandomId());
  bad.mutable_preferences()->add_webhook_muted_kinds(static_cast<mailrun::v1::EventKind>(99));
  mailrun::v1::SetPreferencesResponse ignored;
  const auto refused = stub_->SetPreferences(ContextWith(AccessToken("alice")).get(), bad, &ignored);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(refused.error_message().find("webhook_muted_kinds"), std::string::npos) << refused.error_message();
}

TEST_F(Webhook, DevicesAreListedByHostAndShapeWithoutTheirUrlOrSecret) {
  StartService(true);
  mailrun::v1::RegisterDeviceResponse plain, discord;
  ASSERT_TRUE(Register("http://127.0.0.1:9/hook?key=plain-secret-key", &plain).ok());
  ASSERT_TRUE(Register("https://Discord.com/api/webhooks/42/discord-secret-token", &discord).ok());
  mailrun::v1::ListDevicesResponse listed;
  ASSERT_TRUE(stub_->ListDevices(ContextWith(AccessToken("alice")).get(), mailrun::v1::ListDevicesRequest(), &listed).ok());
  ASSERT_EQ(listed.devices_size(), 2);
  EXPECT_EQ(listed.devices(0).device_id(), plain.device_id());
  EXPECT_EQ(listed.devices(0).platform(), mailrun::v1::PLATFORM_WEBHOOK);
  EXPECT_EQ(listed.devices(0).host(), "127.0.0.1");
  EXPECT_EQ(listed.devices(0).webhook_shape(), mailrun::v1::WEBHOOK_SHAPE_JSON);
  EXPECT_NEAR(listed.devices(0).registered_at_unix_ms(), NowMs(), 60'000);
  EXPECT_EQ(listed.devices(1).device_id(), discord.device_id());
  EXPECT_EQ(listed.devices(1).host(), "discord.com");
  EXPECT_EQ(listed.devices(1).webhook_shape(), mailrun::v1::WEBHOOK_SHAPE_DISCORD);
  const std::string shown = listed.DebugString();
  for (const std::string& secret : {std::string("plain-secret-key"), std::string("discord-secret-token"), std::string("/hook"),
                                    plain.webhook_secret(), discord.webhook_secret()}) {
    EXPECT_EQ(shown.find(secret), std::string::npos) << "ListDevices showed " << secret;
  }
  // Another player's list is their own.
  mailrun::v1::ListDevicesResponse bobs;
  ASSERT_TRUE(stub_->ListDevices(ContextWith(AccessToken("bob")).get(), mailrun::v1::ListDevicesRequest(), &bobs).ok());
  EXPECT_EQ(bobs.devices_size(), 0);
  // User info and ports are not part of a host.
  EXPECT_EQ(UrlHost("https://user:pw@Hooks.Example.net:8443/x"), "hooks.example.net");
  EXPECT_EQ(UrlHost("https://[::1]:8443/x"), "[::1]");
  EXPECT_EQ(UrlHost("not a url"), "");
}

}  // namespace
}  // namespace mailrun::notification::testing

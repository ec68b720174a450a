// The real mailrun-notify binary: authentication (no token, forged token, wrong kind of token),
// a user never reaching someone else's inbox or devices, clear errors for bad input, delivery of
// an outbox event through the binary's own relay and consumer, and a prompt SIGTERM with a
// stream open.
#include <gtest/gtest.h>
#include <signal.h>

#include "services/common/token.h"
#include "tests/integration/notification/notification_harness.h"
#include "tests/testing/servers.h"
#include "tests/testing/service_process.h"

namespace mailrun::notification::testing {
namespace {

using mailrun::testing::BinaryPath;
using mailrun::testing::FreePort;
using mailrun::testing::ReadFile;
using mailrun::testing::RedisUrl;
using mailrun::testing::ServiceProcess;
using mailrun::testing::TestPublicKeys;
using mailrun::testing::TestSigner;

class NotifyBinary : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = mailrun::testing::FreshDatabase("notify_binary");
    address_ = "127.0.0.1:" + std::to_string(FreePort());
    log_ = ::testing::TempDir() + "/mailrun-notify-binary-" + std::to_string(FreePort()) + ".log";
    process_ = std::make_unique<ServiceProcess>(
        // A long grace period: an open stream that held shutdown up would show.
        BinaryPath("mailrun-notify"), std::vector<std::string>{"--listen", address_, "--shutdown-grace-seconds", "30"},
        std::map<std::string, std::string>{{"MAILRUN_DATABASE_URL", db_},
                                           {"MAILRUN_REDIS_URL", RedisUrl()},
                                           {"MAILRUN_TOKEN_PUBLIC_KEYS", TestPublicKeys()},
                                           {"MAILRUN_EVENTS_CHANNEL", ChannelFor(db_)}},
        log_);
    ASSERT_TRUE(process_->WaitServing(address_, std::chrono::seconds(30))) << ReadFile(log_);
    stub_ = StubFor(address_);
  }

  // Appends an event and waits until the binary stored it.
  void Deliver(const mailrun::v1::Event& event) {
    AppendToOutbox(db_, event);
    ASSERT_TRUE(Eventually([&] {
      return QueryInt(db_, "SELECT count(*) FROM notification_events WHERE event_id = '" + event.event_id() + "'") == 1;
    }));
  }

  std::string db_;
  std::string address_;
  std::string log_;
  std::unique_ptr<ServiceProcess> process_;
  std::unique_ptr<mailrun::v1::NotificationService::Stub> stub_;
};

// Every RPC called with `token` ("" = no authorization metadata); returns their status codes.
std::vector<grpc::StatusCode> CallEverything(mailrun::v1::NotificationService::Stub& stub, const std::string& token) {
  std::vector<grpc::StatusCode> codes;
  {
    StreamReader stream(stub, token);
    codes.push_back(stream.Finish().error_code());
  }
  mailrun::v1::ListInboxResponse list;
  codes.push_back(stub.ListInbox(ContextWith(token).get(), {}, &list).error_code());
  mailrun::v1::MarkReadRequest mark;
  mark.set_request_id("r1");
  mark.set_up_to_sequence(1);
  mailrun::v1::MarkReadResponse marked;
  codes.push_back(stub.MarkRead(ContextWith(token).get(), mark, &marked).error_code());
  mailrun::v1::RegisterDeviceRequest reg;
  reg.set_request_id("r2");
  reg.set_platform(mailrun::v1::PLATFORM_APNS);
  reg.set_push_token("t");
  mailrun::v1::RegisterDeviceResponse registered;
  codes.push_back(stub.RegisterDevice(ContextWith(token).get(), reg, &registered).error_code());
  mailrun::v1::UnregisterDeviceRequest unreg;
  unreg.set_request_id("r3");
  unreg.set_device_id("d");
  mailrun::v1::UnregisterDeviceResponse unregistered;
  codes.push_back(stub.UnregisterDevice(ContextWith(token).get(), unreg, &unregistered).error_code());
  mailrun::v1::GetPreferencesResponse prefs;
  codes.push_back(stub.GetPreferences(ContextWith(token).get(), {}, &prefs).error_code());
  mailrun::v1::SetPreferencesRequest set;
  set.set_request_id("r4");
  mailrun::v1::SetPreferencesResponse set_response;
  codes.push_back(stub.SetPreferences(ContextWith(token).get(), set, &set_response).error_code());
  return codes;
}

const std::vector<grpc::StatusCode> kAllUnauthenticated(7, grpc::StatusCode::UNAUTHENTICATED);

TEST_F(NotifyBinary, EveryCallWithoutATokenIsUnauthenticated) {
  EXPECT_EQ(CallEverything(*stub_, ""), kAllUnauthenticated);
}

TEST_F(NotifyBinary, AForgedTokenIsUnauthenticated) {
  service::TokenClaims claims;
  claims.subject = "alice";
  claims.kind = service::TokenKind::kAccess;
  claims.issued_at = NowMs() / 1000;
  claims.expires_at = claims.issued_at + 3600;
  // Another key under the trusted key's id, and a key the service does not know at all.
  const std::string forged = service::TokenSigner(TestSigner().key_id(), std::string(32, 'x')).Issue(claims);
  EXPECT_EQ(CallEverything(*stub_, forged), kAllUnauthenticated);
  EXPECT_EQ(CallEverything(*stub_, service::TokenSigner("other", std::string(32, 'x')).Issue(claims)),
            kAllUnauthenticated);
  claims.kind = service::TokenKind::kRefresh;  // right key, wrong kind
  EXPECT_EQ(CallEverything(*stub_, TestSigner().Issue(claims)), kAllUnauthenticated);
  claims.kind = service::TokenKind::kAccess;
  claims.expires_at = claims.issued_at - 1;  // expired
  EXPECT_EQ(CallEverything(*stub_, TestSigner().Issue(claims)), kAllUnauthenticated);
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM notification_requests"), 0) << "nothing changed";
  EXPECT_EQ(ReadFile(log_).find(forged), std::string::npos) << "tokens never reach the log";
}

TEST_F(NotifyBinary, AUserNeverReachesSomeoneElsesInboxOrDevices) {
  Deliver(YourTurn("alices-turn", "alice", "game-1", 1));
  const std::string alices_device = RegisterDevice(*stub_, "alice", mailrun::v1::PLATFORM_APNS, "alice-secret-token");
  const std::string bob = AccessToken("bob");

  mailrun::v1::ListInboxResponse bobs_inbox;
  ASSERT_TRUE(stub_->ListInbox(ContextWith(bob).get(), {}, &bobs_inbox).ok());
  EXPECT_EQ(bobs_inbox.notifications_size(), 0);
  EXPECT_EQ(bobs_inbox.unread_count(), 0);

  mailrun::v1::MarkReadRequest mark;
  mark.set_request_id("bob-mark");
  mark.add_event_ids("alices-turn");
  mailrun::v1::MarkReadResponse marked;
  EXPECT_EQ(stub_->MarkRead(ContextWith(bob).get(), mark, &marked).error_code(), grpc::StatusCode::NOT_FOUND);
  mark.clear_event_ids();
  mark.set_request_id("bob-mark-all");
  mark.set_up_to_sequence(100);
  ASSERT_TRUE(stub_->MarkRead(ContextWith(bob).get(), mark, &marked).ok());
  EXPECT_EQ(marked.marked(), 0);
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM inbox WHERE read_at IS NULL"), 1) << "alice's stays unread";

  StreamReader bobs_stream(*stub_, bob, "alices-turn");
  EXPECT_EQ(bobs_stream.Finish().error_code(), grpc::StatusCode::NOT_FOUND);

  mailrun::v1::UnregisterDeviceRequest unregister;
  unregister.set_request_id("bob-unregister");
  unregister.set_device_id(alices_device);
  mailrun::v1::UnregisterDeviceResponse unregistered;
  EXPECT_EQ(stub_->UnregisterDevice(ContextWith(bob).get(), unregister, &unregistered).error_code(),
            grpc::StatusCode::NOT_FOUND);
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM push_devices"), 1);

  mailrun::v1::ListInboxResponse alices_inbox;
  ASSERT_TRUE(stub_->ListInbox(ContextWith(AccessToken("alice")).get(), {}, &alices_inbox).ok());
  ASSERT_EQ(alices_inbox.notifications_size(), 1);
  EXPECT_EQ(alices_inbox.notifications(0).event_id(), "alices-turn");
  EXPECT_EQ(ReadFile(log_).find("alice-secret-token"), std::string::npos) << "push tokens never reach the log";
}

TEST_F(NotifyBinary, BadInputIsRefusedNamingTheProblem) {
  const std::string alice = AccessToken("alice");
  mailrun::v1::SetPreferencesRequest set;
  set.set_request_id("prefs-1");
  set.mutable_preferences()->mutable_quiet_hours()->set_enabled(true);
  set.mutable_preferences()->mutable_quiet_hours()->set_time_zone("Mars/Olympus_Mons");
  mailrun::v1::SetPreferencesResponse set_response;
  grpc::Status status = stub_->SetPreferences(ContextWith(alice).get(), set, &set_response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(status.error_message().find("time_zone"), std::string::npos) << status.error_message();
  set.mutable_preferences()->mutable_quiet_hours()->set_time_zone("Europe/London");
  set.mutable_preferences()->mutable_quiet_hours()->set_start_minute(1440);
  status = stub_->SetPreferences(ContextWith(alice).get(), set, &set_response);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(status.error_message().find("start_minute"), std::string::npos) << status.error_message();
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM notification_preferences"), 0);

  mailrun::v1::RegisterDeviceRequest reg;
  reg.set_request_id("reg-1");
  reg.set_push_token("token");
  mailrun::v1::RegisterDeviceResponse registered;
  status = stub_->RegisterDevice(ContextWith(alice).get(), reg, &registered);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(status.error_message().find("platform"), std::string::npos);
  reg.set_platform(mailrun::v1::PLATFORM_FCM);
  reg.clear_request_id();
  status = stub_->RegisterDevice(ContextWith(alice).get(), reg, &registered);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(status.error_message().find("request_id"), std::string::npos);
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM push_devices"), 0);

  // The defaults until set: everything pushed, no quiet hours.
  mailrun::v1::GetPreferencesResponse prefs;
  ASSERT_TRUE(stub_->GetPreferences(ContextWith(alice).get(), {}, &prefs).ok());
  EXPECT_EQ(prefs.preferences().muted_kinds_size(), 0);
  EXPECT_FALSE(prefs.preferences().quiet_hours().enabled());
}

TEST_F(NotifyBinary, AReusedRequestIdWithADifferentRequestIsRefusedAndIdsMustBeClean) {
  const std::string alice = AccessToken("alice");
  mailrun::v1::RegisterDeviceRequest reg;
  reg.set_request_id("device-1");
  reg.set_platform(mailrun::v1::PLATFORM_FCM);
  reg.set_push_token("phone-a");
  mailrun::v1::RegisterDeviceResponse first, again;
  ASSERT_TRUE(stub_->RegisterDevice(ContextWith(alice).get(), reg, &first).ok());
  ASSERT_TRUE(stub_->RegisterDevice(ContextWith(alice).get(), reg, &again).ok()) << "a retry";
  EXPECT_EQ(again.device_id(), first.device_id());
  // Another phone under the same request_id: before, the first phone's answer came back and the
  // second phone was never registered.
  reg.set_push_token("phone-b");
  const grpc::Status reused = stub_->RegisterDevice(ContextWith(alice).get(), reg, &again);
  EXPECT_EQ(reused.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(reused.error_message().find("'device-1' was already used for another call"), std::string::npos)
      << reused.error_message();
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM push_devices"), 1);
  // Ids and push tokens with a NUL byte or control characters are refused by name.
  reg.set_request_id(std::string("device-2\0x", 10));
  EXPECT_EQ(stub_->RegisterDevice(ContextWith(alice).get(), reg, &again).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  reg.set_request_id("device-3");
  reg.set_push_token(std::string("phone-a\0other", 14));
  const grpc::Status junk = stub_->RegisterDevice(ContextWith(alice).get(), reg, &again);
  EXPECT_EQ(junk.error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_NE(junk.error_message().find("push_token"), std::string::npos);
  mailrun::v1::UnregisterDeviceRequest unreg;
  unreg.set_request_id("unreg-1");
  unreg.set_device_id(first.device_id() + std::string("\0", 1));
  mailrun::v1::UnregisterDeviceResponse gone;
  EXPECT_EQ(stub_->UnregisterDevice(ContextWith(alice).get(), unreg, &gone).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(QueryInt(db_, "SELECT count(*) FROM push_devices"), 1);
}

TEST_F(NotifyBinary, DeliversAnOutboxEventToAnOpenStreamAndStopsPromptlyOnSigterm) {
  StreamReader alice(*stub_, AccessToken("alice"));
  ASSERT_TRUE(alice.live());
  AppendToOutbox(db_, YourTurn("binary-turn", "alice", "game-1", 1));  // relayed by the binary itself
  const auto got = alice.Next();
  ASSERT_TRUE(got.has_value());
  EXPECT_EQ(got->event_id(), "binary-turn");

  const auto before = std::chrono::steady_clock::now();
  process_->Signal(SIGTERM);
  EXPECT_EQ(process_->Wait(std::chrono::seconds(40)), 0);
  EXPECT_LT(std::chrono::steady_clock::now() - before, std::chrono::seconds(15))
      << "the open stream held shutdown up for the grace period";
  EXPECT_EQ(alice.Finish().error_code(), grpc::StatusCode::UNAVAILABLE);
}

}  // namespace
}  // namespace mailrun::notification::testing

// Issue 42, email: mail through a real SMTP server (Debian's aiosmtpd, read back from its
// Maildir): nothing but the verification mail until its link is followed; a your-turn mailed
// with its game link and a List-Unsubscribe header; several turns within a minute gathered into
// one mail, naming its events, with the batch's own Message-ID; the outcome recorded before the
// relay is asked to QUIT; none while the player has the app open; the unsubscribe link works
// without logging in; malformed addresses are refused naming the field.
#include <gtest/gtest.h>

#include "services/notification/email_message.h"
#include "tests/integration/notification/notification_harness.h"
#include "tests/integration/notification/smtp_catcher.h"
#include "tests/testing/servers.h"

namespace mailrun::notification::testing {
namespace {

using mailrun::testing::RedisUrl;

class Email : public ::testing::Test {
 protected:
  // `holding`: the SMTP server runs tools/standins/smtp_hold.py, which can hold its answers.
  void StartService(Clock clock = SystemClock(), bool email = true, bool holding = false) {
    catcher_ = std::make_unique<SmtpCatcher>(MAILRUN_SMTP_DIR, holding ? MAILRUN_SMTP_STANDINS : "");
    db_ = MigratedDatabase("notify_email");
    auto options = TestOptions(db_, RedisUrl());
    if (email) options.email.smtp.url = catcher_->url();
    options.email.smtp.from = "Mailrun <turns@mailrun.test>";
    options.email.public_url = "https://mailrun.test";
    options.email.poll_interval = std::chrono::milliseconds(20);
    options.email.initial_backoff = std::chrono::milliseconds(20);
    options.clock = std::move(clock);
    options_ = options;
    notify_ = std::make_unique<InProcessNotify>(options);
    ASSERT_TRUE(notify_->WaitSubscribed());
    relay_ = StartRelay(db_, RedisUrl());
    stub_ = notify_->Stub();
  }

  grpc::Status SetEmail(const std::string& user, const std::string& address) {
    mailrun::v1::SetEmailRequest request;
    request.set_request_id(service::RandomId());
    request.set_address(address);
    mailrun::v1::SetEmailResponse response;
    return stub_->SetEmail(ContextWith(AccessToken(user)).get(), request, &response);
  }

  // Sets and verifies alice's address through the link of the verification mail.
  void VerifiedAlice() {
    ASSERT_TRUE(SetEmail("alice", "alice@example.net").ok());
    ASSERT_TRUE(Eventually([&] { return catcher_->Mails().size() == 1; }));
    const std::string mail = catcher_->Mails()[0];
    EXPECT_EQ(HeaderOf(mail, "Subject"), "Confirm your address for Mailrun");
    const std::string token = TokenAfter(mail, "https://mailrun.test/#/verify-email/");
    ASSERT_FALSE(token.empty()) << mail;
    mailrun::v1::VerifyEmailRequest verify;
    verify.set_token(token);
    mailrun::v1::VerifyEmailResponse verified;
    const auto status = stub_->VerifyEmail(ContextWith("").get(), verify, &verified);  // no login
    ASSERT_TRUE(status.ok()) << status.error_message();
    EXPECT_TRUE(verified.email().verified());
    EXPECT_EQ(verified.email().address(), "alice@example.net");
  }

  int64_t Count(const std::string& sql) { return QueryInt(db_, sql); }

  std::unique_ptr<SmtpCatcher> catcher_;
  NotificationOptions options_;
  std::string db_;
  std::unique_ptr<InProcessNotify> notify_;
  std::unique_ptr<service::OutboxRelay> relay_;
  std::unique_ptr<mailrun::v1::NotificationService::Stub> stub_;
};

TEST_F(Email, NothingButTheVerificationMailUntilItsLinkIsFollowedThenAYourTurnIsMailed) {
  StartService();
  ASSERT_TRUE(SetEmail("alice", "alice@example.net").ok());
  AppendToOutbox(db_, YourTurn("mail-early", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM notification_events") == 1; }));
  ASSERT_TRUE(Eventually([&] { return catcher_->Mails().size() == 1; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(catcher_->Mails().size(), 1u) << "only the verification mail";
  EXPECT_EQ(Count("SELECT count(*) FROM email_items"), 0);
  const std::string token = TokenAfter(catcher_->Mails()[0], "/#/verify-email/");
  mailrun::v1::VerifyEmailRequest verify;
  verify.set_token(token);
  mailrun::v1::VerifyEmailResponse verified;
  ASSERT_TRUE(stub_->VerifyEmail(ContextWith("").get(), verify, &verified).ok());
  EXPECT_EQ(stub_->VerifyEmail(ContextWith("").get(), verify, &verified).error_code(), grpc::StatusCode::NOT_FOUND)
      << "a link works once";

  AppendToOutbox(db_, YourTurn("mail-turn", "alice", "game-1", 2));
  ASSERT_TRUE(Eventually([&] { return catcher_->Mails().size() == 2; }));
  const std::string mail = catcher_->Mails()[1];
  EXPECT_EQ(HeaderOf(mail, "Subject"), "Your turn");
  EXPECT_NE(HeaderOf(mail, "To").find("alice@example.net"), std::string::npos);
  EXPECT_NE(mail.find("https://mailrun.test/#/game/game-1"), std::string::npos) << mail;
  EXPECT_EQ(HeaderOf(mail, "List-Unsubscribe").rfind("<https://mailrun.test/#/unsubscribe/", 0), 0u) << mail;
  EXPECT_EQ(Count("SELECT count(*) FROM email_mails WHERE status = 'sent'"), 2);
}

TEST_F(Email, SeveralTurnsWithinAMinuteAreGatheredIntoOneMail) {
  FakeClock clock(NowMs());
  StartService(clock.clock());
  VerifiedAlice();
  AppendToOutbox(db_, YourTurn("batch-1", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return catcher_->Mails().size() == 2; }));
  for (int i = 2; i <= 4; ++i) {
    AppendToOutbox(db_, YourTurn("batch-" + std::to_string(i), "alice", "game-" + std::to_string(i), 1));
  }
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM email_items") == 4; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(catcher_->Mails().size(), 2u) << "at most one mail a minute";
  clock.Set(clock.ms() + 61'000);
  notify_->app().email().Wake();
  ASSERT_TRUE(Eventually([&] { return catcher_->Mails().size() == 3; }));
  const std::string mail = catcher_->Mails()[2];
  EXPECT_EQ(HeaderOf(mail, "Subject"), "3 notifications: Your turn");
  for (int i = 2; i <= 4; ++i) {
    EXPECT_NE(mail.find("/#/game/game-" + std::to_string(i)), std::string::npos) << mail;
  }
  // It names its events (one a line), and its Message-ID is the batch's own.
  const std::string header = mail.substr(0, mail.find("\n\n"));
  EXPECT_NE(header.find("X-Mailrun-Events: batch-2"), std::string::npos) << header;
  EXPECT_NE(header.find("\n batch-3"), std::string::npos) << header;
  EXPECT_NE(header.find("\n batch-4"), std::string::npos) << header;
  EXPECT_EQ(HeaderOf(mail, "Message-ID"), BatchMessageId("alice", {"batch-2", "batch-3", "batch-4"}, "turns@mailrun.test"));
  EXPECT_EQ(HeaderOf(mail, "Message-ID").rfind("<batch-", 0), 0u);
  EXPECT_NE(HeaderOf(mail, "Message-ID").find("@mailrun.test>"), std::string::npos) << "the sender's domain";
  EXPECT_NE(HeaderOf(mail, "Message-ID"), BatchMessageId("alice", {"batch-2", "batch-3"}, "turns@mailrun.test"));
  EXPECT_NE(HeaderOf(mail, "Message-ID"), BatchMessageId("bob", {"batch-2", "batch-3", "batch-4"}, "turns@mailrun.test"));
  EXPECT_NE(HeaderOf(catcher_->Mails()[1], "Message-ID"), HeaderOf(mail, "Message-ID"));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(catcher_->Mails().size(), 3u);
  EXPECT_EQ(Count("SELECT count(*) FROM email_items WHERE status = 'mailed'"), 4);
}

// Issue 42, the kill scenario: the mail's outcome is committed as soon as the relay answered
// its data; the connection is closed (QUIT) only after that, so a crash while the relay answers
// QUIT sends nothing again. The relay holds its answer to QUIT: the mail is already 'sent'.
TEST_F(Email, AMailIsRecordedSentBeforeTheRelayIsAskedToQuit) {
  StartService(SystemClock(), true, true);
  VerifiedAlice();
  catcher_->HoldQuit();
  AppendToOutbox(db_, YourTurn("quit-1", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return catcher_->HoldingQuit(); })) << "the relay got no QUIT";
  EXPECT_TRUE(Eventually([&] {
    return Count("SELECT count(*) FROM email_mails WHERE kind = 'notifications' AND status = 'sent'") == 1;
  })) << "the mail was not recorded while the relay held its answer to QUIT";
  catcher_->ReleaseQuit();
  ASSERT_EQ(catcher_->Mails().size(), 2u);
  EXPECT_EQ(HeaderOf(catcher_->Mails()[1], "X-Mailrun-Events"), "quit-1");
}

TEST_F(Email, TheUnsubscribeLinkWorksWithoutLoggingIn) {
  StartService();
  VerifiedAlice();
  AppendToOutbox(db_, YourTurn("unsub-1", "alice", "game-1", 1));
  ASSERT_TRUE(Eventually([&] { return catcher_->Mails().size() == 2; }));
  const std::string token = TokenAfter(HeaderOf(catcher_->Mails()[1], "List-Unsubscribe"), "/#/unsubscribe/");
  ASSERT_FALSE(token.empty());
  mailrun::v1::UnsubscribeEmailRequest request;
  request.set_token(token);
  mailrun::v1::UnsubscribeEmailResponse response;
  ASSERT_TRUE(stub_->UnsubscribeEmail(ContextWith("").get(), request, &response).ok());
  ASSERT_TRUE(stub_->UnsubscribeEmail(ContextWith("").get(), request, &response).ok()) << "a second click is fine";
  request.set_token("not-a-token");
  EXPECT_EQ(stub_->UnsubscribeEmail(ContextWith("").get(), request, &response).error_code(), grpc::StatusCode::NOT_FOUND);

  AppendToOutbox(db_, YourTurn("unsub-2", "alice", "game-1", 2));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM notification_events") == 2; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(catcher_->Mails().size(), 2u);
  mailrun::v1::GetPreferencesResponse preferences;
  ASSERT_TRUE(stub_->GetPreferences(ContextWith(AccessToken("alice")).get(), {}, &preferences).ok());
  EXPECT_FALSE(preferences.email().verified());
}

TEST_F(Email, NoMailWhileThePlayerHasTheAppOpenAndMutedKindsAreNotMailed) {
  StartService();
  VerifiedAlice();
  {
    StreamReader stream(*stub_, AccessToken("alice"));
    AppendToOutbox(db_, YourTurn("active-1", "alice", "game-1", 1));
    ASSERT_TRUE(stream.Next().has_value());
    ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM email_items WHERE status = 'seen'") == 1; }));
  }
  mailrun::v1::SetPreferencesRequest set;
  set.set_request_id("mute-mail");
  set.mutable_preferences()->add_email_muted_kinds(mailrun::v1::EVENT_KIND_YOUR_TURN);
  mailrun::v1::SetPreferencesResponse set_response;
  ASSERT_TRUE(stub_->SetPreferences(ContextWith(AccessToken("alice")).get(), set, &set_response).ok());
  AppendToOutbox(db_, YourTurn("muted-1", "alice", "game-1", 2));
  ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM notification_events") == 2; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(catcher_->Mails().size(), 1u) << "only the verification mail";
  EXPECT_EQ(Count("SELECT count(*) FROM email_items"), 1);
}

// Two replicas: whichever stores the event and gathers alice's mail, none is sent while her
// stream is open on the other one (presence in Redis, presence.h; Presence.* checks it directly).
TEST_F(Email, NoMailWhileThePlayerHasTheAppOpenOnAnotherReplica) {
  StartService();
  VerifiedAlice();
  auto options = options_;  // replicas of one deployment: the same settings
  options.run_outbox_relay = false;
  InProcessNotify other(options);
  ASSERT_TRUE(other.WaitSubscribed());
  auto other_stub = other.Stub();
  {
    StreamReader stream(*other_stub, AccessToken("alice"));
    ASSERT_TRUE(Eventually([&] { return other.app().fanout().StreamCount("alice") == 1; }));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));  // the presence worker records it
    AppendToOutbox(db_, YourTurn("elsewhere-1", "alice", "game-1", 1));
    ASSERT_TRUE(stream.Next().has_value());
    ASSERT_TRUE(Eventually([&] { return Count("SELECT count(*) FROM email_items WHERE status = 'seen'") == 1; }))
        << "mailed although her stream was open on the other replica";
  }
  // Stream closed: the next turn is mailed.
  ASSERT_TRUE(Eventually([&] { return other.app().fanout().StreamCount("alice") == 0; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  AppendToOutbox(db_, YourTurn("elsewhere-2", "alice", "game-1", 2));
  ASSERT_TRUE(Eventually([&] { return catcher_->Mails().size() == 2; }, std::chrono::seconds(90)));
  EXPECT_EQ(Count("SELECT count(*) FROM email_items WHERE status = 'seen'"), 1);
}

TEST_F(Email, MalformedAddressesAreRefusedAndWithoutARelayNothingIsSet) {
  StartService();
  for (const char* bad : {"alice", "alice@", "a b@example.net", "alice@example.net\r\nBcc: x@y.z", "a@b@c.net"}) {
    const auto status = SetEmail("alice", bad);
    EXPECT_EQ(status.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << bad;
    EXPECT_NE(status.error_message().find("address"), std::string::npos) << status.error_message();
  }
  EXPECT_EQ(Count("SELECT count(*) FROM email_addresses"), 0);
  StartService(SystemClock(), false);
  EXPECT_EQ(SetEmail("alice", "alice@example.net").error_code(), grpc::StatusCode::FAILED_PRECONDITION);
}

}  // namespace
}  // namespace mailrun::notification::testing

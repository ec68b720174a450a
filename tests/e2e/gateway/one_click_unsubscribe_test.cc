// Issue 42, RFC 8058: the unsubscribe address a mail carries (List-Unsubscribe, with
// List-Unsubscribe-Post: List-Unsubscribe=One-Click) is answered by the real gateway (node
// build/gateway/gateway.mjs) in front of the notification service (in-process, mailing through
// aiosmtpd). The one-click POST unsubscribes with no login; a made-up token or another body
// changes nothing; a GET goes on to the web client's page.
#include <gtest/gtest.h>
#include <httplib.h>

#include "tests/e2e/stack/gateway_process.h"
#include "tests/integration/notification/notification_harness.h"
#include "tests/integration/notification/smtp_catcher.h"
#include "tests/testing/servers.h"

namespace mailrun::notification::testing {
namespace {

constexpr char kPublicUrl[] = "https://mailrun.test";

class OneClickUnsubscribe : public ::testing::Test {
 protected:
  void SetUp() override {
    catcher_ = std::make_unique<SmtpCatcher>(MAILRUN_SMTP_DIR);
    db_ = MigratedDatabase("notify_one_click");
    auto options = TestOptions(db_, mailrun::testing::RedisUrl());
    options.email.smtp.url = catcher_->url();
    options.email.smtp.from = "Mailrun <turns@mailrun.test>";
    options.email.public_url = kPublicUrl;
    options.email.poll_interval = std::chrono::milliseconds(20);
    notify_ = std::make_unique<InProcessNotify>(options);
    ASSERT_TRUE(notify_->WaitSubscribed());
    relay_ = StartRelay(db_, mailrun::testing::RedisUrl());
    stub_ = notify_->Stub();
    // Only the notification service is called; the other two addresses are never dialled.
    gateway_ = std::make_unique<e2e::GatewayProcess>(
        MAILRUN_GATEWAY_DIR, std::map<std::string, std::string>{{"MAILRUN_GAME_ADDRESS", "127.0.0.1:9"},
                                                                {"MAILRUN_LOBBY_ADDRESS", "127.0.0.1:9"},
                                                                {"MAILRUN_NOTIFY_ADDRESS", notify_->address()},
                                                                {"MAILRUN_GATEWAY_WEB_DIR", "none"}});
    ASSERT_TRUE(gateway_->listening()) << "the gateway did not start";
  }

  // Alice's address verified and a your-turn mailed to her; the mail's unsubscribe path
  // ("/unsubscribe/<token>", the gateway's).
  std::string MailedAlice() {
    mailrun::v1::SetEmailRequest set;
    set.set_request_id("one-click-set");
    set.set_address("alice@example.net");
    mailrun::v1::SetEmailResponse set_response;
    EXPECT_TRUE(stub_->SetEmail(ContextWith(AccessToken("alice")).get(), set, &set_response).ok());
    EXPECT_TRUE(Eventually([&] { return catcher_->Mails().size() == 1; }));
    mailrun::v1::VerifyEmailRequest verify;
    verify.set_token(TokenAfter(catcher_->Mails()[0], "/#/verify-email/"));
    mailrun::v1::VerifyEmailResponse verified;
    EXPECT_TRUE(stub_->VerifyEmail(ContextWith("").get(), verify, &verified).ok());
    AppendToOutbox(db_, YourTurn("one-click-1", "alice", "game-1", 1));
    EXPECT_TRUE(Eventually([&] { return catcher_->Mails().size() == 2; }));
    const std::string mail = catcher_->Mails().at(1);
    EXPECT_EQ(HeaderOf(mail, "List-Unsubscribe-Post"), "List-Unsubscribe=One-Click") << mail;
    const std::string header = HeaderOf(mail, "List-Unsubscribe");
    const std::string prefix = std::string("<") + kPublicUrl + "/unsubscribe/";
    EXPECT_EQ(header.rfind(prefix, 0), 0u) << header;
    return "/unsubscribe/" + TokenAfter(header, "/unsubscribe/");
  }

  bool AliceVerified() {
    mailrun::v1::GetPreferencesResponse preferences;
    EXPECT_TRUE(stub_->GetPreferences(ContextWith(AccessToken("alice")).get(), {}, &preferences).ok());
    return preferences.email().verified();
  }

  httplib::Result Post(const std::string& path, const std::string& body,
                       const std::string& type = "application/x-www-form-urlencoded") {
    httplib::Client client(gateway_->url());
    return client.Post(path, body, type);  // no Authorization: the token in the path is the proof
  }

  std::unique_ptr<SmtpCatcher> catcher_;
  std::string db_;
  std::unique_ptr<InProcessNotify> notify_;
  std::unique_ptr<service::OutboxRelay> relay_;
  std::unique_ptr<mailrun::v1::NotificationService::Stub> stub_;
  std::unique_ptr<e2e::GatewayProcess> gateway_;
};

TEST_F(OneClickUnsubscribe, APostOfListUnsubscribeOneClickUnsubscribesWithoutLoggingIn) {
  const std::string path = MailedAlice();
  ASSERT_TRUE(AliceVerified());

  // A person's click (GET) goes on to the web client's page; it changes nothing by itself.
  httplib::Client client(gateway_->url());
  const auto page = client.Get(path);
  ASSERT_TRUE(page);
  EXPECT_EQ(page->status, 303);
  EXPECT_EQ(page->get_header_value("Location"), "/#" + path);
  EXPECT_TRUE(AliceVerified());

  // A made-up token and a body that is not RFC 8058's: refused, nothing changes.
  const auto made_up = Post("/unsubscribe/not-anyones-token", "List-Unsubscribe=One-Click");
  ASSERT_TRUE(made_up);
  EXPECT_EQ(made_up->status, 404) << made_up->body;
  EXPECT_TRUE(AliceVerified());
  const auto wrong_body = Post(path, "List-Unsubscribe=Yes");
  ASSERT_TRUE(wrong_body);
  EXPECT_EQ(wrong_body->status, 400) << wrong_body->body;
  EXPECT_TRUE(AliceVerified());

  // The one-click POST, as a mail program sends it: done, and again is fine.
  const auto done = Post(path, "List-Unsubscribe=One-Click");
  ASSERT_TRUE(done);
  EXPECT_EQ(done->status, 200) << done->body;
  EXPECT_FALSE(AliceVerified());
  EXPECT_EQ(Post(path, "List-Unsubscribe=One-Click")->status, 200);

  // No more mail.
  AppendToOutbox(db_, YourTurn("one-click-2", "alice", "game-1", 2));
  ASSERT_TRUE(Eventually([&] { return QueryInt(db_, "SELECT count(*) FROM notification_events") == 2; }));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  EXPECT_EQ(catcher_->Mails().size(), 2u);

  // The gateway's log names the outcomes, never the token.
  const auto logged = gateway_->Finish();
  EXPECT_NE(logged.err.find("\"outcome\":\"unsubscribed\""), std::string::npos) << logged.err;
  EXPECT_NE(logged.err.find("\"outcome\":\"unknown_token\""), std::string::npos) << logged.err;
  EXPECT_EQ(logged.err.find(path.substr(std::string("/unsubscribe/").size())), std::string::npos) << logged.err;
}

TEST_F(OneClickUnsubscribe, AMultipartOneClickBodyIsAcceptedToo) {
  const std::string path = MailedAlice();
  const std::string body =
      "--b\r\nContent-Disposition: form-data; name=\"List-Unsubscribe\"\r\n\r\nOne-Click\r\n--b--\r\n";
  const auto done = Post(path, body, "multipart/form-data; boundary=b");
  ASSERT_TRUE(done);
  EXPECT_EQ(done->status, 200) << done->body;
  EXPECT_FALSE(AliceVerified());
}

}  // namespace
}  // namespace mailrun::notification::testing

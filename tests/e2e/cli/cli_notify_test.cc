// `mailrun notify ...` against the whole stack (issue 42), through the public API only: a player
// sets an email address (pending until the link mailed to a real SMTP server, Debian's aiosmtpd, is
// followed), sees it verified, adds a Discord webhook (its secret printed once, never listed),
// turns kinds off per channel and sees the service keep exactly that, chooses German mails, lists
// and removes devices, and removes the address; bad input exits 2 having sent nothing, a refusal exits 1.
#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>

#include "mailrun/v1/notification.grpc.pb.h"
#include "tests/e2e/cli/cli_helpers.h"
#include "tests/e2e/stack/child_process.h"
#include "tests/e2e/stack/stack.h"
#include "tests/integration/notification/smtp_catcher.h"
#include "tests/testing/servers.h"

namespace mailrun::e2e {
namespace {

using namespace std::chrono_literals;
using mailrun::notification::testing::SmtpCatcher;
using mailrun::notification::testing::TokenAfter;
using nlohmann::json;

class CliNotify : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    catcher_ = new SmtpCatcher(MAILRUN_SMTP_DIR);
    stack_ = new Stack("e2e_cli_notify", 1,
                       {{"MAILRUN_SMTP_URL", catcher_->url()},
                        {"MAILRUN_SMTP_FROM", "Mailrun <turns@mailrun.test>"},
                        {"MAILRUN_PUBLIC_URL", "https://mailrun.test"}});
  }
  static void TearDownTestSuite() {
    delete stack_;
    stack_ = nullptr;
    delete catcher_;
    catcher_ = nullptr;
  }
  void SetUp() override {
    home_ = MakeTempDir();
    env_ = stack_->ClientEnvironment();
    env_["HOME"] = home_;
    env_["XDG_CONFIG_HOME"] = home_ + "/config";
    env_["MAILRUN_PASSWORD"] = "notify-settings-password";
    env_.erase("MAILRUN_PROFILE");
  }
  void TearDown() override {
    if (!HasFailure()) std::filesystem::remove_all(home_);
  }
  ChildResult Mailrun(const std::string& line) {
    std::vector<std::string> argv = {mailrun::testing::BinaryPath("mailrun")};
    for (auto& word : Words(line)) argv.push_back(word);
    return RunChild(argv, env_, "", 60s);
  }

  static SmtpCatcher* catcher_;
  static Stack* stack_;
  std::string home_;
  std::map<std::string, std::string> env_;
};
SmtpCatcher* CliNotify::catcher_ = nullptr;
Stack* CliNotify::stack_ = nullptr;

#define ASSERT_DONE(result) ASSERT_EQ((result).exit_code, 0) << (result).Describe()
#define EXPECT_SHOWS(result, text) EXPECT_NE((result).out.find(text), std::string::npos) << (result).out

TEST_F(CliNotify, EmailWebhooksChannelsAndDevicesFromTheCommandLine) {
  ASSERT_DONE(Mailrun("register uma"));

  // Email: none, then pending until the mailed link is followed, then verified.
  auto r = Mailrun("notify email verify-status");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "No email address");
  EXPECT_EQ(Mailrun("notify email set not-an-address").exit_code, 2);
  r = Mailrun("notify email set uma@example.net");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "uma@example.net: pending");
  std::string token;
  for (int i = 0; i < 200 && token.empty(); ++i) {
    for (const auto& mail : catcher_->Mails()) {
      if (mail.find("uma@example.net") != std::string::npos) token = TokenAfter(mail, "https://mailrun.test/#/verify-email/");
    }
    if (token.empty()) std::this_thread::sleep_for(100ms);
  }
  ASSERT_FALSE(token.empty()) << "no verification mail reached the SMTP server";
  EXPECT_SHOWS(Mailrun("notify email verify-status"), "pending");
  // The link, as the browser page would follow it: no login, the token is the proof.
  auto notify = mailrun::v1::NotificationService::NewStub(Stack::Channel(stack_->notify_address()));
  mailrun::v1::VerifyEmailRequest verify;
  verify.set_token(token);
  mailrun::v1::VerifyEmailResponse verified;
  ASSERT_TRUE(CallAs(*notify, &mailrun::v1::NotificationService::Stub::VerifyEmail, "", verify, &verified).ok());
  r = Mailrun("notify email verify-status");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "uma@example.net: verified");
  r = Mailrun("--json notify email verify-status");
  ASSERT_DONE(r);
  EXPECT_EQ(json::parse(r.out).at("verified"), true) << r.out;

  // A webhook: its secret shown once; listed by host and shape, never by URL.
  EXPECT_EQ(Mailrun("notify webhook add discord.com/no-scheme").exit_code, 2);
  r = Mailrun("notify webhook add http://hooks.example.net/plain");
  EXPECT_EQ(r.exit_code, 1) << r.Describe();  // refused by the service: https only outside loopback
  EXPECT_NE(r.err.find("https"), std::string::npos) << r.err;
  r = Mailrun("--json notify webhook add https://discord.com/api/webhooks/7/secret-discord-token");
  ASSERT_DONE(r);
  const auto added = json::parse(r.out);
  const std::string webhook = added.at("deviceId");
  const std::string secret = added.at("webhookSecret");
  ASSERT_GE(secret.size(), 32u);
  r = Mailrun("notify webhook list");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, webhook);
  EXPECT_SHOWS(r, "webhook (Discord)");
  EXPECT_SHOWS(r, "discord.com");
  EXPECT_EQ(r.out.find("secret-discord-token"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(secret), std::string::npos) << r.out;

  // Channels: each change kept exactly by the service, the rest untouched.
  ASSERT_DONE(Mailrun("notify channels set reminder email off"));
  ASSERT_DONE(Mailrun("notify channels set all webhook off"));
  ASSERT_DONE(Mailrun("notify channels set chat-mention webhook on"));
  ASSERT_DONE(Mailrun("notify channels set your-turn push off"));
  EXPECT_EQ(Mailrun("notify channels set teatime email off").exit_code, 2);
  EXPECT_EQ(Mailrun("notify channels set reminder fax off").exit_code, 2);
  EXPECT_EQ(Mailrun("notify channels set reminder email maybe").exit_code, 2);
  r = Mailrun("--json notify channels show");
  ASSERT_DONE(r);
  const auto prefs = json::parse(r.out).at("preferences");
  EXPECT_EQ(prefs.at("mutedKinds"), json({"EVENT_KIND_YOUR_TURN"})) << prefs;
  EXPECT_EQ(prefs.at("emailMutedKinds"), json({"EVENT_KIND_REMINDER"})) << prefs;
  EXPECT_EQ(prefs.at("webhookMutedKinds"),
            json({"EVENT_KIND_YOUR_TURN", "EVENT_KIND_BOND_RETURNED", "EVENT_KIND_GAME_FINISHED",
                  "EVENT_KIND_TOURNAMENT_ROUND_STARTED", "EVENT_KIND_INVITATION_RECEIVED", "EVENT_KIND_REMINDER"}))
      << prefs;
  r = Mailrun("notify channels show");
  ASSERT_DONE(r);
  EXPECT_FALSE(Find(r.out, "(your-turn +off +on +off)").empty()) << r.out;
  EXPECT_FALSE(Find(r.out, "(reminder +on +off +off)").empty()) << r.out;
  EXPECT_FALSE(Find(r.out, "(chat-mention +on +on +on)").empty()) << r.out;
  EXPECT_SHOWS(r, "Mails are in English (en)");

  // The language of the mails: German kept by the service, the channels untouched; another refused.
  r = Mailrun("notify language de");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "Mails are in German (de)");
  EXPECT_FALSE(Find(r.out, "(reminder +on +off +off)").empty()) << r.out;
  EXPECT_EQ(Mailrun("notify language fr").exit_code, 2);
  r = Mailrun("--json notify channels show");
  ASSERT_DONE(r);
  EXPECT_EQ(json::parse(r.out).at("preferences").at("language"), "de") << r.out;
  ASSERT_DONE(Mailrun("notify channels set reminder email on"));
  r = Mailrun("--json notify channels show");
  ASSERT_DONE(r);
  EXPECT_EQ(json::parse(r.out).at("preferences").at("language"), "de") << "a channel change keeps the language";
  ASSERT_DONE(Mailrun("notify channels set reminder email off"));

  // Devices: listed, removed; an unknown one is the service's refusal.
  r = Mailrun("notify devices list");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, webhook);
  r = Mailrun("notify devices remove no-such-device");
  EXPECT_EQ(r.exit_code, 1) << r.Describe();
  EXPECT_EQ(Mailrun("notify webhook remove no-such-device").exit_code, 2);
  ASSERT_DONE(Mailrun("notify webhook remove " + webhook));
  r = Mailrun("notify webhook list");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "No webhooks");
  r = Mailrun("--json notify devices list");
  ASSERT_DONE(r);
  EXPECT_EQ(json::parse(r.out).value("devices", json::array()).size(), 0u) << r.out;

  // The address removed: no more mail.
  r = Mailrun("notify email remove");
  ASSERT_DONE(r);
  EXPECT_SHOWS(r, "removed");
  EXPECT_SHOWS(Mailrun("notify email verify-status"), "No email address");
}

}  // namespace
}  // namespace mailrun::e2e

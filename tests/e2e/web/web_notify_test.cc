// Issue 42 in a real browser (Debian's chromium through puppeteer-core) against the real stack,
// its notification service mailing through a real SMTP server (aiosmtpd, read from its Maildir):
//   - the Settings screen (browser_settings.mjs): email address pending then verified by the
//     mailed link opened with no login, webhooks added, refused and removed, channel choices; and
//     the unsubscribe link of a real your-turn mail. Checked here through the services: what the
//     screen showed is what the notification service keeps.
//   - a game's last view readable offline (browser_offline.mjs): marked "Offline — as of <time>"
//     with DevTools' offline emulation and with the gateway stopped, unmarked when back.
// axe-core finds no serious or critical violation on any of these screens.
#include <gtest/gtest.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "mailrun/v1/lobby.grpc.pb.h"
#include "mailrun/v1/notification.grpc.pb.h"
#include "tests/e2e/stack/child_process.h"
#include "tests/e2e/stack/gateway_process.h"
#include "tests/e2e/stack/stack.h"
#include "tests/e2e/web/script_run.h"
#include "tests/integration/notification/smtp_catcher.h"
#include "tests/testing/servers.h"

namespace mailrun::e2e {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;
using NotifyStub = mailrun::v1::NotificationService::Stub;

constexpr char kPublicUrl[] = "https://mailrun.test";  // where the mails' links point

class WebNotify : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    catcher_ = new mailrun::notification::testing::SmtpCatcher(MAILRUN_SMTP_DIR);
    suite_ = new GatewaySuite("tests/e2e/web/setup.sh", MAILRUN_E2E_WEB_CLIENT_DIR, "e2e_web_notify", MAILRUN_GATEWAY_DIR,
                              {{"MAILRUN_GATEWAY_WEB_DIR", MAILRUN_WEB_DIR}},
                              {{"MAILRUN_SMTP_URL", catcher_->url()},
                               {"MAILRUN_SMTP_FROM", "Mailrun <turns@mailrun.test>"},
                               {"MAILRUN_PUBLIC_URL", kPublicUrl}});
  }
  static void TearDownTestSuite() {
    delete suite_;
    suite_ = nullptr;
    delete catcher_;
    catcher_ = nullptr;
  }

  // Runs tests/e2e/web/NAME with what it needs (the suite's gateway, or the stack's services and
  // the build for a gateway of its own; the Maildir); what it saw, parsed.
  static void RunScript(const std::string& name, std::chrono::seconds limit, json* saw) {
    RunSuiteScript(*suite_, name, limit, {{"MAILRUN_MAILDIR", catcher_->maildir()}, {"MAILRUN_PUBLIC_URL", kPublicUrl}}, saw);
  }

  // The access token of a player the script registered (its password).
  static std::string TokenOf(const std::string& name) {
    auto lobby = mailrun::v1::LobbyService::NewStub(Stack::Channel(suite_->stack.lobby_address()));
    mailrun::v1::LoginRequest login;
    login.set_request_id("web-notify-login-" + name);
    login.set_display_name(name);
    login.set_password("browser-test-password");
    mailrun::v1::AuthResponse auth;
    EXPECT_TRUE(CallAs(*lobby, &mailrun::v1::LobbyService::Stub::Login, "", login, &auth).ok());
    return auth.access_token();
  }

  static mailrun::notification::testing::SmtpCatcher* catcher_;
  static GatewaySuite* suite_;
};
mailrun::notification::testing::SmtpCatcher* WebNotify::catcher_ = nullptr;
GatewaySuite* WebNotify::suite_ = nullptr;

// axe-core's serious and critical violations on each screen a script checked, listed.
std::string Serious(const json& axe) {
  std::string found;
  for (const auto& [screen, violations] : axe.items()) {
    for (const auto& v : violations) {
      if (v.value("impact", "") == "serious" || v.value("impact", "") == "critical") found += screen + ": " + v.dump() + "\n";
    }
  }
  return found;
}

bool Has(const json& saw, const std::string& text) { return saw.get<std::string>().find(text) != std::string::npos; }

TEST_F(WebNotify, TheSettingsScreenAndTheMailLinksDoWhatTheySay) {
  json saw;
  ASSERT_NO_FATAL_FAILURE(RunScript("browser_settings.mjs", 300s, &saw));
  EXPECT_EQ(Serious(saw.at("axe")), "");
  // Phone-first: nothing wider than the phone, every channel tick a 44 px target.
  EXPECT_LE(saw.at("pageWidth").get<int>(), 360);
  ASSERT_EQ(saw.at("tickTargets").size(), 15u);  // five kinds by three channels
  for (const auto& target : saw.at("tickTargets")) {
    EXPECT_GE(target.at("width").get<int>(), 44) << target;
    EXPECT_GE(target.at("height").get<int>(), 44) << target;
  }
  // Email: pending until the link is followed; the link page confirms with no login; a used or
  // made-up link says it did not work; Settings then shows the address verified.
  EXPECT_TRUE(Has(saw.at("emailBefore"), "No address")) << saw.at("emailBefore");
  EXPECT_EQ(saw.at("emailPending").at("address"), "farah@example.net");
  EXPECT_EQ(saw.at("emailPending").at("status"), "Pending");
  EXPECT_EQ(saw.at("verifyLink").get<std::string>().rfind(std::string(kPublicUrl) + "/#/verify-email/", 0), 0u);
  EXPECT_TRUE(Has(saw.at("verifyPage").at("text"), "Thank you: Mailrun will mail farah@example.net")) << saw.at("verifyPage");
  EXPECT_TRUE(Has(saw.at("verifyAgainPage").at("text"), "did not work")) << saw.at("verifyAgainPage");
  EXPECT_TRUE(Has(saw.at("verifyAgainPage").at("text"), "used")) << saw.at("verifyAgainPage");
  EXPECT_TRUE(Has(saw.at("madeUpLinkPage").at("text"), "did not work")) << saw.at("madeUpLinkPage");
  EXPECT_EQ(saw.at("emailVerified"), "Verified");
  // Webhooks: http:// refused with the service's reason; a Discord one listed by host, its secret
  // shown once and its URL nowhere on the page.
  EXPECT_TRUE(Has(saw.at("webhookRefusal"), "https")) << saw.at("webhookRefusal");
  EXPECT_TRUE(Has(saw.at("webhook").at("listed"), "Discord")) << saw.at("webhook");
  EXPECT_TRUE(Has(saw.at("webhook").at("listed"), "discord.com")) << saw.at("webhook");
  EXPECT_GE(saw.at("webhook").at("secret").get<std::string>().size(), 32u);
  EXPECT_FALSE(saw.at("webhook").at("pageShowsUrl").get<bool>());
  EXPECT_EQ(saw.at("channelsAfterReload"), json({"channel-webhook-1", "channel-email-6"}));
  // The unsubscribe link of the your-turn mail (its List-Unsubscribe the same; the gateway sends
  // the browser on to the page) stops the mail.
  const std::string unsubscribe = saw.at("unsubscribeLink");
  EXPECT_EQ(unsubscribe.rfind(std::string(kPublicUrl) + "/unsubscribe/", 0), 0u) << unsubscribe;
  EXPECT_EQ(saw.at("listUnsubscribe"), "<" + unsubscribe + ">");
  EXPECT_TRUE(Has(saw.at("unsubscribePage").at("text"), "no more mail")) << saw.at("unsubscribePage");

  // The service keeps what the screen showed.
  NotifyStub notify(Stack::Channel(suite_->stack.notify_address()));
  const std::string token = TokenOf(saw.at("player"));
  mailrun::v1::GetPreferencesResponse prefs;
  ASSERT_TRUE(CallAs(notify, &NotifyStub::GetPreferences, token, mailrun::v1::GetPreferencesRequest(), &prefs).ok());
  EXPECT_EQ(prefs.email().address(), "farah@example.net");
  EXPECT_FALSE(prefs.email().verified()) << "still mailed after the unsubscribe link";
  ASSERT_EQ(prefs.preferences().email_muted_kinds_size(), 1);
  EXPECT_EQ(prefs.preferences().email_muted_kinds(0), mailrun::v1::EVENT_KIND_REMINDER);
  ASSERT_EQ(prefs.preferences().webhook_muted_kinds_size(), 1);
  EXPECT_EQ(prefs.preferences().webhook_muted_kinds(0), mailrun::v1::EVENT_KIND_YOUR_TURN);
  EXPECT_EQ(prefs.preferences().muted_kinds_size(), 0);
  mailrun::v1::ListDevicesResponse devices;
  ASSERT_TRUE(CallAs(notify, &NotifyStub::ListDevices, token, mailrun::v1::ListDevicesRequest(), &devices).ok());
  ASSERT_EQ(devices.devices_size(), 1) << devices.DebugString();
  EXPECT_EQ(devices.devices(0).device_id(), saw.at("webhooksLeft").at(0));
  EXPECT_EQ(devices.devices(0).webhook_shape(), mailrun::v1::WEBHOOK_SHAPE_SLACK);
}

TEST_F(WebNotify, AGameIsReadableOfflineMarkedWithTheTimeOfItsView) {
  json saw;
  ASSERT_NO_FATAL_FAILURE(RunScript("browser_offline.mjs", 300s, &saw));
  EXPECT_EQ(Serious(saw.at("axe")), "");
  EXPECT_TRUE(saw.at("online").at("mark").is_null()) << saw.at("online");
  // Online at the player's turn the screen says so; offline it says neither that nor "reconnecting".
  EXPECT_TRUE(Has(saw.at("online").at("status"), "Your turn")) << saw.at("online");
  EXPECT_TRUE(Has(saw.at("gatewayBack").at("status"), "Your turn")) << saw.at("gatewayBack");
  for (const char* cut : {"devtools", "gateway"}) {
    SCOPED_TRACE(cut);
    const auto& offline = saw.at(cut);
    EXPECT_EQ(offline.at("version"), saw.at("online").at("version")) << "not the view last seen: " << offline;
    ASSERT_TRUE(offline.at("mark").is_object()) << offline;
    EXPECT_TRUE(Has(offline.at("mark").at("text"), "Offline — as of")) << offline;
    for (const char* claim : {"Your turn", "your turn", "reconnecting", "Waiting for"}) {
      EXPECT_FALSE(Has(offline.at("status"), claim)) << claim << " offline: " << offline;
      EXPECT_FALSE(Has(offline.at("glanceTurn"), claim)) << claim << " offline: " << offline;
    }
    EXPECT_TRUE(Has(offline.at("status"), "offline")) << offline;
    // The time of the view kept: when the game was opened (or renewed since), not now.
    const int64_t saved_at = offline.at("mark").at("savedAt").get<int64_t>();
    EXPECT_GT(saved_at, offline.at("openedAt").get<int64_t>() - 120'000) << offline;
    EXPECT_LE(saved_at, offline.at("openedAt").get<int64_t>() + 60'000) << offline;
  }
  EXPECT_TRUE(saw.at("backOnline").at("mark").is_null()) << saw.at("backOnline");
  EXPECT_TRUE(saw.at("gatewayBack").at("mark").is_null()) << saw.at("gatewayBack");
  EXPECT_GE(saw.at("keptBeforeLogout").get<int>(), 3) << "GetGame, GetComponents and GetHistory kept";
  EXPECT_EQ(saw.at("keptAfterLogout").get<int>(), 0) << "the kept views outlived the log-out";
}

}  // namespace
}  // namespace mailrun::e2e

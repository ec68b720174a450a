// Issue 42 in real browsers against the real stack, its notification service sending Web Push
// (a VAPID key of the tests', loopback endpoints allowed):
//   - Firefox (browser_firefox_push.mjs): push turned on in Settings, the subscription registered
//     as a device, a your-turn from a real move sent by the notification service to the push
//     service stand-in Firefox is pointed at (firefox_push_service.mjs), decrypted by Firefox and
//     shown by the app's service worker;
//   - Chromium (browser_renewal.mjs): an open game's kept view renewed by the service worker after
//     the game moved on elsewhere, and shown offline at that newer version.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "mailrun/v1/notification.grpc.pb.h"
#include "tests/e2e/stack/child_process.h"
#include "tests/e2e/stack/gateway_process.h"
#include "tests/e2e/stack/stack.h"
#include "tests/e2e/web/script_run.h"
#include "tests/integration/notification/push_service_standin.h"
#include "tests/testing/servers.h"

namespace mailrun::e2e {
namespace {

using namespace std::chrono_literals;
using nlohmann::json;

class WebPushBrowser : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    suite_ = new GatewaySuite("tests/e2e/web/setup.sh", MAILRUN_E2E_WEB_CLIENT_DIR, "e2e_web_push", MAILRUN_GATEWAY_DIR,
                              {{"MAILRUN_GATEWAY_WEB_DIR", MAILRUN_WEB_DIR}},
                              {{"MAILRUN_WEB_PUSH_VAPID_KEY_FILES", mailrun::notification::testing::TestVapidKeyFile()},
                               {"MAILRUN_WEB_PUSH_SUBJECT", "mailto:tests@mailrun.test"},
                               {"MAILRUN_EGRESS_ALLOW_LOOPBACK", "true"}});
  }
  static void TearDownTestSuite() {
    delete suite_;
    suite_ = nullptr;
  }

  static void RunScript(const std::string& name, std::chrono::seconds limit, json* saw) {
    RunSuiteScript(*suite_, name, limit, {}, saw);
  }

  static GatewaySuite* suite_;
};
GatewaySuite* WebPushBrowser::suite_ = nullptr;

TEST_F(WebPushBrowser, AYourTurnReachesFirefoxByWebPushAndItsServiceWorkerShowsIt) {
  json saw;
  ASSERT_NO_FATAL_FAILURE(RunScript("browser_firefox_push.mjs", 300s, &saw));
  SCOPED_TRACE(saw.dump());
  EXPECT_TRUE(saw.at("connectedToPushService").get<bool>()) << "Firefox never said hello to the push service stand-in";
  // Settings: off, then on; the app subscribed with the service's VAPID key at the stand-in, and
  // registered that subscription as this player's Web Push device.
  EXPECT_EQ(saw.at("pushBefore").get<std::string>().rfind("Off", 0), 0u);
  EXPECT_EQ(saw.at("pushAfter").get<std::string>().rfind("On", 0), 0u);
  ASSERT_TRUE(saw.at("subscription").is_object());
  const std::string endpoint = saw.at("subscription").at("endpoint");
  ASSERT_EQ(saw.at("registrations").size(), 1u);
  EXPECT_EQ(endpoint.substr(endpoint.rfind('/') + 1), saw.at("registrations").at(0).at("channelID"));
  ASSERT_EQ(saw.at("devices").size(), 1u);
  EXPECT_EQ(saw.at("devices").at(0).at("platform"), "PLATFORM_WEB_PUSH");
  // The your-turn: POSTed by the notification service to the endpoint (aes128gcm, high urgency,
  // the game's Topic), passed to Firefox, decrypted there (ack code 100: delivered to the app).
  ASSERT_FALSE(saw.at("pushes").empty());
  const json& push = saw.at("pushes").at(0);
  EXPECT_EQ(push.at("status"), 201);
  EXPECT_EQ(push.at("encoding"), "aes128gcm");
  EXPECT_EQ(push.at("urgency"), "high");
  EXPECT_EQ(push.at("topic").get<std::string>().size(), 32u);
  EXPECT_EQ(saw.at("ackCode"), 100) << "Firefox did not decrypt and deliver the push";
  // The service worker showed it: one notification for the game, which opens the game.
  ASSERT_EQ(saw.at("notifications").size(), 1u);
  const json& shown = saw.at("notifications").at(0);
  EXPECT_EQ(shown.at("tag"), "turn-" + saw.at("gameId").get<std::string>());
  EXPECT_NE(shown.at("title").get<std::string>().find("turn"), std::string::npos);
  EXPECT_EQ(shown.at("data").at("url"), "/#/game/" + saw.at("gameId").get<std::string>());
}

TEST_F(WebPushBrowser, AnOpenGamesKeptViewIsRenewedAndShownOfflineAtTheNewerVersion) {
  json saw;
  ASSERT_NO_FATAL_FAILURE(RunScript("browser_renewal.mjs", 360s, &saw));
  SCOPED_TRACE(saw.dump());
  const int64_t opened = saw.at("opened").at("version");
  const int64_t moved = saw.at("moved").at("version");
  ASSERT_GT(moved, opened);
  EXPECT_EQ(saw.at("keptAtOpen").at("version"), opened);
  // Followed live on the page (deltas, not kept): the kept view is still the opened one ...
  EXPECT_EQ(saw.at("keptAfterMove").at("version"), opened);
  // ... until the worker renews it, after the move.
  EXPECT_EQ(saw.at("renewed").at("version"), moved);
  EXPECT_GE(saw.at("renewed").at("savedAt").get<int64_t>(), saw.at("moved").at("at").get<int64_t>() - 1000);
  // Offline, the game shows the newer version, marked with the time of the renewal.
  EXPECT_EQ(saw.at("offline").at("version"), moved);
  EXPECT_NE(saw.at("offline").at("mark").get<std::string>().find("Offline — as of"), std::string::npos);
  EXPECT_EQ(saw.at("offline").at("savedAt"), saw.at("renewed").at("savedAt"));
}

}  // namespace
}  // namespace mailrun::e2e

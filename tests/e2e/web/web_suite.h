// The fixture of the web client's browser tests (web_test.cc, web_table_test.cc): one stack and
// gateway for the suite (GatewaySuite), a browser script run against it (RunBrowser: what it saw,
// as JSON), a player logged in through the lobby, a log entry read back, and axe-core's serious
// and critical violations listed. Shared by the test files of e2e_web_tests (one Web suite).
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "tests/e2e/stack/child_process.h"
#include "tests/e2e/stack/gateway_process.h"
#include "tests/e2e/stack/stack.h"
#include "tests/e2e/web/script_run.h"
#include "tests/testing/servers.h"

namespace mailrun::e2e {

using namespace std::chrono_literals;
using GameStub = mailrun::v1::GameService::Stub;

inline constexpr char kPassword[] = "browser-test-password";  // browser_game.mjs registers its players with it

class Web : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    // The lobby allows turn deadlines of 2 s and the game service counts missed ones every second,
    // so that the seat test's abandoned seat takes seconds (web_seats_test.cc).
    suite_ = new GatewaySuite("tests/e2e/web/setup.sh", MAILRUN_E2E_WEB_CLIENT_DIR, "e2e_web", MAILRUN_GATEWAY_DIR,
                             {{"MAILRUN_GATEWAY_WEB_DIR", MAILRUN_WEB_DIR}}, {},
                             {{"MAILRUN_SHORTEST_TURN_DEADLINE_SECONDS", "2"}, {"MAILRUN_SEAT_CHECK_MS", "1000"}});
  }
  static void TearDownTestSuite() {
    delete suite_;
    suite_ = nullptr;
  }

  // Runs a browser script (tests/e2e/web/NAME) against the suite's gateway, with screenshots
  // where MAILRUN_SCREENSHOTS says (tools/web_screenshots.sh); what it saw, parsed.
  static void RunBrowser(const std::string& name, std::chrono::seconds limit, nlohmann::json* saw) {
    RunSuiteScript(*suite_, name, limit, {}, saw);
  }

  // Logs the browser script's player `name` in through the lobby (the password it registered with).
  static void LogIn(const std::string& name, const std::string& request_id, mailrun::v1::AuthResponse* auth) {
    auto lobby = mailrun::v1::LobbyService::NewStub(Stack::Channel(suite_->stack.lobby_address()));
    mailrun::v1::LoginRequest login;
    login.set_request_id(request_id);
    login.set_display_name(name);
    login.set_password(kPassword);
    ASSERT_TRUE(CallAs(*lobby, &mailrun::v1::LobbyService::Stub::Login, "", login, auth).ok());
  }

  static inline GatewaySuite* suite_ = nullptr;
};

// The log entry that made `version` of the game, as `token`'s player reads it.
inline mailrun::v1::HistoryEntry EntryAt(GameStub& game, const std::string& token, const std::string& game_id, int64_t version) {
  mailrun::v1::GetHistoryRequest one;
  one.set_game_id(game_id);
  one.set_after_seq(version - 1);
  one.set_page_size(1);
  mailrun::v1::GetHistoryResponse page;
  EXPECT_TRUE(CallAs(game, &GameStub::GetHistory, token, one, &page).ok());
  return page.entries_size() == 1 ? page.entries(0) : mailrun::v1::HistoryEntry();
}

// The game as `token`'s player saw it at `version`.
inline mailrun::v1::GetGameResponse ViewAt(GameStub& game, const std::string& token, const std::string& game_id,
                                           int64_t version) {
  mailrun::v1::GetGameRequest get;
  get.set_game_id(game_id);
  get.set_at_version(version);
  mailrun::v1::GetGameResponse answer;
  EXPECT_TRUE(CallAs(game, &GameStub::GetGame, token, get, &answer).ok());
  return answer;
}

// A 1947 game's money in play: the players' cash and the railways' treasuries.
inline int64_t Money1947(const mailrun::v1::GetGameResponse& answer) {
  int64_t total = 0;
  for (const auto& player : answer.view().game_1947().players()) total += player.cash();
  for (const auto& railway : answer.view().game_1947().railways()) total += railway.treasury();
  return total;
}

// axe-core's serious and critical violations among those a script saw on each screen, listed.
inline std::string SeriousViolations(const nlohmann::json& axe) {
  std::string found;
  for (const auto& [screen, violations] : axe.items()) {
    for (const auto& v : violations) {
      const std::string impact = v.value("impact", "");
      if (impact == "serious" || impact == "critical") found += screen + ": " + v.dump() + "\n";
    }
  }
  return found;
}

}  // namespace mailrun::e2e

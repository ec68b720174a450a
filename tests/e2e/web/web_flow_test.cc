// Two hands-on flows of the web client in a real browser against the real stack (issue 48, item 7):
// the host taken to the game when the table fills (tests/e2e/web/browser_host.mjs), and Undo offered
// only when it can work, and working (browser_undo.mjs). The scripts report what the phone showed;
// these tests check it, and check through the lobby and the game service themselves that the game
// the host was taken to is the table's, that the undo took back exactly the move it offered to,
// and that the undo the screen did not offer is one the service refuses (2.5.2.3).
#include <gtest/gtest.h>

#include <iostream>
#include <nlohmann/json.hpp>
#include <string>

#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "tests/e2e/web/web_suite.h"

namespace mailrun::e2e {
namespace {

using LobbyStub = mailrun::v1::LobbyService::Stub;

TEST_F(Web, TheHostIsTakenToTheGameWhenTheTableFills) {
  nlohmann::json saw;
  ASSERT_NO_FATAL_FAILURE(RunBrowser("browser_host.mjs", 240s, &saw));
  std::cout << "host browser timings (ms since start): " << saw.at("timings").dump() << ", taken to the game after "
            << saw.at("tookMs") << " ms\n";
  EXPECT_EQ(saw.at("hashWithASeatOpen"), "#/lobby") << "the host left the lobby before the table was full";
  EXPECT_TRUE(saw.at("sameDocument").get<bool>()) << "the page was reloaded or replaced, not taken on";
  EXPECT_LE(saw.at("tookMs").get<int>(), 15000) << "the lobby re-reads the host's tables every 4 s";
  EXPECT_EQ(SeriousViolations(saw.at("axe")), "");

  // The game the page opened is the table's, and the host has a seat in it.
  mailrun::v1::AuthResponse hana;
  ASSERT_NO_FATAL_FAILURE(LogIn("Hana", "web-flow-login-hana", &hana));
  auto lobby = mailrun::v1::LobbyService::NewStub(Stack::Channel(suite_->stack.lobby_address()));
  mailrun::v1::GetTableRequest get_table;
  get_table.set_table_id(saw.at("tableId").get<std::string>());
  mailrun::v1::Table table;
  ASSERT_TRUE(CallAs(*lobby, &LobbyStub::GetTable, hana.access_token(), get_table, &table).ok());
  ASSERT_FALSE(table.game_id().empty()) << "the full table has no game";
  EXPECT_EQ(saw.at("hashInGame"), "#/game/" + table.game_id());
  EXPECT_EQ(table.players_size(), 3);
  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(suite_->stack.game_address()));
  mailrun::v1::GetGameRequest get;
  get.set_game_id(table.game_id());
  mailrun::v1::GetGameResponse now;
  ASSERT_TRUE(CallAs(*game, &GameStub::GetGame, hana.access_token(), get, &now).ok());
  EXPECT_GE(now.your_seat(), 0);
  EXPECT_EQ(saw.at("screenVersion"), std::to_string(now.version())) << "the screen showed another version than the game's";
}

TEST_F(Web, UndoIsOfferedOnlyWhenItCanWorkAndWorks) {
  nlohmann::json saw;
  ASSERT_NO_FATAL_FAILURE(RunBrowser("browser_undo.mjs", 300s, &saw));
  std::cout << "undo browser timings (ms since start): " << saw.at("timings").dump() << "\n";
  const auto& first = saw.at("first");
  const auto offered = [](const nlohmann::json& at) { return at.at("undo") == "offered" && !at.at("button").is_null(); };
  const auto none = [](const nlohmann::json& at, const std::string& why) { return at.at("undo") == why && at.at("button").is_null(); };
  EXPECT_TRUE(none(first.at("atStart"), "nothing")) << first.at("atStart");
  EXPECT_TRUE(none(first.at("afterVik"), "others")) << first.at("afterVik");
  EXPECT_TRUE(offered(first.at("afterOwn"))) << first.at("afterOwn");
  EXPECT_EQ(first.at("afterOwn").at("button").at("words"), "Undo my last move");
  EXPECT_FALSE(first.at("afterOwn").at("button").at("disabled").get<bool>());
  EXPECT_TRUE(none(first.at("afterUndo"), "others")) << "after the undo, Vik's bond is the latest move " << first.at("afterUndo");
  EXPECT_TRUE(first.at("afterUndo").at("bondForm").get<bool>()) << "the bond form did not come back";
  EXPECT_TRUE(offered(first.at("afterAgain"))) << first.at("afterAgain");
  EXPECT_TRUE(none(first.at("afterWes"), "others")) << "Wes has moved since " << first.at("afterWes");
  const auto& second = saw.at("second");
  EXPECT_TRUE(none(second.at("beforeOwn"), "others")) << second.at("beforeOwn");
  EXPECT_TRUE(none(second.at("afterOwn"), "rules")) << second.at("afterOwn");
  EXPECT_NE(second.at("afterOwn").at("forbidden").get<std::string>().find("2.5.2.3"), std::string::npos) << second.at("afterOwn");
  EXPECT_EQ(SeriousViolations(saw.at("axe")), "");

  // The log as the game service keeps it: Uma's bond at v, her undo of it at v+1, her bond again at
  // v+2 (in effect), Wes's at v+3.
  mailrun::v1::AuthResponse uma;
  ASSERT_NO_FATAL_FAILURE(LogIn("Uma", "web-flow-login-uma", &uma));
  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(suite_->stack.game_address()));
  const std::string first_game = first.at("gameId");
  const int64_t v = first.at("vikVersion").get<int64_t>() + 1;
  mailrun::v1::GetGameRequest get;
  get.set_game_id(first_game);
  mailrun::v1::GetGameResponse now;
  ASSERT_TRUE(CallAs(*game, &GameStub::GetGame, uma.access_token(), get, &now).ok());
  const int uma_seat = now.your_seat();
  ASSERT_GE(uma_seat, 0);
  EXPECT_EQ(now.version(), first.at("wesVersion").get<int64_t>()) << "a move was made twice or lost";
  const auto bond = EntryAt(*game, uma.access_token(), first_game, v);
  EXPECT_EQ(bond.seat(), uma_seat);
  EXPECT_TRUE(bond.undone()) << "the bond Undo was offered for was not taken back";
  const auto undo = EntryAt(*game, uma.access_token(), first_game, v + 1);
  EXPECT_EQ(undo.undoes_seq(), v);
  EXPECT_EQ(undo.seat(), uma_seat);
  const auto again = EntryAt(*game, uma.access_token(), first_game, v + 2);
  EXPECT_EQ(again.seat(), uma_seat);
  EXPECT_FALSE(again.undone());
  EXPECT_EQ(again.undoes_seq(), 0);
  EXPECT_EQ(first.at("wesVersion").get<int64_t>(), v + 3);

  // The undo the screen did not offer: the service refuses it, citing 2.5.2.3, and nothing changes.
  const std::string second_game = second.at("gameId");
  mailrun::v1::UndoLastActionRequest take_back;
  take_back.set_game_id(second_game);
  take_back.set_request_id("web-flow-refused-undo");
  take_back.set_expected_version(second.at("version").get<int64_t>());
  mailrun::v1::UndoLastActionResponse refused;
  const grpc::Status status = CallAs(*game, &GameStub::UndoLastAction, uma.access_token(), take_back, &refused);
  EXPECT_EQ(status.error_code(), grpc::StatusCode::FAILED_PRECONDITION) << status.error_message();
  EXPECT_NE(status.error_message().find("2.5.2.3"), std::string::npos) << status.error_message();
  get.set_game_id(second_game);
  ASSERT_TRUE(CallAs(*game, &GameStub::GetGame, uma.access_token(), get, &now).ok());
  EXPECT_EQ(now.version(), second.at("version").get<int64_t>());
}

}  // namespace
}  // namespace mailrun::e2e

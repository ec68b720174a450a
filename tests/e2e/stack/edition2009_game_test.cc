// Acceptance 3 of issue 18: a table of 1853's 2009 Lookout edition through the whole stack (real
// PostgreSQL and Redis, the three service binaries). Three players register, one opens a 2009
// table, the others join and the lobby starts the game in the game service; the reference bot then
// plays every seat to the end through the game service's API, and the lobby records the result
// on the 2009 edition's own ladder (ratings are kept per title and edition).
//
// The bot plays through the API on a local engine copy kept in step with the service
// (tests/e2e/stack/bot_players.h). The shortened game of 2.4 (£7,760) keeps the game quick.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <thread>

#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "tests/e2e/stack/bot_players.h"
#include "tests/e2e/stack/game_calls.h"
#include "tests/e2e/stack/stack.h"
#include "tests/e2e/stack/table_setup.h"

namespace mailrun::e2e {
namespace {

using GameStub = mailrun::v1::GameService::Stub;
using LobbyStub = mailrun::v1::LobbyService::Stub;

constexpr int kMaxMoves = 3000;

class Edition2009ThroughTheStack : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { stack_ = new Stack("e2e_2009_game"); }
  static void TearDownTestSuite() {
    delete stack_;
    stack_ = nullptr;
  }
  void SetUp() override {
    lobby_ = mailrun::v1::LobbyService::NewStub(Stack::Channel(stack_->lobby_address()));
    game_ = mailrun::v1::GameService::NewStub(Stack::Channel(stack_->game_address()));
  }

  static Stack* stack_;
  std::unique_ptr<LobbyStub> lobby_;
  std::unique_ptr<GameStub> game_;
};
Stack* Edition2009ThroughTheStack::stack_ = nullptr;

TEST_F(Edition2009ThroughTheStack, ThreePlayersPlayA2009TableToTheEnd) {
  std::vector<Account> accounts;
  for (const std::string name : {"Jeff", "Lou", "Dick"}) {
    accounts.push_back(RegisterAccount(*lobby_, name, "password-of-" + name));
    ASSERT_FALSE(accounts.back().token.empty()) << name;
  }
  mailrun::v1::GameOptions options;
  options.set_bank(mailrun::v1::BANK_STANDARD);  // 2.4: the shortened game, £7,760
  const mailrun::v1::Table table =
      SeatAndStart(*lobby_, accounts, 3, options, mailrun::v1::TITLE_1853, mailrun::v1::EDITION_LOOKOUT_2009);
  ASSERT_EQ(table.status(), mailrun::v1::TABLE_STATUS_PLAYING) << stack_->LogTails();
  EXPECT_EQ(table.edition(), mailrun::v1::EDITION_LOOKOUT_2009);
  EXPECT_TRUE(table.board_reconstructed()) << "the 2009 board is a reconstruction (docs/board-data.md)";
  const std::string game_id = table.game_id();

  const auto first = GetGameAs(*game_, accounts[0].token, game_id);
  ASSERT_EQ(first.view().edition(), mailrun::v1::EDITION_LOOKOUT_2009);
  EXPECT_EQ(first.view().phase(), 2) << "4.10.2: the game starts in phase 2";
  EXPECT_EQ(first.view().bank_cash(), 7760 - 3 * 730) << "2.4 and 2.3";

  auto bots = BotPlayers::Sit(*game_, table, accounts, 2009);
  ASSERT_TRUE(bots.has_value());
  int moves = 0;
  for (; moves < kMaxMoves && !bots->Finished(); ++moves) ASSERT_TRUE(bots->PlayOne()) << "move " << moves;
  ASSERT_TRUE(bots->Finished()) << "the game did not end within " << kMaxMoves << " moves";
  const auto final_state = GetGameAs(*game_, accounts[0].token, game_id);
  EXPECT_EQ(final_state.status(), mailrun::v1::GAME_STATUS_FINISHED);
  EXPECT_EQ(final_state.version(), bots->version());

  // The lobby hears of the end and keeps the result on the 2009 edition's ladder.
  bool rated = false;
  for (int attempt = 0; attempt < 150 && !rated; ++attempt) {
    mailrun::v1::GetLeaderboardRequest request;
    request.set_title(mailrun::v1::TITLE_1853);
    request.set_edition(mailrun::v1::EDITION_LOOKOUT_2009);
    mailrun::v1::Leaderboard board;
    if (CallAs(*lobby_, &LobbyStub::GetLeaderboard, accounts[0].token, request, &board).ok()) {
      rated = board.entries_size() == 3;
    }
    if (!rated) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  EXPECT_TRUE(rated) << "the 2009 ladder lists the three players\n" << stack_->LogTails();
  mailrun::v1::GetLeaderboardRequest retuned;
  retuned.set_title(mailrun::v1::TITLE_1853);
  retuned.set_edition(mailrun::v1::EDITION_RETUNED);
  mailrun::v1::Leaderboard retuned_board;
  ASSERT_TRUE(CallAs(*lobby_, &LobbyStub::GetLeaderboard, accounts[0].token, retuned, &retuned_board).ok());
  EXPECT_EQ(retuned_board.entries_size(), 0) << "a 2009 game leaves the Retuned ladder alone";
  std::cout << "[ played    ] " << moves << " moves of a 2009 game through the stack\n";
}

}  // namespace
}  // namespace mailrun::e2e

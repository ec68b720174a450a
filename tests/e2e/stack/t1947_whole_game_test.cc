// Acceptance 3 of issue 25: a 1947 game played to its end through the whole stack (real PostgreSQL
// and Redis, the three service binaries). Three players register, one opens a 1947 table, the
// others join and the lobby starts the game; the reference bot (engine/titles/t1947/bot.h)
// then plays every seat through the game service's API (tests/e2e/stack/bot_players.h: the
// service's legal actions must be the local copy's at every move, and its log lines too) until the
// game ends (7.0). Then the notification service has told every player that the game finished, and
// the lobby has recorded the result on the 1947 ladder and left 1853's alone.
#include <gtest/gtest.h>

#include <chrono>
#include <iostream>
#include <thread>

#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "mailrun/v1/notification.grpc.pb.h"
#include "tests/e2e/stack/bot_players.h"
#include "tests/e2e/stack/game_calls.h"
#include "tests/e2e/stack/stack.h"
#include "tests/e2e/stack/table_setup.h"

namespace mailrun::e2e {
namespace {

using GameStub = mailrun::v1::GameService::Stub;
using LobbyStub = mailrun::v1::LobbyService::Stub;
using NotifyStub = mailrun::v1::NotificationService::Stub;

constexpr int kMaxMoves = 20000;

class T1947WholeGame : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { stack_ = new Stack("e2e_1947_whole_game"); }
  static void TearDownTestSuite() {
    delete stack_;
    stack_ = nullptr;
  }
  void SetUp() override {
    lobby_ = mailrun::v1::LobbyService::NewStub(Stack::Channel(stack_->lobby_address()));
    game_ = mailrun::v1::GameService::NewStub(Stack::Channel(stack_->game_address()));
    notify_ = mailrun::v1::NotificationService::NewStub(Stack::Channel(stack_->notify_address()));
  }

  // Whether the player's inbox holds the GameFinished of `game_id`.
  bool ToldOfTheEnd(const Account& player, const std::string& game_id) {
    mailrun::v1::ListInboxRequest request;
    request.mutable_page()->set_page_size(200);
    mailrun::v1::ListInboxResponse inbox;
    if (!CallAs(*notify_, &NotifyStub::ListInbox, player.token, request, &inbox).ok()) return false;
    for (const auto& n : inbox.notifications()) {
      if (n.event().has_game_finished() && n.event().game_finished().game_id() == game_id) {
        EXPECT_EQ(n.event().game_finished().title(), mailrun::v1::TITLE_1947);
        return true;
      }
    }
    return false;
  }

  int LadderSize(const Account& asking, mailrun::v1::Title title) {
    mailrun::v1::GetLeaderboardRequest request;
    request.set_title(title);
    mailrun::v1::Leaderboard board;
    if (!CallAs(*lobby_, &LobbyStub::GetLeaderboard, asking.token, request, &board).ok()) return -1;
    return board.entries_size();
  }

  static Stack* stack_;
  std::unique_ptr<LobbyStub> lobby_;
  std::unique_ptr<GameStub> game_;
  std::unique_ptr<NotifyStub> notify_;
};
Stack* T1947WholeGame::stack_ = nullptr;

TEST_F(T1947WholeGame, ThreeBotsPlayA1947TableToTheEnd) {
  std::vector<Account> accounts;
  for (const std::string name : {"Indira", "Vikram", "Meera"}) {
    accounts.push_back(RegisterAccount(*lobby_, name, "password-of-" + name));
    ASSERT_FALSE(accounts.back().token.empty()) << name;
  }
  const mailrun::v1::Table table = SeatAndStart(*lobby_, accounts, 3, {}, mailrun::v1::TITLE_1947);
  ASSERT_EQ(table.status(), mailrun::v1::TABLE_STATUS_PLAYING) << stack_->LogTails();
  const std::string game_id = table.game_id();

  auto bots = BotPlayers::Sit(*game_, table, accounts, 1947);
  ASSERT_TRUE(bots.has_value());
  int moves = 0;
  int operating_moves = 0;
  for (; moves < kMaxMoves && !bots->Finished(); ++moves) {
    operating_moves += bots->local().View(-1).round().kind() == mailrun::v1::ROUND_OPERATING;
    ASSERT_TRUE(bots->PlayOne()) << "move " << moves;
  }
  ASSERT_TRUE(bots->Finished()) << "the game did not end within " << kMaxMoves << " moves";
  EXPECT_GT(operating_moves, 0);
  const auto final_state = GetGameAs(*game_, accounts[0].token, game_id);
  EXPECT_EQ(final_state.status(), mailrun::v1::GAME_STATUS_FINISHED);
  EXPECT_EQ(final_state.version(), bots->version());
  EXPECT_FALSE(final_state.view().end_reason().empty());
  EXPECT_TRUE(final_state.view().active_seats().empty());

  // The notification service tells every player; the lobby keeps the result on the 1947 ladder.
  bool told = false;
  bool rated = false;
  for (int attempt = 0; attempt < 150 && !(told && rated); ++attempt) {
    told = true;
    for (const auto& a : accounts) told = told && ToldOfTheEnd(a, game_id);
    rated = LadderSize(accounts[0], mailrun::v1::TITLE_1947) == 3;
    if (!(told && rated)) std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  EXPECT_TRUE(told) << "every player's inbox has the game's end\n" << stack_->LogTails();
  EXPECT_TRUE(rated) << "the 1947 ladder lists the three players\n" << stack_->LogTails();
  EXPECT_EQ(LadderSize(accounts[0], mailrun::v1::TITLE_1853), 0) << "a 1947 game leaves 1853's ladder alone";
  std::cout << "[ played    ] " << moves << " moves of a 1947 game through the stack (" << operating_moves
            << " in operating rounds): " << final_state.view().end_reason() << "\n";
}

}  // namespace
}  // namespace mailrun::e2e

// Acceptance 3 of issue 18: a table of 1853's 2009 Lookout edition through the whole stack (real
// PostgreSQL and Redis, the three service binaries). Three players register, one opens a 2009
// table, the others join and the lobby starts the game in the game service; the reference bot then
// plays every seat to the end through the game service's API, and the lobby records the result
// on the 2009 edition's own ladder (ratings are kept per title and edition).
//
// The bot decides on a local engine copy fed only with the actions the service accepted. The API
// does not publish the seed, which decides only ties of bonds by lot (2.5.2.3): when the service's
// log of the move that reveals the bonds differs from the copy's, the copy is rebuilt with the
// first seed whose log matches. The shortened game of 2.4 (£7,760) keeps the game quick.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <thread>

#include "engine/bot/choose_action.h"
#include "engine/titles/game.h"
#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "tests/e2e/stack/game_calls.h"
#include "tests/e2e/stack/stack.h"
#include "tests/e2e/stack/table_setup.h"

namespace mailrun::e2e {
namespace {

using mailrun::engine::Game;
using GameStub = mailrun::v1::GameService::Stub;
using LobbyStub = mailrun::v1::LobbyService::Stub;

constexpr int kMaxMoves = 3000;

std::vector<std::string> LogLines(const mailrun::v1::SubmitActionResponse& answer) {
  std::vector<std::string> lines;
  for (const auto& line : answer.log_lines()) lines.push_back(line.text());
  return lines;
}

// The local copy replayed with another seed until `action` logs `log` (the seating lot, 2.5.2.3).
std::optional<Game> WithTheServicesLot(mailrun::v1::GameConfig config, const std::vector<mailrun::v1::Action>& applied,
                                       const mailrun::v1::Action& action, const std::vector<std::string>& log) {
  for (uint64_t seed = 0; seed < 5000; ++seed) {
    config.set_seed(seed);
    auto game = Game::Create(config);
    if (!game.ok()) return std::nullopt;
    for (const auto& a : applied) {
      if (!game->Apply(a).ok()) return std::nullopt;
    }
    const auto outcome = game->Apply(action);
    if (outcome.ok() && outcome->log == log) return std::move(*game);
  }
  return std::nullopt;
}

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

  std::map<int, const Account*> by_seat;
  mailrun::v1::GameConfig config;
  for (int seat = 0; seat < table.players_size(); ++seat) {
    for (const auto& account : accounts) {
      if (account.user_id == table.players(seat).user_id()) by_seat[seat] = &account;
    }
    ASSERT_NE(by_seat[seat], nullptr);
    auto* entry = config.add_players();
    entry->set_user_id(by_seat[seat]->user_id);
    entry->set_display_name(by_seat[seat]->name);
  }
  const auto first = GetGameAs(*game_, by_seat[0]->token, game_id);
  ASSERT_EQ(first.view().edition(), mailrun::v1::EDITION_LOOKOUT_2009);
  EXPECT_EQ(first.view().phase(), 2) << "4.10.2: the game starts in phase 2";
  EXPECT_EQ(first.view().bank_cash(), 7760 - 3 * 730) << "2.4 and 2.3";
  config.set_edition(first.view().edition());
  *config.mutable_options() = first.view().options();
  auto created = Game::Create(config);
  ASSERT_TRUE(created.ok()) << created.error().ToString();
  Game local = std::move(*created);

  std::vector<mailrun::v1::Action> applied;
  std::vector<uint64_t> rng = {2009, 2010, 2011};
  bool reseeded = false;
  int64_t version = 0;
  int moves = 0;
  for (; moves < kMaxMoves && !local.Finished(); ++moves) {
    const int seat = local.ActiveSeats().front();
    const Account& acting = *by_seat[seat];
    mailrun::v1::ListLegalActionsRequest list;
    list.set_game_id(game_id);
    mailrun::v1::ListLegalActionsResponse legal;
    ASSERT_TRUE(CallAs(*game_, &GameStub::ListLegalActions, acting.token, list, &legal).ok());
    ASSERT_EQ(legal.version(), version);
    const std::vector<mailrun::v1::LegalAction> choices(legal.actions().begin(), legal.actions().end());
    ASSERT_EQ(choices.size(), local.LegalActions(seat).size()) << "at version " << version;
    mailrun::v1::Action action = mailrun::engine::bot::ChooseAction(local, seat, choices, rng[static_cast<size_t>(seat)]);
    action.clear_seat();
    mailrun::v1::SubmitActionRequest submit;
    submit.set_game_id(game_id);
    submit.set_expected_version(version);
    *submit.mutable_action() = action;
    submit.set_request_id(NewRequestId());
    mailrun::v1::SubmitActionResponse answer;
    const grpc::Status status = CallAs(*game_, &GameStub::SubmitAction, acting.token, submit, &answer);
    ASSERT_TRUE(status.ok()) << "move " << moves << " by " << acting.name << ": " << Describe(status);
    action.set_seat(seat);
    const auto outcome = local.Apply(action);
    ASSERT_TRUE(outcome.ok()) << outcome.error().ToString();
    const std::vector<std::string> log = LogLines(answer);
    if (outcome->log != log && !reseeded) {
      auto matched = WithTheServicesLot(config, applied, action, log);
      ASSERT_TRUE(matched.has_value()) << "no seed reproduces the service's log at move " << moves;
      local = std::move(*matched);
      reseeded = true;
    } else {
      ASSERT_EQ(log, outcome->log) << "move " << moves;
    }
    applied.push_back(action);
    version = answer.version();
  }
  ASSERT_TRUE(local.Finished()) << "the game did not end within " << kMaxMoves << " moves";
  const auto final_state = GetGameAs(*game_, by_seat[0]->token, game_id);
  EXPECT_EQ(final_state.status(), mailrun::v1::GAME_STATUS_FINISHED);
  EXPECT_EQ(final_state.version(), version);

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
  std::cout << "[ played    ] " << moves << " moves of a 2009 game through the stack ("
            << (reseeded ? "seating lot reproduced with another seed" : "same seating lot") << ")\n";
}

}  // namespace
}  // namespace mailrun::e2e

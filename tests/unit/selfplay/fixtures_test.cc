// Recorded complete games (tests/fixtures/games/, one per player count and one ended by the bank
// breaking) replay to their recorded final scores, and the scores follow 5.2 from the final state.
// If a rule change alters how these games play out, regenerate them with
// `mailrun selfplay --games 1 --players P --seed S --record-dir DIR` (seeds in docs/rulings.md) and
// say why in the commit.
#include <gtest/gtest.h>

#include "engine/titles/t1853/invariants.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {
namespace {

class RecordedGame : public ::testing::TestWithParam<std::string> {};

TEST_P(RecordedGame, ReplaysToItsRecordedFinalScores) {
  const GameRecord record = LoadRecord("games/" + GetParam());
  ASSERT_FALSE(record.final_scores.empty());
  auto game = Game::Create(record.config);
  ASSERT_TRUE(game.ok());
  for (const auto& action : record.actions) {
    MustApply(*game, action);
    if (HasFatalFailure()) return;
  }
  ASSERT_TRUE(game->Finished());
  const GameState& s = game->state();
  ASSERT_EQ(s.scores.size(), record.final_scores.size());
  for (size_t i = 0; i < record.final_scores.size(); ++i) {
    EXPECT_EQ(s.players[s.scores[i].seat].name, record.final_scores[i].player);
    EXPECT_EQ(s.scores[i].wealth, record.final_scores[i].wealth) << record.final_scores[i].player;
  }
  // 5.2.1: cash plus shares at market value (par for a company that never formed); bonds not yet
  // returned do not count; 5.2.2: company money does not count.
  for (const FinalScore& score : s.scores) {
    const PlayerState& p = s.players[score.seat];
    int wealth = p.cash;
    for (int c = 0; c < kCompanies; ++c) {
      const int price = s.companies[c].price_index >= 0 ? game->data().SharePrices()[s.companies[c].price_index]
                                                         : game->data().companies[c].par;
      wealth += s.shares.HeldBy(score.seat, c) * price;
    }
    EXPECT_EQ(score.wealth, wealth) << p.name;
    int better = 0;
    for (const FinalScore& other : s.scores) better += other.wealth > score.wealth;
    EXPECT_EQ(score.rank, better + 1) << p.name;
  }
  EXPECT_TRUE(CheckInvariants(*game).empty());
}

INSTANTIATE_TEST_SUITE_P(Fixtures, RecordedGame,
                         ::testing::Values("bot-game-3p.json", "bot-game-4p.json", "bot-game-5p.json",
                                           "bot-game-6p.json", "bot-game-4p-short-bank.json"),
                         [](const auto& info) {
                           std::string name = info.param.substr(0, info.param.find('.'));
                           for (char& ch : name) if (ch == '-') ch = '_';
                           return name;
                         });

TEST(EndOfGame, BankBreakingFinishesTheRailwayRound) {
  const GameRecord record = LoadRecord("games/bot-game-4p-short-bank.json");
  auto game = Game::Create(record.config);
  ASSERT_TRUE(game.ok());
  bool broke = false;
  int round_when_broken = 0;
  for (const auto& action : record.actions) {
    MustApply(*game, action);
    if (!broke && game->state().bank_broken) {
      broke = true;
      round_when_broken = game->state().railway.number;
      EXPECT_FALSE(game->Finished()) << "the current railway round is completed first (5.1.2)";
    }
  }
  ASSERT_TRUE(broke);
  EXPECT_TRUE(game->Finished());
  EXPECT_NE(game->state().end_reason.find("bank"), std::string::npos);
  EXPECT_EQ(game->state().railway.number, round_when_broken) << "no further railway round starts";
}

TEST(EndOfGame, FourHundredStopsAtOnce) {
  const GameRecord record = LoadRecord("games/bot-game-5p.json");
  auto game = Game::Create(record.config);
  ASSERT_TRUE(game.ok());
  for (const auto& action : record.actions) MustApply(*game, action);
  ASSERT_TRUE(game->Finished());
  ASSERT_NE(game->state().end_reason.find("£400"), std::string::npos) << game->state().end_reason;
  // The company that reached £400 is the one operating when the game stopped: it ended in its turn.
  const int company = game->state().railway.company;
  ASSERT_GE(company, 0);
  EXPECT_EQ(game->data().SharePrices()[game->state().companies[company].price_index], 400);
  EXPECT_LT(game->state().companies[company].railway_turns,
            game->state().railway.number) << "its turn did not finish";
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing

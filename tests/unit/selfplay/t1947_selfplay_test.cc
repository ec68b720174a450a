// Issue 25, whole games of 1947 in CTest: the reference bot (engine/titles/t1947/bot.h) plays
// a game for each player count the rules allow (3 to 6, 1947 rules 1) to its end (7.0), every
// invariant checked after every action, and recorded 1947 games (tests/fixtures/games-1947/*.json,
// apart from tests/fixtures/games/, whose every file the 1853 tests read)
// replay to their recorded standings. The full run, 200 games per player count, is
// `mailrun selfplay --title 1947` (docs/benchmarks.md). A rule change that alters how a recorded
// game plays out regenerates it with `mailrun selfplay --title 1947 --games 1 --players P --seed S
// --record-dir DIR` (S: the record's config.seed) and says why in the commit; a record whose first
// actions a snapshot of tests/fixtures/snapshots/ depends on keeps them and the reference bot plays
// on from the first action the change refuses (t1947-3p.json: its first 1680 actions, issue 45's
// price protection over the certificate limit).
#include <gtest/gtest.h>

#include "engine/selfplay/selfplay.h"
#include "engine/titles/game.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine {
namespace {

class SelfPlay1947 : public ::testing::TestWithParam<int> {};

TEST_P(SelfPlay1947, GamesCompleteWithoutAnyInvariantViolation) {
  SelfPlayOptions options;
  options.title = mailrun::v1::TITLE_1947;
  options.edition = mailrun::v1::EDITION_UNSPECIFIED;
  options.games = 1;
  options.players = GetParam();
  options.seed = 1;
  const SelfPlayResult result = RunSelfPlay(options);
  EXPECT_EQ(result.games, 1);
  EXPECT_EQ(result.completed, 1);
  EXPECT_EQ(result.invariant_violations, 0);
  for (const auto& v : result.violations) ADD_FAILURE() << v;
  for (const auto& game : result.played) {
    EXPECT_GT(game.actions, 200) << "a whole game of 1947 takes hundreds of actions";
    EXPECT_FALSE(game.end_reason.empty());
  }
}

INSTANTIATE_TEST_SUITE_P(PlayerCounts, SelfPlay1947, ::testing::Values(3, 4, 5, 6),
                         [](const auto& info) { return std::to_string(info.param) + "_players"; });

// Games that once stopped in a stock round with no legal action for the player to act (1947
// ruling 53), found by the 200-game runs (docs/benchmarks.md): 6 players, seed 38, a turn that
// began with the savings ratio broken bought a bond and then could not end; 5 players, seed 37, a
// savings share bought first in a turn broke the ratio for good.
class SelfPlay1947Found : public ::testing::TestWithParam<std::pair<int, uint64_t>> {};

TEST_P(SelfPlay1947Found, GameEndsWithoutAStuckTurn) {
  SelfPlayOptions options;
  options.title = mailrun::v1::TITLE_1947;
  options.edition = mailrun::v1::EDITION_UNSPECIFIED;
  options.games = 1;
  options.players = GetParam().first;
  options.seed = GetParam().second;
  const SelfPlayResult result = RunSelfPlay(options);
  EXPECT_EQ(result.completed, 1);
  EXPECT_EQ(result.invariant_violations, 0);
  for (const auto& v : result.violations) ADD_FAILURE() << v;
}

INSTANTIATE_TEST_SUITE_P(Seeds, SelfPlay1947Found, ::testing::Values(std::pair<int, uint64_t>{6, 38}, std::pair<int, uint64_t>{5, 37}),
                         [](const auto& info) { return std::to_string(info.param.first) + "_players_seed_" + std::to_string(info.param.second); });

class Recorded1947 : public ::testing::TestWithParam<std::string> {};

TEST_P(Recorded1947, ReplaysToItsRecordedStandings) {
  const GameRecord record = t1853::testing::LoadRecord("games-1947/" + GetParam());
  ASSERT_EQ(record.config.title(), mailrun::v1::TITLE_1947);
  ASSERT_FALSE(record.final_scores.empty());
  auto game = Game::Create(record.config);
  ASSERT_TRUE(game.ok()) << game.error().ToString();
  for (size_t i = 0; i < record.actions.size(); ++i) {
    auto applied = game->Apply(record.actions[i]);
    ASSERT_TRUE(applied.ok()) << "action " << i << ": " << applied.error().ToString();
  }
  ASSERT_TRUE(game->Finished());
  const std::vector<FinalStanding> standings = game->Standings();
  ASSERT_EQ(standings.size(), record.final_scores.size());
  const auto view = game->View(kSpectator);
  for (const RecordedScore& score : record.final_scores) {
    bool found = false;
    for (const FinalStanding& s : standings) {
      if (view.players(s.seat).display_name() != score.player) continue;
      found = true;
      EXPECT_EQ(s.wealth, score.wealth) << score.player;
      EXPECT_EQ(static_cast<int64_t>(s.wealth), view.players(s.seat).wealth()) << "7.0: the standing is the view's wealth";
    }
    EXPECT_TRUE(found) << score.player;
  }
  EXPECT_TRUE(game->CheckInvariants(nullptr).empty());
}

INSTANTIATE_TEST_SUITE_P(Fixtures, Recorded1947, ::testing::Values("t1947-3p.json", "t1947-5p.json"),
                         [](const auto& info) {
                           std::string name = info.param.substr(0, info.param.find('.'));
                           for (char& ch : name) if (ch == '-') ch = '_';
                           return name;
                         });

}  // namespace
}  // namespace mailrun::engine

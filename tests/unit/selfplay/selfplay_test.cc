// Self-play in CTest: a few complete games per player count (the full run of the issue, 200 games
// each, is `mailrun selfplay`, see docs/benchmarks.md), every invariant checked after every action.
#include <gtest/gtest.h>

#include "engine/titles/t1853/invariants.h"
#include "engine/selfplay/selfplay.h"
#include "tests/unit/engine/engine_test_util.h"

namespace mailrun::engine::t1853::testing {
namespace {

class SelfPlay : public ::testing::TestWithParam<int> {};

TEST_P(SelfPlay, GamesCompleteWithoutAnyInvariantViolation) {
  SelfPlayOptions options;
  options.games = 3;
  options.players = GetParam();
  options.seed = 1;
  const SelfPlayResult result = RunSelfPlay(options);
  EXPECT_EQ(result.games, 3);
  EXPECT_EQ(result.completed, 3);
  EXPECT_EQ(result.invariant_violations, 0);
  for (const auto& v : result.violations) ADD_FAILURE() << v;
  for (const auto& game : result.played) {
    EXPECT_GT(game.actions, 100) << "a whole game takes hundreds of actions";
    EXPECT_FALSE(game.end_reason.empty());
  }
}

INSTANTIATE_TEST_SUITE_P(PlayerCounts, SelfPlay, ::testing::Values(3, 4, 5, 6),
                         [](const auto& info) { return std::to_string(info.param) + "_players"; });

TEST(SelfPlayOptionalRules, ShortBankLongerGameSimplifiedAndExtraTiles) {
  for (const auto& [bank, simplified, unrestricted, kit] :
       std::vector<std::tuple<mailrun::v1::BankSize, bool, bool, mailrun::v1::TileKit>>{
           {mailrun::v1::BANK_SHORT, false, false, mailrun::v1::TILE_KIT_NONE},
           {mailrun::v1::BANK_LONGER, false, false, mailrun::v1::TILE_KIT_NONE},
           {mailrun::v1::BANK_STANDARD, true, false, mailrun::v1::TILE_KIT_NONE},
           {mailrun::v1::BANK_FULL, false, true, mailrun::v1::TILE_KIT_MIK1},
           {mailrun::v1::BANK_FULL, false, true, mailrun::v1::TILE_KIT_MIK1_1}}) {
    SelfPlayOptions options;
    options.games = 1;
    options.players = 4;
    options.seed = 7;
    options.options.set_bank(bank);
    options.options.set_simplified_game(simplified);
    options.options.set_unrestricted_58(unrestricted);
    options.options.set_tile_kit(kit);
    const SelfPlayResult result = RunSelfPlay(options);
    EXPECT_EQ(result.completed, 1) << options.options.ShortDebugString();
    EXPECT_EQ(result.invariant_violations, 0) << options.options.ShortDebugString();
    for (const auto& v : result.violations) ADD_FAILURE() << v;
    if (bank == mailrun::v1::BANK_LONGER) {
      EXPECT_EQ(result.played.front().end_reason.find("share price"), std::string::npos)
          << "2.4.3: no £400 end in the longer game";
    }
  }
}

TEST(Invariants, DetectABrokenState) {
  auto game = Game::Create(Config(4));
  ASSERT_TRUE(game.ok());
  EXPECT_TRUE(CheckInvariants(*game).empty());
  // A copy with money conjured out of nothing, a share too many and a tile that was never in the box.
  GameState broken = game->state();
  broken.players[0].cash += 10;
  broken.shares.Set(ShareHolder::Player(1), 0, 11);
  broken.board.supply["58"] = 99;
  const auto problems = CheckInvariants(game->data(), game->config(), broken);
  auto mentions = [&](const std::string& text) {
    return std::any_of(problems.begin(), problems.end(), [&](const std::string& p) { return p.find(text) != std::string::npos; });
  };
  EXPECT_TRUE(mentions("money is")) << ::testing::PrintToString(problems);
  EXPECT_TRUE(mentions("shares in all")) << ::testing::PrintToString(problems);
  EXPECT_TRUE(mentions("tile #58")) << ::testing::PrintToString(problems);
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing

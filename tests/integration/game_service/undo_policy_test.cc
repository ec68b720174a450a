// UndoRefusal: which actions may be taken back, on real engine transitions.
#include "services/game/undo_policy.h"

#include <gtest/gtest.h>

#include "tests/integration/game_service/bot_transitions.h"
#include "tests/integration/game_service/game_harness.h"
#include "tests/unit/engine/engine_test_util.h"
#include "engine/titles/t1853/game.h"

namespace mailrun::game {
namespace {

using mailrun::engine::Game;

TEST(UndoPolicy, TheBondThatRevealsEveryAmountCannotBeTakenBack) {
  const auto record = mailrun::engine::t1853::testing::LoadRecord("sample_game/appendix4.json");
  Game game = *Game::Create(record.config);
  for (size_t i = 0; i < 5; ++i) {
    const Game before = game;
    ASSERT_TRUE(game.Apply(record.actions[i]).ok());
    const auto refusal = UndoRefusal(before, game);
    if (i < 4) {
      EXPECT_FALSE(refusal.has_value()) << "bond " << i << " revealed nothing";
    } else {
      ASSERT_TRUE(refusal.has_value());
      EXPECT_EQ(refusal->rule, "2.5.2.3");
    }
  }
  const Game before = game;
  ASSERT_TRUE(game.Apply(record.actions[5]).ok());  // a city claim
  EXPECT_FALSE(UndoRefusal(before, game).has_value());
}

TEST(UndoPolicy, NeitherAReturnedBondNorTheEndOfTheGame) {
  int returned = 0, finished = 0, allowed = 0;
  for (const auto& config : testing::EndingBotGames("p", 3)) {
    testing::PlayBotTransitions(config, testing::kBotGameMaxActions, [&](const Game& before, const Game& after, int) {
      bool bond_back = false;
      const auto& now = mailrun::engine::t1853::As1853(after)->state().players;
      const auto& was = mailrun::engine::t1853::As1853(before)->state().players;
      for (size_t p = 0; p < now.size(); ++p) {
        bond_back = bond_back || (now[p].bond.returned && !was[p].bond.returned);
      }
      const auto refusal = UndoRefusal(before, after);
      if (after.Finished()) {
        ++finished;
        ASSERT_TRUE(refusal.has_value());
        EXPECT_EQ(refusal->rule, "5.1");
      } else if (bond_back) {
        ++returned;
        ASSERT_TRUE(refusal.has_value());
        EXPECT_EQ(refusal->rule, "4.3.2");
      } else if (!refusal) {
        ++allowed;
      }
    });
  }
  EXPECT_EQ(finished, 3);
  EXPECT_GT(returned, 0);
  EXPECT_GT(allowed, 300);
}

}  // namespace
}  // namespace mailrun::game

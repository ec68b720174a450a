#include "tests/unit/engine/edition2009_position.h"

namespace mailrun::engine::t1853::testing {

mailrun::v1::GameConfig Config2009(int players, uint64_t seed, mailrun::v1::GameOptions options) {
  mailrun::v1::GameConfig config = Config(players, seed, std::move(options));
  config.set_edition(mailrun::v1::EDITION_LOOKOUT_2009);
  return config;
}

Game NewGame2009(int players, uint64_t seed, mailrun::v1::GameOptions options) {
  auto game = Game::Create(Config2009(players, seed, std::move(options)));
  EXPECT_TRUE(game.ok()) << game.error().ToString();
  return std::move(*game);
}

const Game& Recorded2009AtRailwayRoundOne() {
  static const Game game = [] {
    const GameRecord record = LoadRecord("games/edition2009-3p.json");
    auto created = Game::Create(record.config);
    EXPECT_TRUE(created.ok());
    Game g = std::move(*created);
    for (const auto& action : record.actions) {
      if (g.state().stage == Stage::kRailway) break;
      auto applied = g.Apply(action);
      EXPECT_TRUE(applied.ok()) << applied.error().ToString();
    }
    EXPECT_EQ(g.state().stage, Stage::kRailway);
    return g;
  }();
  return game;
}

RailwayPosition Railway2009() {
  RailwayPosition position(Recorded2009AtRailwayRoundOne());
  for (const char* company : {"EIR", "GIP", "NWR", "BNR", "BBCI", "MSM", "SIR", "ECR"}) position.NotFormed(company);
  position.Form("EIR", kEir).Form("GIP", kGip).Form("SIR", kSir);
  return position;
}

}  // namespace mailrun::engine::t1853::testing

#include "tests/integration/game_service/bot_transitions.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "engine/bot/choose_action.h"
#include "tests/integration/game_service/game_harness.h"
#include "engine/titles/t1853/game.h"

namespace mailrun::game::testing {

mailrun::engine::Game PlayBotTransitions(const mailrun::v1::GameConfig& config, int max_actions,
                                         const Transition& each) {
  auto created = mailrun::engine::Game::Create(config);
  if (!created.ok()) throw std::runtime_error(created.error().ToString());
  mailrun::engine::Game game = std::move(*created);
  uint64_t rng = BotRngStart(config);
  for (int n = 0; n < max_actions && !game.Finished(); ++n) {
    const int seat = game.ActiveSeats().at(0);
    mailrun::v1::Action action = mailrun::engine::bot::ChooseAction(game, seat, game.LegalActions(seat), rng);
    action.set_seat(seat);
    mailrun::engine::Game next = game;
    if (!next.Apply(action).ok()) throw std::runtime_error("the bot chose a refused action");
    each(game, next, seat);
    game = std::move(next);
  }
  return game;
}

std::vector<mailrun::v1::GameConfig> EndingBotGames(const std::string& prefix, int count) {
  std::vector<mailrun::v1::GameConfig> found;
  for (int players = 3; players <= 5 && static_cast<int>(found.size()) < count; ++players) {
    for (uint64_t seed = 1; seed <= 12 && static_cast<int>(found.size()) < count; ++seed) {
      const auto config = PlayersConfig(prefix, players, seed, mailrun::v1::BANK_SHORT);
      bool bond_returned = false;
      const auto end = PlayBotTransitions(config, kBotGameMaxActions, [&](const auto& before, const auto& after, int) {
        const auto& now = mailrun::engine::t1853::As1853(after)->state().players;
        const auto& was = mailrun::engine::t1853::As1853(before)->state().players;
        for (size_t p = 0; p < now.size(); ++p) {
          bond_returned = bond_returned || (now[p].bond.returned && !was[p].bond.returned);
        }
      });
      if (end.Finished() && (bond_returned || !found.empty())) found.push_back(config);
    }
  }
  EXPECT_EQ(static_cast<int>(found.size()), count) << "too few bot games end (with a returned bond first)";
  return found;
}

}  // namespace mailrun::game::testing

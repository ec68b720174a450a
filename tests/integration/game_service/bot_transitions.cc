#include "tests/integration/game_service/bot_transitions.h"

#include <stdexcept>

#include "engine/bot/bot.h"

namespace mailrun::game::testing {

mailrun::engine::Game PlayBotTransitions(const mailrun::v1::GameConfig& config, int max_actions,
                                         const Transition& each) {
  auto created = mailrun::engine::Game::Create(config);
  if (!created.ok()) throw std::runtime_error(created.error().ToString());
  mailrun::engine::Game game = std::move(*created);
  uint64_t rng = config.seed() + 17;
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

}  // namespace mailrun::game::testing

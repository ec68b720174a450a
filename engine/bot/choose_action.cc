#include "engine/bot/choose_action.h"

#include "engine/core/rng.h"

namespace mailrun::engine::bot {

mailrun::v1::Action ChooseAction(const Game& game, int seat, const std::vector<mailrun::v1::LegalAction>& legal,
                                 uint64_t& rng) {
  if (auto chosen = game.title_game().BotAction(seat, legal, rng)) return *std::move(chosen);
  return legal[RandomBelow(rng, legal.size())].action();
}

}  // namespace mailrun::engine::bot

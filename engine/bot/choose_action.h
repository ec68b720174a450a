// The bot of any title: plays a seat by choosing one of the engine's legal actions. A title with
// its own bot (1853: engine/titles/t1853/bot.h) chooses through TitleGame::BotAction; otherwise
// the choice is uniform among the legal actions as listed (ranged amounts at their minimum).
// Deterministic for a given random state. Pure.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/titles/game.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::bot {

// Chooses one of `legal` (which must be Game::LegalActions(seat), non-empty) for `seat`; `rng`
// is advanced.
mailrun::v1::Action ChooseAction(const Game& game, int seat, const std::vector<mailrun::v1::LegalAction>& legal,
                                 uint64_t& rng);

}  // namespace mailrun::engine::bot

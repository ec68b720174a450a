// 1853's reference bot (TitleGame::BotAction of 1853): plays any seat by choosing among the engine's legal actions. Sensible, not
// strong: it bids for cities of one company it means to direct, buys shares to float and control
// companies, builds toward its contract cities and towards revenue, runs the optimiser's best runs
// and buys trains when its companies need them. Deterministic for a given random state. Pure.
#pragma once

#include <cstdint>

#include "engine/titles/t1853/game.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::t1853::bot {

// Chooses one of `legal` (which must be Game::LegalActions(seat), non-empty) for `seat`. Amounts
// for ranged actions (bonds, prices) are set within their ranges. `rng` is advanced.
mailrun::v1::Action ChooseAction(const Game& game, int seat, const std::vector<mailrun::v1::LegalAction>& legal,
                                 uint64_t& rng);

}  // namespace mailrun::engine::t1853::bot

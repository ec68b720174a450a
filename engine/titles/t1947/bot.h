// The reference bot of 1947: chooses one of a seat's legal actions with weights that make a game
// move on (bids and purchases over passes, track and stations over ending a step, runs paid out,
// trains bought), so that bot games reach the end (7.0) while every listed kind of action stays
// reachable. Deterministic for a given random state. Pure.
#pragma once

#include <cstdint>
#include <vector>

#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::t1947 {

// One of `legal` (non-empty, as Game1947::LegalActions lists them); `rng` is advanced. A ranged
// bid is made at its minimum.
mailrun::v1::Action ChooseBotAction(const std::vector<mailrun::v1::LegalAction>& legal, int64_t cash, uint64_t& rng);

}  // namespace mailrun::engine::t1947

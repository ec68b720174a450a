// The core track network's view of an 1853 game (engine/core/track/track_network.h): the tiles on
// the board and the eight companies' base tokens.
#pragma once

#include "engine/core/track/track_network.h"
#include "engine/titles/t1853/state.h"

namespace mailrun::engine::t1853 {

TrackPosition TrackPositionOf(const GameState& state);

}  // namespace mailrun::engine::t1853

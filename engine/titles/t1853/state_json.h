// GameState to and from JSON: snapshots for the game service, and the exact comparison of two
// states (replay must reproduce the same state). Every field is written.
#pragma once

#include <string>

#include "engine/core/result.h"
#include "engine/titles/t1853/state.h"

namespace mailrun::engine::t1853 {

std::string StateToJson(const GameState& state);
Result<GameState> StateFromJson(const std::string& json);

}  // namespace mailrun::engine::t1853

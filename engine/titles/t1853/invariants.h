// Invariants of a game that hold after every action, whatever the players do: money is constant,
// every company has ten shares, limits hold (except as the rules allow), tokens stay within
// TABLE 7, tiles within the manifest, no negative cash or treasury, train limits. Used by self-play,
// the fuzzer and tests. Each violation is a sentence naming what is wrong.
#pragma once

#include <string>
#include <vector>

#include "engine/titles/t1853/game.h"

namespace mailrun::engine::t1853 {

// `before` is the state before the last action (for the limits, which bind purchases only).
std::vector<std::string> CheckInvariants(const Game& game, const GameState* before = nullptr);
std::vector<std::string> CheckInvariants(const EditionData& data, const mailrun::v1::GameConfig& config,
                                         const GameState& state, const GameState* before = nullptr);

}  // namespace mailrun::engine::t1853

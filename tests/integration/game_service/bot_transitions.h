// For unit tests of the service's pure parts: a whole game of the reference bot played with the
// engine alone, handed over one transition (game before, game after, acting seat) at a time.
#pragma once

#include <functional>

#include "engine/game/game.h"

namespace mailrun::game::testing {

using Transition =
    std::function<void(const mailrun::engine::Game& before, const mailrun::engine::Game& after, int seat)>;

// Whole bot games (players, seed; short bank) that end within a few hundred actions; the one with
// 4 players returns a bond (4.3). Other seeds may run for thousands of actions.
struct BotGameSeed {
  int players;
  uint64_t seed;
};
inline constexpr BotGameSeed kEndingBotGames[] = {{3, 4}, {3, 7}, {3, 9}, {4, 2}};

// Plays the bot for whoever is to act (the first active seat) until the game ends or `max_actions`;
// returns the final game.
mailrun::engine::Game PlayBotTransitions(const mailrun::v1::GameConfig& config, int max_actions,
                                         const Transition& each);

}  // namespace mailrun::game::testing

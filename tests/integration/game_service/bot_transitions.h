// Whole games of the reference bot (engine/bot/choose_action.h) for the game service's tests: played with the
// engine alone and handed over one transition (game before, game after, acting seat) at a time, and
// the choice of games that show what a test needs (an end, a returned bond). The games are chosen
// by playing, not by fixed seeds, so that improvements of the bot do not quietly empty a test.
#pragma once

#include <functional>

#include "engine/titles/game.h"

namespace mailrun::game::testing {

using Transition =
    std::function<void(const mailrun::engine::Game& before, const mailrun::engine::Game& after, int seat)>;

// Plays the bot for whoever is to act (the first active seat) until the game ends or `max_actions`;
// returns the final game.
mailrun::engine::Game PlayBotTransitions(const mailrun::v1::GameConfig& config, int max_actions,
                                         const Transition& each);

inline constexpr int kBotGameMaxActions = 3000;

// The bot's random state at the start of a game: every bot player of the tests starts from it, so a
// game played through the API is the game PlayBotTransitions played.
inline uint64_t BotRngStart(const mailrun::v1::GameConfig& config) { return config.seed() + 17; }

// Configurations of `count` bot games (short bank, 3 to 5 players, user ids "<prefix>-<seat>") that
// end within kBotGameMaxActions, the first of them with at least one bond returned (4.3). Fails
// the test (and returns fewer) if the candidates do not have them.
std::vector<mailrun::v1::GameConfig> EndingBotGames(const std::string& prefix, int count);

}  // namespace mailrun::game::testing

// Whole games of the reference bot (engine/bot/choose_action.h) played through the real game service's API
// for lobby tests: every seat is played with its own player's access token, choosing among the
// actions ListLegalActions offers and submitting the choice with SubmitAction. The bot decides on
// a local engine copy of the game kept in step with the service (the copy starts from the
// configuration the game service stored, with the seed it chose when the lobby created the game);
// the service must offer the seat the copy says is to act legal actions at the same version.
#pragma once

#include <map>
#include <string>

#include "tests/integration/lobby/lobby_harness.h"

namespace mailrun::testing {

// Self-play of the bot, 200 short-bank games of three players (`mailrun selfplay --games 200
// --players 3 --bank short`): every one ended, after 515 actions on average.
inline constexpr int kBotGameMaxActions = 5000;

// Plays `game_id` to its end; `token_of_user` maps each seated user id to their access token.
// Returns true when the game service reports the game finished; fails the test (and returns
// false) when a call is refused, the service and the engine copy disagree, or the game has not
// ended after `max_actions`.
bool PlayToTheEndWithBots(LobbyHarness& lobby, const std::string& game_id,
                          const std::map<std::string, std::string>& token_of_user,
                          int max_actions = kBotGameMaxActions);

}  // namespace mailrun::testing

// Self-play: the bot (engine/bot/choose_action.h; the title's own where it has one) plays whole
// games against itself while the title's invariants are checked after every action, every applied
// action was listed as legal, a sample of the other listed actions is accepted, and a twin game
// fed the JSON-serialised actions, each knowing the next (Game::ApplyBefore), stays in the same
// state. Pure: the caller measures time.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/game_record.h"
#include "mailrun/v1/game_config.pb.h"

namespace mailrun::engine {

struct SelfPlayOptions {
  mailrun::v1::Title title = mailrun::v1::TITLE_1853;
  mailrun::v1::Edition edition = mailrun::v1::EDITION_RETUNED;
  int games = 1;
  int players = 4;
  uint64_t seed = 1;
  mailrun::v1::GameOptions options;
  int max_actions = 50000;        // a game not finished by then counts as not completed
  int listed_actions_checked = 4; // listed actions tried on a copy after each step
};

struct SelfPlayGame {
  uint64_t seed = 0;
  bool completed = false;
  int actions = 0;
  std::string end_reason;
  GameRecord record;  // config, actions and final scores
};

struct SelfPlayResult {
  int games = 0;
  int completed = 0;
  int invariant_violations = 0;
  int64_t actions = 0;
  std::vector<std::string> violations;  // the first few, with game seed and action number
  std::vector<SelfPlayGame> played;
};

SelfPlayResult RunSelfPlay(const SelfPlayOptions& options);

// Plays one game; violations are appended to `violations` (capped by the caller).
SelfPlayGame PlayOneGame(const mailrun::v1::GameConfig& config, const SelfPlayOptions& options,
                         std::vector<std::string>& violations, int& violation_count);

}  // namespace mailrun::engine

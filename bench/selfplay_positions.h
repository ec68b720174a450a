// Real positions for the route optimiser's benchmark: whole games played by the reference bot
// (engine/selfplay/), replayed, and the game kept at every run step (4.5) of a company that owns a
// late train ('5', '6' or '4M'). Unlike the synthetic boards of route_boards.h these are boards the
// rules and the bot actually produce: real tiles, real tokens, the company's own trains.
// Deterministic for the seeds given. Benchmark support only; not part of the engine.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/titles/t1853/game.h"
#include "engine/core/game_record.h"

namespace mailrun::bench {

struct RealPosition {
  engine::t1853::Game game;  // at the operating company's run step
  int company = -1;
  std::string label;  // "4p seed 3 RR 17 EIR 6+5+4M"
};

// Plays `games` bot games of `players` players, seeds seed, seed + 1, ... (self-play checks on,
// sampled listed actions off) with the longer game of 2.4.3: without it the bot's games end at a
// £400 share price long before the '5' trains (phase 4). Games that do not complete are kept:
// their positions are real too.
std::vector<engine::GameRecord> PlayBotGames(int games, int players, uint64_t seed);

// Replays a record and returns its late-game run steps: the operating company owns a '5', '6' or
// '4M' train. A record the engine refuses yields the positions up to the refused action.
std::vector<RealPosition> LateGameRunSteps(const engine::GameRecord& record);

// "5+4M": the company's train names in the order it holds them.
std::string TrainNames(const engine::t1853::GameState& state, int company);

}  // namespace mailrun::bench

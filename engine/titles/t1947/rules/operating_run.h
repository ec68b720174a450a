// The run step of a 1947 operating turn on the game (6.14): what the operating railway's turn
// gives the runs module (its trains, the OperatingTurn of rules/revenue.h, the graph's turn) and the
// optimiser's best runs as the routes of an Action1947, for the legal-action list. The run itself
// (checked runs, payout, sites reached) is T1947Game::RunTrainsStep (rules/operating_run.cc).
#pragma once

#include <string>
#include <vector>

#include "engine/core/result.h"
#include "engine/titles/t1947/game.h"
#include "engine/titles/t1947/route_graph.h"
#include "engine/titles/t1947/rules/revenue.h"
#include "engine/titles/t1947/rules/runs.h"

namespace mailrun::engine::t1947 {

// The railway's trains in the order bought, each with an id of its own ("T2-0").
std::vector<OwnedTrain> OwnedTrains(const T1947Game& game, int railway);

// The railway's turn now as the runs module takes it: phase, season, the tiles laid this turn
// (6.14.2), the season's zone (6.13.3), the temple (6.8.1), the president's workers (6.11.1).
// The P7's trading posts count for the railway owning it (3.1, 3.3).
OperatingTurn RunTurnNow(const T1947Game& game, int railway);
GraphTurn GraphTurnNow(const T1947Game& game, int railway);

// 6.14: the operating railway's best runs now, one list of stops per train (empty lists: the
// train does not run).
Result<std::vector<std::vector<std::string>>> BestRunRoutes(const T1947Game& game, int railway);

}  // namespace mailrun::engine::t1947

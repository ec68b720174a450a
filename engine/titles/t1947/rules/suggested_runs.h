// A 1947 railway's best runs now as the API's RunPlan (GameService.SuggestRuns): the optimiser's
// runs (6.14, BestRunRoutes), checked as a submitted run would be, with each run's revenue.
#pragma once

#include <string>

#include "engine/core/result.h"
#include "engine/titles/t1947/game.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::t1947 {

// Each run: its train's id, its stops by hex (nodes and hexes), their names (stations) and the
// train's revenue before the turn's bonuses and reductions (6.14.2, 6.8.1, 6.13.3). A railway
// that is not operational, or has no train, has no runs.
Result<mailrun::v1::RunPlan> SuggestedRuns1947(const T1947Game& game, const std::string& railway);

// A stop as players name it: the city or town on its hex, else the hex (a site, a trading post).
std::string StopName1947(const T1947Data& data, const std::string& place);

// A run the railway made (Railway1947::last_runs) in the shape of a suggested one: its train's id,
// its stops by hex (nodes and hexes), the names of those that scored (stations), its revenue.
mailrun::v1::PlannedRun LastRunView1947(const T1947Data& data, const LastRun1947& run);

}  // namespace mailrun::engine::t1947

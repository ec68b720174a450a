// ExhaustiveSearch: the deliberately simple reference for the route optimiser. It lists every
// simple path of the RouteGraph between two stations, keeps for each train the ones the run
// validator (CheckRun) accepts, and tries every combination of one run or none per train, keeping
// those with no shared track or exclusivity group (4.5.10) that include the must-run-over hexes.
// Exponential: for tests on small boards and as a baseline; `budget` caps the paths plus
// combinations it may look at (finished = false when it ran out). Pure function.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/result.h"
#include "engine/core/routes/route_graph.h"
#include "engine/core/routes/run_plan.h"

namespace mailrun::engine::routes {

struct ExhaustiveResult {
  bool finished = false;
  RunPlan best_total;     // highest total, then highest dividend
  RunPlan best_dividend;  // highest dividend, then highest mail
  int64_t paths = 0;         // simple paths between stations looked at
  int64_t combinations = 0;  // combinations of runs looked at
};

Result<ExhaustiveResult> ExhaustiveSearch(const RouteGraph& graph, const std::vector<TrainSpec>& trains,
                                          const RunConstraints& constraints, int64_t budget);

}  // namespace mailrun::engine::routes

// A 1947 company's best runs on the shared optimiser (engine/core/routes): its trains as the
// optimiser sees them (every city, town and site counts toward the train's number, so a T4 is a
// train of 4 counting stops with at least 2 of them, 6.14.1; no mail), and from the first T8 only
// the largest train runs while the second, when it has a run of its own, adds its card's
// percentage (6.14.3). The graph is the company's, built from the 1947 board with its stations
// marked the 1947 way: cities, towns and expatriation sites `large` (counting), sites and the P7's
// trading posts `terminal`, trading posts not counting, values as this turn's season makes them
// (6.13.4) and the P7's trading post value for its owner (3.1). The runs maximise the company's
// revenue: the new-tile bonus, the second-train percentage and the reductions of 6.8.1 and 6.13.3
// (OperatingRevenue) only ever rise with the runs' sum.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "engine/core/result.h"
#include "engine/core/routes/route_graph.h"
#include "engine/core/routes/run_plan.h"
#include "engine/titles/t1947/rules/revenue_rules.h"

namespace mailrun::engine::t1947 {

struct OwnedTrain {
  std::string id;    // the train's id in the game
  std::string name;  // "T4"
};

// The trains as the optimiser and the run validator take them (6.14.1).
Result<std::vector<routes::TrainSpec>> TrainSpecs(const RevenueRules& rules, const std::vector<OwnedTrain>& trains);

// 6.14.3: the largest of the trains (the first of equals), which alone runs from the first T8.
size_t LargestTrain(const std::vector<routes::TrainSpec>& trains);
// 6.14.3 (docs/rulings.md 1947, 28): the train whose percentage the largest's card adds: the first
// other train, when it has a legal run of its own on `graph` (any train has one when the company
// has a run of two stops, HasTwoStopRun); none otherwise.
std::optional<std::string> SecondTrain(const routes::RouteGraph& graph, const std::vector<routes::TrainSpec>& trains,
                                       size_t largest);

struct BestRuns {
  routes::RunPlan plan;                    // the runs (only the largest train's from phase 6)
  std::optional<std::string> second_train;  // 6.14.3: the other train's name when it has a run
  bool proven_optimal = true;
};

// The best runs of a company owning `trains` in `phase` (1..8) on `graph`.
Result<BestRuns> FindBestRuns(const RevenueRules& rules, const routes::RouteGraph& graph,
                              const std::vector<OwnedTrain>& trains, int phase);

}  // namespace mailrun::engine::t1947

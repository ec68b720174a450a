// The runs a 1947 president submits (Action1947::routes: each train's stops by name, as
// route_graph.h names them) checked against the railway's graph and scored: the stops as
// 6.14.1 wants them (TrainRunRevenue: number, ends, repeats, an own station, sites and trading
// posts at the ends), consecutive stops joined by the railway's track without reversing or
// changing track at a tile edge and without passing another stop (6.14.1), each train's track its
// own, the trains' routes kept apart (6.14.1), from the first T8 only the largest train running
// (6.14.3), and a worker for each blocked city passed through (6.11.1, rulings 26); then the
// company's revenue for the turn (OperatingRevenue). Refusals are typed Errors naming the rule.
// Pure.
#pragma once

#include <string>
#include <vector>

#include "engine/core/result.h"
#include "engine/core/routes/run_plan.h"
#include "engine/titles/t1947/board_state.h"
#include "engine/titles/t1947/rules/revenue.h"
#include "engine/titles/t1947/rules/runs.h"

namespace mailrun::engine::t1947 {

struct CheckedRuns {
  std::vector<TrainRun> runs;             // the trains that run, their stops as OperatingRevenue takes them
  std::vector<int> trains;                // runs[i] is the run of trains[this[i]]
  std::vector<routes::PlannedRun> track;  // the graph nodes and edges each run uses (for drawing it)
  std::vector<int> sites;                 // expatriation sites reached: at an end of a run through the home city (T1947Data::sites indices, 6.10)
  CompanyRevenue revenue;                 // the turn's revenue (OperatingRevenue)
};

// `submitted` (Action1947::routes) has one list per train of `trains`, in that order (fewer
// lists: the others do not run; an empty list: that train does not run). `turn` is the operating
// turn's; its owns_train and, from the first T8, its second_train are worked out here from
// `trains` and the graph (6.14.2, 6.14.3 with rulings 28), whatever the caller put there.
Result<CheckedRuns> CheckSubmittedRuns(const T1947Data& data, const RevenueRules& rules, const Board1947& board,
                                       int railway, const std::vector<OwnedTrain>& trains,
                                       const std::vector<std::vector<std::string>>& submitted, OperatingTurn turn);

}  // namespace mailrun::engine::t1947

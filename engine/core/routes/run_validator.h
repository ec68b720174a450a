// The run validator: checks the runs a player submits for a company's trains against rules
// 4.5 (running trains), 4.6.6 (mail), 4.8.18 b ('1M' runs), 4.2.12 (terminal stations) and the
// must-run-over constraints of 4.2.3/4.4.2, and scores them (4.6). Errors are kIllegal with the
// rule number and a sentence in players' words, or kMalformed for unknown trains or node names.
// Pure functions; safe to call from any thread.
#pragma once

#include <string_view>
#include <vector>

#include "engine/core/result.h"
#include "engine/core/routes/route_graph.h"
#include "engine/core/routes/run_plan.h"

namespace mailrun::engine::routes {

// Checks submitted runs and the mail nomination (empty: none) and returns them scored.
// Name resolution: between two consecutive nodes the validator takes, of the edges joining them,
// the lowest-numbered one in the first non-empty tier of: (1) fits the train's gauge, not used by
// an earlier step of the submission and not in a group another train has used; (2) fits the gauge
// and unused; (3) fits the gauge; (4) any. So parallel edges are told apart deterministically and a
// wrong choice only ever happens when no right one exists (and is then reported).
Result<RunPlan> ValidateRuns(const RouteGraph& graph, const std::vector<TrainSpec>& trains,
                             const std::vector<SubmittedRun>& runs, std::string_view mail_train_id,
                             const RunConstraints& constraints = {});

// Checks one resolved run (nodes and edges given) of trains[run.train] on its own: every rule of
// 4.5 that concerns one run. On success returns the run with revenue and mail value filled in.
Result<PlannedRun> CheckRun(const RouteGraph& graph, const std::vector<TrainSpec>& trains, PlannedRun run);

// Checks a whole set of resolved runs: each run (CheckRun), each train at most once, no track or
// exclusivity group shared between runs (4.5.10), the mail run (index into runs, -1: none) and
// the constraints; fills in the revenues.
Result<RunPlan> CheckPlan(const RouteGraph& graph, const std::vector<TrainSpec>& trains,
                          std::vector<PlannedRun> runs, int mail_run, const RunConstraints& constraints = {});

// Display: node names of a run joined by '-' ("Jab.s0-Iaa/Jab-Iaa.s0").
std::string DescribeRun(const RouteGraph& graph, const PlannedRun& run);

}  // namespace mailrun::engine::routes

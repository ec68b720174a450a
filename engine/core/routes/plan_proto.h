// Conversions of a RunPlan: to the API's mailrun.v1.RunPlan view (a suggested or checked plan for
// the app), and back to the runs a player would submit (proto Run / SubmittedRun), which the
// validator resolves to the same plan. Pure functions.
#pragma once

#include <string>
#include <vector>

#include "engine/core/routes/route_graph.h"
#include "engine/core/routes/run_plan.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::routes {

mailrun::v1::RunPlan ToProto(const RouteGraph& graph, const std::vector<TrainSpec>& trains, const RunPlan& plan);

// The plan's runs by train id and node names, and the mail train's id ("" when none).
std::vector<SubmittedRun> ToSubmitted(const RouteGraph& graph, const std::vector<TrainSpec>& trains,
                                      const RunPlan& plan);
std::string MailTrainId(const std::vector<TrainSpec>& trains, const RunPlan& plan);

}  // namespace mailrun::engine::routes

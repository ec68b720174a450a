#include "engine/core/routes/plan_proto.h"

#include "engine/core/routes/run_hexes.h"

namespace mailrun::engine::routes {

mailrun::v1::RunPlan ToProto(const RouteGraph& graph, const std::vector<TrainSpec>& trains, const RunPlan& plan) {
  mailrun::v1::RunPlan out;
  for (const PlannedRun& run : plan.runs) {
    mailrun::v1::PlannedRun* view = out.add_runs();
    view->set_train_id(trains[run.train].id);
    for (int node : run.nodes) {
      const RouteNode& place = graph.nodes()[node];
      view->add_nodes(place.name);
      if (place.kind == NodeKind::kStation) view->add_stations(graph.StationPlace(node));
    }
    view->set_revenue(run.revenue);
    for (const std::string& hex : RunHexes({view->nodes().begin(), view->nodes().end()})) view->add_hexes(hex);
  }
  out.set_mail_train_id(MailTrainId(trains, plan));
  out.set_run_revenue(plan.run_revenue);
  out.set_mail_revenue(plan.mail_revenue);
  out.set_total(plan.total());
  return out;
}

std::vector<SubmittedRun> ToSubmitted(const RouteGraph& graph, const std::vector<TrainSpec>& trains,
                                      const RunPlan& plan) {
  std::vector<SubmittedRun> out;
  for (const PlannedRun& run : plan.runs) {
    SubmittedRun submitted;
    submitted.train_id = trains[run.train].id;
    for (int node : run.nodes) submitted.nodes.push_back(graph.nodes()[node].name);
    out.push_back(std::move(submitted));
  }
  return out;
}

std::string MailTrainId(const std::vector<TrainSpec>& trains, const RunPlan& plan) {
  return plan.mail_run >= 0 ? trains[plan.runs[plan.mail_run].train].id : std::string();
}

}  // namespace mailrun::engine::routes

#include "engine/titles/t1947/rules/suggested_runs.h"

#include "engine/core/structured_text.h"
#include "engine/titles/t1947/edition/board_grid.h"
#include "engine/titles/t1947/rules/operating_run.h"
#include "engine/titles/t1947/rules/revenue_rules.h"
#include "engine/titles/t1947/rules/submitted_runs.h"

namespace mailrun::engine::t1947 {

std::string StopName1947(const T1947Data& data, const std::string& place) {
  const std::optional<HexCoord> hex = ParseHex1947(place);
  const HexDef1947* def = hex ? data.MapHex(*hex) : nullptr;
  if (!def) return place;
  return !def->city.empty() ? def->city : !def->town.empty() ? def->town : place;
}

mailrun::v1::PlannedRun LastRunView1947(const T1947Data& data, const LastRun1947& run) {
  mailrun::v1::PlannedRun out;
  out.set_train_id(run.train_id);
  for (const std::string& hex : run.hexes) {
    out.add_nodes(hex);
    out.add_hexes(hex);
  }
  for (const std::string& place : run.places) out.add_stations(StopName1947(data, place));
  out.set_revenue(run.revenue);
  return out;
}

Result<mailrun::v1::RunPlan> SuggestedRuns1947(const T1947Game& game, const std::string& railway) {
  const T1947Data& data = game.data();
  const int r = data.RailwayIndex(railway);
  if (r < 0) return Malformed("1947.refusal.runs.no_railway", "no 1947 railway company " + railway).With({param::Text("company", railway)});
  mailrun::v1::RunPlan plan;
  const std::vector<OwnedTrain> trains = OwnedTrains(game, r);
  if (!game.railway(railway).operational || trains.empty()) return plan;
  Result<std::vector<std::vector<std::string>>> routes = BestRunRoutes(game, r);
  if (!routes.ok()) return routes.error();
  Result<const RevenueRules*> rules = RevenueRules1947();
  if (!rules.ok()) return rules.error();
  Result<CheckedRuns> checked = CheckSubmittedRuns(data, **rules, game.board(), r, trains, *routes, RunTurnNow(game, r));
  if (!checked.ok()) return checked.error();
  for (size_t i = 0; i < checked->runs.size(); ++i) {
    const auto& stops = (*routes)[static_cast<size_t>(checked->trains[i])];
    auto* run = plan.add_runs();
    run->set_train_id(trains[static_cast<size_t>(checked->trains[i])].id);
    for (const std::string& hex : stops) {
      run->add_nodes(hex);
      run->add_hexes(hex);
    }
    for (const Stop& stop : checked->runs[i].stops) run->add_stations(StopName1947(data, stop.place));
    run->set_revenue(checked->revenue.train_revenue[i]);
  }
  // The turn's revenue with every modifier (6.14.2, 6.14.3, 6.8.1, 6.13.3): all of it is paid out
  // or withheld; 1947 has no mail.
  plan.set_run_revenue(checked->revenue.revenue);
  plan.set_total(checked->revenue.revenue);
  return plan;
}

}  // namespace mailrun::engine::t1947

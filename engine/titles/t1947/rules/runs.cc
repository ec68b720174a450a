// A 1947 company's best runs (see rules/runs.h).
#include "engine/titles/t1947/rules/runs.h"

#include "engine/core/routes/route_optimizer.h"
#include "engine/core/structured_text.h"
#include "engine/titles/t1947/rules/route_legs.h"

namespace mailrun::engine::t1947 {

namespace {
constexpr int kFewestStops = 2;  // 6.14.1: "at least two stops"
}  // namespace

Result<std::vector<routes::TrainSpec>> TrainSpecs(const RevenueRules& rules, const std::vector<OwnedTrain>& trains) {
  std::vector<routes::TrainSpec> specs;
  for (const OwnedTrain& train : trains) {
    const int stops = rules.Stops(train.name);
    if (stops == 0) return Illegal("1947.refusal.runs.no_such_train", "6.14.1", "there is no train " + train.name).With({param::Train("train", train.name)});
    routes::TrainSpec spec;
    spec.id = train.id;
    spec.name = train.name;
    spec.large_stations = stops;             // 6.14.1: every stop counts
    spec.min_large_stations = kFewestStops;  // 6.14.1; trading posts do not count (3.1 P7)
    spec.min_large_rule = "6.14.1";
    specs.push_back(spec);
  }
  return specs;
}

size_t LargestTrain(const std::vector<routes::TrainSpec>& trains) {
  size_t largest = 0;
  for (size_t i = 1; i < trains.size(); ++i) {
    if (trains[i].large_stations > trains[largest].large_stations) largest = i;
  }
  return largest;
}

std::optional<std::string> SecondTrain(const routes::RouteGraph& graph, const std::vector<routes::TrainSpec>& trains,
                                       size_t largest) {
  for (size_t i = 0; i < trains.size(); ++i) {
    if (i != largest) return HasTwoStopRun(graph) ? std::optional<std::string>(trains[i].name) : std::nullopt;
  }
  return std::nullopt;
}

Result<BestRuns> FindBestRuns(const RevenueRules& rules, const routes::RouteGraph& graph,
                              const std::vector<OwnedTrain>& trains, int phase) {
  if (phase < 1 || phase > static_cast<int>(rules.simplified_revenue.size())) {
    return Illegal("1947.refusal.runs.no_such_phase", "4.0", "there is no phase " + std::to_string(phase)).With({param::Count("phase", phase)});
  }
  Result<std::vector<routes::TrainSpec>> specs = TrainSpecs(rules, trains);
  if (!specs.ok()) return specs.error();
  routes::OptimizeOptions options;
  options.mail = false;  // 1947 has no mail
  // On 1947's boards (every city and town a counting stop, trains of up to 12) the reachability
  // bound costs more than it prunes: the static bound is 3-5 times faster at the p99 on late-game
  // boards, with the same runs (docs/benchmarks.md, "1947 best runs").
  options.reach_bound = false;
  BestRuns best;
  std::vector<routes::TrainSpec> running = *specs;
  std::vector<int> index_of;  // running[i] is trains[index_of[i]]
  for (size_t i = 0; i < running.size(); ++i) index_of.push_back(static_cast<int>(i));
  if (rules.simplified_revenue[phase - 1] && running.size() > 1) {
    // 6.14.3: the largest train runs; the other adds its percentage when it has a run of its own.
    const size_t largest = LargestTrain(running);
    best.second_train = SecondTrain(graph, running, largest);
    running = {running[largest]};
    index_of = {static_cast<int>(largest)};
  }
  Result<routes::OptimizedRuns> runs = routes::Optimize(graph, running, options);
  if (!runs.ok()) return runs.error();
  best.plan = runs->best_dividend;
  for (routes::PlannedRun& run : best.plan.runs) run.train = index_of[run.train];
  best.proven_optimal = runs->proven_optimal;
  return best;
}

}  // namespace mailrun::engine::t1947

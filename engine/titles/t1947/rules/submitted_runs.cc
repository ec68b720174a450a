// Checking and scoring the runs a 1947 president submits (see rules/submitted_runs.h).
#include "engine/titles/t1947/rules/submitted_runs.h"

#include <algorithm>
#include <set>

#include "engine/core/structured_text.h"
#include "engine/titles/t1947/route_graph.h"
#include "engine/titles/t1947/rules/route_legs.h"

namespace mailrun::engine::t1947 {

namespace {

// One train's run as the track search sees it: its stops' nodes and, per pair of consecutive
// stops, the legs that join them.
struct RunLegs {
  std::vector<int> stops;
  std::vector<std::vector<Leg>> legs;  // legs[j] joins stops[j] and stops[j + 1]
};

// Chooses a leg for every pair of consecutive stops of runs[first..last): within a run no node
// twice (6.14.1: the same track never twice), between runs no edge and no exclusivity group twice
// (6.14.1: routes kept separate). Fills `chosen` (per run, per pair) and returns true when it can.
class TrackSearch {
 public:
  TrackSearch(const routes::RouteGraph& graph, const std::vector<RunLegs>& runs)
      : graph_(graph), runs_(runs), group_owner_(graph.group_count(), -1), chosen_(runs.size()) {
    for (size_t r = 0; r < runs.size(); ++r) chosen_[r].resize(runs[r].legs.size());
  }

  bool Solve(size_t first, size_t last) { return Run(first, last); }
  const Leg& Chosen(size_t run, size_t pair) const { return *chosen_[run][pair]; }

 private:
  bool Run(size_t r, size_t last) {
    if (r == last) return true;
    std::set<int> nodes(runs_[r].stops.begin(), runs_[r].stops.end());
    return Pair(r, 0, last, &nodes);
  }

  bool Pair(size_t r, size_t j, size_t last, std::set<int>* nodes) {
    if (j == runs_[r].legs.size()) return Run(r + 1, last);
    for (const Leg& leg : runs_[r].legs[j]) {
      if (!Fits(leg, *nodes)) continue;
      Take(leg, nodes, static_cast<int>(r));
      chosen_[r][j] = &leg;
      if (Pair(r, j + 1, last, nodes)) return true;
      Take(leg, nodes, -1);
    }
    return false;
  }

  bool Fits(const Leg& leg, const std::set<int>& nodes) const {
    for (size_t i = 0; i + 1 < leg.nodes.size(); ++i) {
      if (nodes.count(leg.nodes[i])) return false;
    }
    for (int e : leg.edges) {
      const int owner = group_owner_[graph_.edges()[e].group];
      if (owner >= 0) return false;  // this train's earlier legs or another train's
    }
    return true;
  }

  // Marks (owner >= 0) or frees (owner -1) the leg's passing nodes and its edges' groups.
  void Take(const Leg& leg, std::set<int>* nodes, int owner) {
    for (size_t i = 0; i + 1 < leg.nodes.size(); ++i) {
      if (owner >= 0) {
        nodes->insert(leg.nodes[i]);
      } else {
        nodes->erase(leg.nodes[i]);
      }
    }
    for (int e : leg.edges) group_owner_[graph_.edges()[e].group] = owner;
  }

  const routes::RouteGraph& graph_;
  const std::vector<RunLegs>& runs_;
  std::vector<int> group_owner_;
  std::vector<std::vector<const Leg*>> chosen_;
};

}  // namespace

Result<CheckedRuns> CheckSubmittedRuns(const T1947Data& data, const RevenueRules& rules, const Board1947& board,
                                       int railway, const std::vector<OwnedTrain>& trains,
                                       const std::vector<std::vector<std::string>>& submitted, OperatingTurn turn) {
  if (submitted.size() > trains.size()) {
    return Illegal("1947.refusal.runs.more_routes_than_trains", "6.14.1", "each train runs one route; " + std::to_string(submitted.size()) + " routes for " + std::to_string(trains.size()) + " trains")
        .With({param::Count("routes", static_cast<int64_t>(submitted.size())), param::Count("trains", static_cast<int64_t>(trains.size()))});
  }
  Result<std::vector<routes::TrainSpec>> specs = TrainSpecs(rules, trains);
  if (!specs.ok()) return specs.error();
  Result<RailwayGraph> g = BuildRailwayGraph(data, rules, board, railway, GraphTurn{turn.season, turn.phase, turn.owns_p7});
  if (!g.ok()) return g.error();
  const bool simplified = rules.simplified_revenue[turn.phase - 1];
  const size_t largest = LargestTrain(*specs);
  CheckedRuns checked;
  std::vector<RunLegs> legs;
  for (size_t t = 0; t < submitted.size(); ++t) {
    if (submitted[t].empty()) continue;
    if (simplified && trains.size() > 1 && t != largest) {  // 6.14.3
      return Illegal("1947.refusal.runs.largest_train_runs", "6.14.3", "the " + trains[t].name + " is not the company's largest train; the " + trains[largest].name + " runs")
          .With({param::Train("train", trains[t].name), param::Train("largest", trains[largest].name)});
    }
    TrainRun run{trains[t].name, {}};
    RunLegs run_legs;
    for (const std::string& name : submitted[t]) {
      const auto node = g->node_of_stop.find(name);
      if (node == g->node_of_stop.end()) {
        return Illegal("1947.refusal.runs.no_stop_there", "6.14.1", "there is no city, town, expatriation site or trading post with track named " + name)
            .With({param::Text("stop", name)});
      }
      run.stops.push_back(g->stops.at(node->second).stop);
      run_legs.stops.push_back(node->second);
    }
    const int trading_post_value = turn.owns_p7 ? rules.trading_post[turn.phase - 1] : 0;
    if (Result<RunRevenue> alone = TrainRunRevenue(rules, run.train, run.stops, turn.season, trading_post_value); !alone.ok()) return alone.error();
    for (size_t j = 0; j + 1 < run_legs.stops.size(); ++j) {
      std::vector<Leg> joining;
      for (Leg& leg : LegsFrom(g->graph, run_legs.stops[j])) {
        if (leg.nodes.back() == run_legs.stops[j + 1]) joining.push_back(std::move(leg));
      }
      if (joining.empty()) {
        const std::string& from = submitted[t][j];
        const std::string& to = submitted[t][j + 1];
        return Illegal("1947.refusal.runs.stops_not_joined", "6.14.1", "no track of the railway runs from " + from + " to " + to + " without passing another stop")
            .With({param::Text("from", from), param::Text("to", to)});
      }
      run_legs.legs.push_back(std::move(joining));
    }
    checked.runs.push_back(std::move(run));
    checked.trains.push_back(static_cast<int>(t));
    legs.push_back(std::move(run_legs));
  }
  for (size_t r = 0; r < legs.size(); ++r) {
    TrackSearch alone(g->graph, legs);
    if (!alone.Solve(r, r + 1)) {
      const std::string& train = checked.runs[r].train;
      return Illegal("1947.refusal.runs.same_track_twice", "6.14.1", "the " + train + "'s route would travel the same track twice")
          .With({param::Train("train", train)});
    }
  }
  TrackSearch search(g->graph, legs);
  if (!search.Solve(0, legs.size())) {
    return Illegal("1947.refusal.runs.routes_share_track", "6.14.1", "the routes of a company's trains may meet and cross in cities and towns but never share track");
  }
  for (size_t r = 0; r < legs.size(); ++r) {
    routes::PlannedRun track;
    track.train = checked.trains[r];
    track.nodes.push_back(legs[r].stops.front());
    for (size_t j = 0; j < legs[r].legs.size(); ++j) {
      const Leg& leg = search.Chosen(r, j);
      track.nodes.insert(track.nodes.end(), leg.nodes.begin(), leg.nodes.end());
      track.edges.insert(track.edges.end(), leg.edges.begin(), leg.edges.end());
    }
    // 6.10: a site is reached by "a train able to connect its Home City with the Expatriation
    // Site": the run that ends there includes the railway's home city (1947 ruling 57).
    const std::vector<std::string>& stops = submitted[checked.trains[r]];
    const bool through_home = std::find(stops.begin(), stops.end(), data.railways[railway].home) != stops.end();
    for (int stop : legs[r].stops) {
      if (const int site = g->stops.at(stop).site; site >= 0 && through_home) checked.sites.push_back(site);
    }
    checked.track.push_back(std::move(track));
  }
  // 6.14.2: the new-tile bonus needs a train; 6.14.3: the second train is the rules', not the president's.
  turn.owns_train = !trains.empty();
  turn.second_train.reset();
  if (simplified && trains.size() > 1) {
    turn.second_train = SecondTrain(g->graph, *specs, largest);
  }
  Result<CompanyRevenue> revenue = OperatingRevenue(rules, checked.runs, turn);
  if (!revenue.ok()) return revenue.error();
  checked.revenue = *revenue;
  return checked;
}

}  // namespace mailrun::engine::t1947

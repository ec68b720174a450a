#include "engine/core/routes/run_validator.h"

#include <fmt/format.h>

#include <algorithm>
#include <utility>

#include "engine/core/structured_text.h"

namespace mailrun::engine::routes {

namespace {

const char* GaugeWords(Gauge gauge) {
  switch (gauge) {
    case Gauge::kBroad: return "broad gauge";
    case Gauge::kMetre: return "metre gauge";
    case Gauge::kDual: return "dual gauge";
  }
  return "unknown gauge";
}

std::string TrainWords(const TrainSpec& train) { return fmt::format("the '{}' train", train.display_name()); }

std::string TrackWords(const RouteGraph& graph, const RouteEdge& edge) {
  return fmt::format("the track from {} to {}", graph.nodes()[edge.a].name, graph.nodes()[edge.b].name);
}

bool Joins(const RouteEdge& edge, int a, int b) { return (edge.a == a && edge.b == b) || (edge.a == b && edge.b == a); }

// Which edge a submitted step from node a to node b means; see ValidateRuns. -1: none joins them.
int ResolveEdge(const RouteGraph& graph, int a, int b, const TrainSpec& train, int train_index,
                const std::vector<char>& used_edges, const std::vector<int>& group_train) {
  int best = -1;
  int best_tier = 5;
  for (int e : graph.EdgesAt(a)) {
    const RouteEdge& edge = graph.edges()[e];
    if (!Joins(edge, a, b)) continue;
    bool fits = GaugeFits(train.gauge, edge.gauge);
    bool unused = !used_edges[e];
    bool group_free = group_train[edge.group] < 0 || group_train[edge.group] == train_index;
    int tier = fits ? (unused ? (group_free ? 1 : 2) : 3) : 4;
    if (tier < best_tier) {  // EdgesAt is in edge order, so the lowest index wins within a tier
      best_tier = tier;
      best = e;
    }
  }
  return best;
}

// How many exclusivity groups the graph's edges name: a vector indexed by group holds them all.
size_t GroupSlots(const RouteGraph& graph) {
  int slots = graph.group_count();
  for (const RouteEdge& edge : graph.edges()) slots = std::max(slots, edge.group + 1);
  return static_cast<size_t>(slots);
}

}  // namespace

std::string DescribeRun(const RouteGraph& graph, const PlannedRun& run) {
  std::string out;
  for (int node : run.nodes) {
    if (!out.empty()) out += '-';
    out += node >= 0 && node < static_cast<int>(graph.nodes().size()) ? graph.nodes()[node].name : "?";
  }
  return out;
}

Result<PlannedRun> CheckRun(const RouteGraph& graph, const std::vector<TrainSpec>& trains, PlannedRun run) {
  const auto& nodes = graph.nodes();
  const auto& edges = graph.edges();
  if (run.train < 0 || run.train >= static_cast<int>(trains.size())) return Malformed("core.refusal.run_validator.run_names_no_known_train", "a run names no known train");
  const TrainSpec& train = trains[run.train];
  const auto who = [&] { return TrainWords(train); };  // words only for a refusal
  if (run.nodes.size() < 2) {
    return Illegal("core.refusal.run_validator.run_must_include_least_two", "4.5.4", fmt::format("a run must include at least two stations; the run of {} names {} place(s)",
                                        who(), run.nodes.size())).With({param::Train("train", train.display_name()), param::Count("places", run.nodes.size())});
  }
  if (run.edges.size() + 1 != run.nodes.size()) return Malformed("core.refusal.run_validator.run_s_track_does_not", "a run's track does not match its nodes");
  for (int node : run.nodes) {
    if (node < 0 || node >= static_cast<int>(nodes.size())) return Malformed("core.refusal.run_validator.run_names_unknown_node", "a run names an unknown node");
  }
  for (int end : {run.nodes.front(), run.nodes.back()}) {
    if (nodes[end].kind != NodeKind::kStation) {
      return Illegal("core.refusal.run_validator.run_must_start_finish_station", "4.5.4", fmt::format("a run must start and finish at a station; {} is not a station",
                                          nodes[end].name)).With({param::Text("place", nodes[end].name)});
    }
  }
  // Continuity, gauge and track used twice, step by step along the run. At a station any other line
  // may follow the one the run came in on (4.5.9): only the track joining each pair is checked.
  std::vector<int> seen_edges;  // a run is short: a list searched beats a hash set
  seen_edges.reserve(run.edges.size());
  for (size_t i = 0; i + 1 < run.nodes.size(); ++i) {
    const std::string& from = nodes[run.nodes[i]].name;
    const std::string& to = nodes[run.nodes[i + 1]].name;
    int e = run.edges[i];
    if (e < 0 || e >= static_cast<int>(edges.size()) || !Joins(edges[e], run.nodes[i], run.nodes[i + 1])) {
      return Illegal("core.refusal.run_validator.run_not_continuous_no_track", "4.5.5", fmt::format("the run of {} is not continuous: no track joins {} and {}", who(), from, to)).With({param::Train("train", train.display_name()), param::Text("from", from), param::Text("to", to)});
    }
    if (!GaugeFits(train.gauge, edges[e].gauge)) {
      return Illegal("core.refusal.run_validator.train_cannot_use", "4.5.3", fmt::format("{} is {}; {} is a {} train and cannot use it", TrackWords(graph, edges[e]),
                                          GaugeWords(edges[e].gauge), who(), GaugeWords(train.gauge))).With({param::Text("from", graph.nodes()[edges[e].a].name), param::Text("to", graph.nodes()[edges[e].b].name), param::Text("gauge", GaugeWords(edges[e].gauge)), param::Train("train", train.display_name()), param::Text("train_gauge", GaugeWords(train.gauge))});
    }
    if (std::find(seen_edges.begin(), seen_edges.end(), e) != seen_edges.end()) {
      return Illegal("core.refusal.run_validator.run_uses_twice", "4.5.8", fmt::format("the run of {} uses {} twice", who(), TrackWords(graph, edges[e]))).With({param::Train("train", train.display_name()), param::Text("from", graph.nodes()[edges[e].a].name), param::Text("to", graph.nodes()[edges[e].b].name)});
    }
    seen_edges.push_back(e);
  }
  // Places visited twice, cities visited twice, and what may not be passed.
  std::vector<int> seen_nodes;
  seen_nodes.reserve(run.nodes.size());
  std::vector<std::pair<int, int>> city_station;  // city -> the run's station there
  for (size_t i = 0; i < run.nodes.size(); ++i) {
    const RouteNode& node = nodes[run.nodes[i]];
    if (std::find(seen_nodes.begin(), seen_nodes.end(), run.nodes[i]) != seen_nodes.end()) {
      return Illegal("core.refusal.run_validator.run_passes_twice", "4.5.5", fmt::format("the run of {} passes {} twice", who(), node.name)).With({param::Train("train", train.display_name()), param::Text("place", node.name)});
    }
    seen_nodes.push_back(run.nodes[i]);
    if (node.kind == NodeKind::kStation && node.station.city >= 0) {
      const auto it = std::find_if(city_station.begin(), city_station.end(),
                                   [&](const std::pair<int, int>& at) { return at.first == node.station.city; });
      if (it != city_station.end()) {
        return Illegal("core.refusal.run_validator.run_visits_same_city_twice", "4.5.5", fmt::format("the run of {} visits the same city twice ({} and {})", who(),
                                            nodes[it->second].name, node.name)).With({param::Train("train", train.display_name()), param::Text("place", nodes[it->second].name), param::Text("again", node.name)});
      }
      city_station.emplace_back(node.station.city, run.nodes[i]);
    }
    bool interior = i > 0 && i + 1 < run.nodes.size();
    if (!interior) continue;
    if (node.kind == NodeKind::kStation && node.station.blocked) {
      return Illegal("core.refusal.run_validator.fully_occupied_other_companies_bases", "4.5.6", fmt::format("{} is fully occupied by other companies' bases: a run may start or finish "
                                          "there but not continue past it",
                                          node.name)).With({param::Text("place", node.name)});
    }
    if (node.kind == NodeKind::kStation && node.station.terminal) {
      return Illegal("core.refusal.run_validator.terminal_station_run_start_finish", "4.2.12", fmt::format("{} is a terminal station: a run may start or finish there but not pass "
                                           "through it",
                                           node.name)).With({param::Text("place", node.name)});
    }
    if (node.kind == NodeKind::kBoundary && edges[run.edges[i - 1]].hex == edges[run.edges[i]].hex) {
      return Illegal("core.refusal.run_validator.run_reverses_tile_edge_must", "4.5.5", fmt::format("the run of {} reverses at the tile edge {}: it must cross into the next "
                                          "hex",
                                          who(), node.name)).With({param::Train("train", train.display_name()), param::Text("place", node.name)});
    }
  }
  // Stations called at (4.5.4, 4.8.18 b) and the company's base (4.5.2).
  int large = 0;
  int small = 0;
  int large_node = -1;
  bool base = false;
  // 4.6.2, 4.6.3: every station of the run scores; none can be skipped, as a run is the whole list
  // of places it passes.
  run.revenue = 0;
  for (int n : run.nodes) {
    const RouteNode& node = nodes[n];
    if (node.kind != NodeKind::kStation) continue;
    run.revenue += node.station.revenue;
    base = base || node.station.company_base;
    if (node.station.large) {
      ++large;
      large_node = n;
    } else {
      ++small;
    }
  }
  if (large + small < 2) {
    return Illegal("core.refusal.run_validator.run_must_include_least_two_2", "4.5.4", fmt::format("a run must include at least two stations; the run of {} calls at {}", who(),
                                        large + small)).With({param::Train("train", train.display_name()), param::Count("stations", large + small)});
  }
  if (large < train.min_large_stations) {
    return Illegal("core.refusal.run_validator.run_too_few_counted_stops", train.min_large_rule, fmt::format("a run of {} must call at at least {} stops that count toward the train; it calls at {}",
                                        who(), train.min_large_stations, large)).With({param::Train("train", train.display_name()), param::Count("min", train.min_large_stations), param::Count("stops", large)});
  }
  if (train.is_1m) {
    if (large != 1) {
      return Illegal("core.refusal.run_validator.1m_train_must_call_exactly", "4.8.18", fmt::format("a '1M' train must call at exactly one large station; this run calls at {}",
                                           large)).With({param::Count("large", large)});
    }
    if (!nodes[large_node].station.company_base) {
      return Illegal("core.refusal.run_validator.large_station_1m_run_must", "4.8.18", fmt::format("the large station of a '1M' run must hold one of the company's bases; {} "
                                           "does not",
                                           nodes[large_node].name)).With({param::Text("place", nodes[large_node].name)});
    }
    if (small < 1) return Illegal("core.refusal.run_validator.1m_run_must_also_call", "4.8.18", "a '1M' run must also call at at least one small station");
  } else if (large > train.large_stations) {
    return Illegal("core.refusal.run_validator.train_call_no_more_than", "4.5.4", fmt::format("a '{}' train may call at no more than {} large stations; this run calls at {}",
                                        train.display_name(), train.large_stations, large)).With({param::Train("train", train.display_name()), param::Count("max", train.large_stations), param::Count("large", large)});
  }
  if (!base) {
    return Illegal("core.refusal.run_validator.each_run_must_include_one", "4.5.2", fmt::format("each run must include one of the company's bases; the run of {} includes none",
                                        who())).With({param::Train("train", train.display_name())});
  }
  run.mail_value = nodes[run.nodes.front()].station.revenue + nodes[run.nodes.back()].station.revenue;
  return run;
}

Result<RunPlan> CheckPlan(const RouteGraph& graph, const std::vector<TrainSpec>& trains, std::vector<PlannedRun> runs,
                          int mail_run, const RunConstraints& constraints) {
  const auto& edges = graph.edges();
  RunPlan plan;
  std::vector<int> runs_of_train(trains.size(), 0);
  std::vector<int> edge_run(edges.size(), -1);          // edge -> the run using it
  std::vector<int> group_edge(GroupSlots(graph), -1);  // group -> an edge of it, used by run group_run[group]
  std::vector<int> group_run(group_edge.size(), -1);
  std::vector<bool> hex_covered(graph.hexes().size(), false);
  for (const PlannedRun& run : runs) {
    if (run.train < 0 || run.train >= static_cast<int>(trains.size())) return Malformed("core.refusal.run_validator.run_names_no_known_train", "a run names no known train");
    if (++runs_of_train[run.train] > 1) {
      const TrainSpec& train = trains[run.train];
      return Illegal("core.refusal.run_validator.train_run_only_once_turn", "4.5.1", fmt::format("{} (train {}) may run only once in a turn", TrainWords(train), train.id)).With({param::Train("train", train.display_name()), param::Text("train_id", train.id)});
    }
  }
  for (size_t r = 0; r < runs.size(); ++r) {
    Result<PlannedRun> checked = CheckRun(graph, trains, std::move(runs[r]));
    if (!checked.ok()) return checked.error();
    PlannedRun& run = *checked;
    const TrainSpec& train = trains[run.train];
    for (int e : run.edges) {
      hex_covered[edges[e].hex] = true;
      if (edge_run[e] < 0) edge_run[e] = static_cast<int>(r);
      if (edge_run[e] != static_cast<int>(r)) {
        return Illegal("core.refusal.run_validator.both_use_each_train_must", "4.5.10", fmt::format("{} and {} both use {}; each train must run on separate track",
                                             TrainWords(trains[plan.runs[edge_run[e]].train]), TrainWords(train),
                                             TrackWords(graph, edges[e]))).With({param::Train("train", trains[plan.runs[edge_run[e]].train].display_name()), param::Train("other", train.display_name()), param::Text("from", graph.nodes()[edges[e].a].name), param::Text("to", graph.nodes()[edges[e].b].name)});
      }
      const int group = edges[e].group;
      if (group_run[group] < 0) {
        group_run[group] = static_cast<int>(r);
        group_edge[group] = e;
      }
      if (group_run[group] != static_cast<int>(r)) {
        return Illegal("core.refusal.run_validator.both_use_one_green_junction", "4.5.10", fmt::format("{} and {} both use one green junction ({} and {}); only one train may "
                                             "use a junction in a turn",
                                             TrainWords(trains[plan.runs[group_run[group]].train]), TrainWords(train),
                                             TrackWords(graph, edges[group_edge[group]]),
                                             TrackWords(graph, edges[e]))).With({param::Train("train", trains[plan.runs[group_run[group]].train].display_name()), param::Train("other", train.display_name()), param::Text("from", graph.nodes()[edges[group_edge[group]].a].name), param::Text("to", graph.nodes()[edges[group_edge[group]].b].name), param::Text("other_from", graph.nodes()[edges[e].a].name), param::Text("other_to", graph.nodes()[edges[e].b].name)});
      }
    }
    plan.run_revenue += run.revenue;
    plan.runs.push_back(std::move(run));
  }
  if (mail_run >= static_cast<int>(plan.runs.size()) || mail_run < -1) {
    return Illegal("core.refusal.run_validator.mail_train_must_one_trains", "4.6.6", "the mail train must be one of the trains that run this turn");
  }
  plan.mail_run = mail_run;
  plan.mail_revenue = mail_run >= 0 ? plan.runs[mail_run].mail_value : 0;
  for (const HexCoord& hex : constraints.must_run_over) {
    int index = graph.FindHex(hex);
    if (index < 0 || !hex_covered[index]) {
      std::string name = index >= 0 ? graph.hexes()[index].name : fmt::format("(row {}, column {})", hex.row, hex.col);
      return Illegal("core.refusal.run_validator.tile_promoted_base_placed_outside", "4.2.3", fmt::format("a tile promoted or a base placed outside the company's home area this turn "
                                          "must be included in a run (4.2.3, 4.4.2); no run includes {}",
                                          name)).With({param::Hex("hex", name)});
    }
  }
  // Runs in train order, as the optimiser returns them.
  std::vector<int> order(plan.runs.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
  std::stable_sort(order.begin(), order.end(), [&](int x, int y) { return plan.runs[x].train < plan.runs[y].train; });
  RunPlan sorted = plan;
  for (size_t i = 0; i < order.size(); ++i) {
    sorted.runs[i] = plan.runs[order[i]];
    if (order[i] == plan.mail_run) sorted.mail_run = static_cast<int>(i);
  }
  return sorted;
}

Result<RunPlan> ValidateRuns(const RouteGraph& graph, const std::vector<TrainSpec>& trains,
                             const std::vector<SubmittedRun>& runs, std::string_view mail_train_id,
                             const RunConstraints& constraints) {
  std::vector<PlannedRun> resolved;
  std::vector<char> used_edges(graph.edges().size(), 0);
  std::vector<int> group_train(GroupSlots(graph), -1);  // group -> the first train using it
  int mail_run = -1;
  for (const SubmittedRun& submitted : runs) {
    auto train = std::find_if(trains.begin(), trains.end(), [&](const TrainSpec& t) { return t.id == submitted.train_id; });
    if (train == trains.end()) return Malformed("core.refusal.run_validator.company_no_train", fmt::format("the company has no train '{}'", submitted.train_id)).With({param::Text("train", submitted.train_id)});
    PlannedRun run;
    run.train = static_cast<int>(train - trains.begin());
    for (const std::string& name : submitted.nodes) {
      int node = graph.FindNode(name);
      if (node < 0) {
        return Malformed("core.refusal.run_validator.run_names_which_not_place", fmt::format("the run of {} names '{}', which is not a place on the company's track",
                                     TrainWords(*train), name)).With({param::Train("train", train->display_name()), param::Text("place", name)});
      }
      run.nodes.push_back(node);
    }
    for (size_t i = 0; i + 1 < run.nodes.size(); ++i) {
      int e = ResolveEdge(graph, run.nodes[i], run.nodes[i + 1], *train, run.train, used_edges, group_train);
      run.edges.push_back(e);
      if (e < 0) continue;
      used_edges[e] = 1;
      if (int& owner = group_train[graph.edges()[e].group]; owner < 0) owner = run.train;
    }
    if (!mail_train_id.empty() && submitted.train_id == mail_train_id && mail_run < 0) {
      mail_run = static_cast<int>(resolved.size());
    }
    resolved.push_back(std::move(run));
  }
  if (!mail_train_id.empty() && mail_run < 0) {
    return Illegal("core.refusal.run_validator.mail_train_must_one_trains_2", "4.6.6", fmt::format("the mail train must be one of the trains that run this turn; train '{}' "
                                        "does not run",
                                        mail_train_id)).With({param::Text("train", std::string(mail_train_id))});
  }
  return CheckPlan(graph, trains, std::move(resolved), mail_run, constraints);
}

}  // namespace mailrun::engine::routes

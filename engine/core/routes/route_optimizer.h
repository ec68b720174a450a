// The route optimiser: for one company's trains on its RouteGraph, the legal set of runs and mail
// nomination with the highest total (runs + mail, 4.6), and the one with the highest dividend
// (runs alone, 4.7.1; mail then chosen best for it). Exact: the result is provably optimal (the
// tests compare it with ExhaustiveSearch on thousands of random boards).
//
// How (see also run_search.h): the graph is compressed per gauge (core_graph.h). Per kind of
// train, a branch and bound search finds the best revenue and the best score a train could make
// alone; those bound every train's share of any plan. A greedy plan (trains one after another,
// each taking the best run on the track the others left, every rotation of the train order)
// gives a lower bound L. Every run that can be part of a plan scoring at least L must score at
// least L minus the other trains' best alone, so only those runs are listed (each run once, with
// reachability bounds), and a branch and bound over the trains' lists (best first, exclusivity of
// track (4.5.10) as bit sets over the exclusivity groups the lists use, a per-group index to skip
// clashing runs 64 at a time) picks the best combination. Identical trains take their runs in list
// order (no symmetric duplicates). Without a greedy plan (none covers the must-run-over hexes),
// targets fall from the upper bound instead; the first target a plan reaches is the optimum.
//
// Ties: among plans of equal total the higher dividend wins; among plans of equal dividend (the
// dividend plan) the higher mail wins; remaining ties go to the first plan in the search order,
// which depends only on the graph's node and edge order and the order of the trains. The mail is
// nominated on the run with the highest first + last value (the lowest train on a tie).
// Pure function; safe to call concurrently.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/result.h"
#include "engine/core/routes/route_graph.h"
#include "engine/core/routes/run_plan.h"

namespace mailrun::engine::routes {

struct OptimizeStats {
  int64_t partial_runs = 0;  // partial runs the searches expanded
  int64_t listed_runs = 0;   // runs listed for the combination search
  int64_t combinations = 0;  // nodes of the combination search
  int64_t index_jumps = 0;   // times the combination search skipped clashing runs by the group index
};

struct OptimizeOptions {
  RunConstraints constraints;    // 4.2.3 / 4.4.2 hexes some run must include
  bool reach_bound = true;       // false: bound by every station of the graph (only to measure the gain)
  bool threshold_listing = true;  // false: list every run of every train, then combine (a baseline)
  OptimizeStats* stats = nullptr;  // filled when set
  // 1853's mail (4.6.6). false for a title without mail (1947, whose trains count every stop: its
  // graph marks towns and sites as large stations and its trains ask min_large_stations): one
  // search for the best dividend, which is then both plans, with no mail nominated.
  bool mail = true;
  // Safety valves against pathological boards (far denser than the tile manifest allows): a search
  // stops after this many partial runs, the listing after this many runs, the combination search
  // after this many steps (each roughly 1 to 100 ns); the plans returned are
  // then the greedy ones: legal, but not proven best (proven_optimal false). 0: no limit.
  int64_t max_partial_runs = 5'000'000;
  int64_t max_listed_runs = 200'000;
  int64_t max_combination_steps = 20'000'000;
};

struct OptimizedRuns {
  RunPlan best_total;     // highest runs + mail (without mail: the best dividend)
  RunPlan best_dividend;  // highest dividend (sum of runs), then highest mail
  bool proven_optimal = true;  // false only when a safety valve of OptimizeOptions stopped a search
};

// kIllegal "4.2.3" when no legal set of runs includes every must-run-over hex; kMalformed for bad
// trains (duplicate ids, a dual gauge train, a train number below 1); kBadData for a bad graph.
// With no trains, or no legal run, the plans are empty (no runs, nothing earned).
Result<OptimizedRuns> Optimize(const RouteGraph& graph, const std::vector<TrainSpec>& trains,
                               const OptimizeOptions& options = {});

}  // namespace mailrun::engine::routes

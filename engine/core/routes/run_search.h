// RunSearch: depth-first branch and bound over the runs of one kind of train on a CoreGraph. It
// either finds the single best run or lists every run whose score reaches a threshold; both are
// exact (nothing that could reach the threshold is ever cut off).
//
// Every run is generated exactly once: from the lowest-numbered base station b on it, first the
// part after b ("half 1"), then the part before b ("half 2", only when b can be passed), and when
// both halves exist the first segment of half 1 is numbered lower than that of half 2. The bound
// at a partial run adds to its revenue everything still reachable from its open ends through
// places not yet visited: every reachable town and the best reachable large station of each city,
// as many as the train number still allows; the mail bound uses the best reachable end values.
// Score of a run: a * revenue + max(b * mail value, d), with mail value = first + last station.
// Internal to the optimiser; a RunSearch object is used by one thread.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/routes/core_graph.h"

namespace mailrun::engine::routes::internal {

struct TrainKind {
  int large_stations = 2;
  bool is_1m = false;
  Gauge gauge = Gauge::kBroad;
  int min_large = 0;  // TrainSpec::min_large_stations
  friend bool operator==(const TrainKind&, const TrainKind&) = default;
};

struct Scoring {
  int64_t a = 1;  // weight of the run's revenue
  int64_t b = 1;  // weight of its mail value
  int64_t d = 0;  // floor for the mail part (what another train's mail could add at best)
};

// A run found: its segments (2 * segment + 1 when run from v to u) in running order, its revenue,
// its mail value and the must-run-over hexes it covers.
struct FoundRun {
  int revenue = 0;
  int mail = 0;
  uint64_t must_mask = 0;
  int64_t score = 0;
  int64_t seg_begin = 0;  // into RunList::segments
  int seg_count = 0;
};

struct RunList {
  std::vector<FoundRun> runs;
  std::vector<int> segments;
  // Groups of run i: group_words words at i * group_words.
  std::vector<uint64_t> groups;
};

struct SearchLimits {
  // Segments no run may use (their groups are taken by another train); empty: none.
  const std::vector<char>* banned = nullptr;
  uint64_t must_all = 0;  // best mode: a run is accepted only when it covers all these hexes
  bool reach_bound = true;  // false: the weak static bound (for measuring the gain)
  int64_t* work = nullptr;  // counts expanded partial runs when set
  // Safety valves: the search stops (and reports it) after this many partial runs, or (listing)
  // this many runs. 0: no limit.
  int64_t max_partial_runs = 0;
  int64_t max_runs = 0;
};

enum class SearchEnd { kComplete, kStopped /* a limit was reached: the answer is not exact */ };

// Best run with score > floor (and covering limits.must_all), as the only run of *best (none when
// there is none).
SearchEnd FindBestRun(const CoreGraph& graph, const TrainKind& kind, const Scoring& scoring, const SearchLimits& limits,
                 int64_t floor, RunList* best);

// Every run with score >= threshold, appended to *out (the must masks are recorded, not required).
SearchEnd ListRuns(const CoreGraph& graph, const TrainKind& kind, const Scoring& scoring, const SearchLimits& limits,
              int64_t threshold, RunList* out);

// The groups of a run made of the given segments (group_words words, OR-ed into *bits).
void AddRunGroups(const CoreGraph& graph, const int* segments, int count, uint64_t* bits);

}  // namespace mailrun::engine::routes::internal

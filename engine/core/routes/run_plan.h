// The values the run validator and the route optimiser exchange with the rules engine: the trains
// a company runs (TrainSpec), a run as a player submits it (SubmittedRun), a checked or optimised
// run (PlannedRun) and a whole turn's runs with the mail nomination (RunPlan). Plain values.
#pragma once

#include <string>
#include <vector>

#include "engine/core/board/board_data.h"
#include "engine/core/routes/route_graph.h"

namespace mailrun::engine::routes {

struct TrainSpec {
  std::string id;          // the train's id in the game, as in Run.train_id
  std::string name;        // "2", "5", "4M", "1M": for messages; empty: the id is used
  int large_stations = 2;  // the train number: most large stations a run may call at (4.5.4)
  Gauge gauge = Gauge::kBroad;  // kBroad or kMetre (4.5.3)
  bool is_1m = false;      // 4.8.18 b: exactly one large station, with a base, and a small one
  // The fewest stations counting toward the train number a run must call at. 1853: 0 (4.5.4 asks
  // two stations of any kind). 1947, whose graph marks every city, town and expatriation site as
  // counting and only trading posts not: 2 (6.14.1, 3.1 P7).
  int min_large_stations = 0;
  std::string min_large_rule;  // the title's rule for min_large_stations, cited when a run has too few (1947: 6.14.1)

  const std::string& display_name() const { return name.empty() ? id : name; }
};

// A run as submitted (proto Run): the train and the names of the nodes passed, in order.
struct SubmittedRun {
  std::string train_id;
  std::vector<std::string> nodes;
};

// Constraints on a whole turn's runs beyond 4.5.
struct RunConstraints {
  // 4.2.3 / 4.4.2: hexes (a tile promoted or a base placed outside the home area) that some run
  // must include: a run includes a hex when it uses track lying on it.
  std::vector<HexCoord> must_run_over;
};

struct PlannedRun {
  int train = -1;             // index into the trains
  std::vector<int> nodes;     // node indices in running order; stations at both ends
  std::vector<int> edges;     // edges[i] joins nodes[i] and nodes[i + 1]
  int revenue = 0;            // 4.6.2: the sum of every station called at
  int mail_value = 0;         // 4.6.6: first + last station, earned when nominated
};

struct RunPlan {
  std::vector<PlannedRun> runs;  // at most one per train, in train order
  int mail_run = -1;             // index into runs of the nominated mail train; -1: none
  int run_revenue = 0;           // 4.6.4: the dividend if paid out
  int mail_revenue = 0;          // 4.6.6: always to the company
  int total() const { return run_revenue + mail_revenue; }
};

}  // namespace mailrun::engine::routes

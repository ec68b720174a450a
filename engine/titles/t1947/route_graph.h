// A 1947 railway's route graph on the real board, and the questions the operating round asks of
// it: whether the railway has a legal route (6.15) and its best runs (6.14, FindBestRuns).
//
// The graph is the core's (engine/core/routes/board_route_graph.h) from the tiles laid and the
// railways' stations, marked the 1947 way (rules/runs.h): every city, town and expatriation site
// counts toward the train's number (6.14.1); an expatriation site (6.10) and a trading post (6.9)
// are stations of their own beyond the red or open map edge, terminal, a site worth nothing, a
// trading post not counting and worth the P7's value to its owner only (3.1); a city's value is
// its tile's changed by the season in the monsoon zone (6.13.4), Cooch Behar's the phase's (6.6,
// 6.14.4); a city whose every station space is another railway's is `blocked` (6.11.1, 6.14.1:
// the optimiser ends runs there; a submitted run may pass it with a worker, rulings 26).
//
// Stops are named as players name them: a city or town by its hex ("D21"), an expatriation site by
// its name ("Persia"), a trading post by its hex and edge ("D21-SW"). Pure functions.
#pragma once

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/core/result.h"
#include "engine/core/routes/route_graph.h"
#include "engine/titles/t1947/board_state.h"
#include "engine/titles/t1947/rules/revenue.h"
#include "engine/titles/t1947/rules/runs.h"

namespace mailrun::engine::t1947 {

// What a railway's graph depends on besides the board.
struct GraphTurn {
  Season season = Season::kDry;  // 6.13.4
  int phase = 1;                 // 1..8: Cooch Behar (6.6), the trading posts' value (3.1)
  bool owns_p7 = false;          // the railway owns the P7 (3.1)
};

// A station of the graph in 1947's words.
struct GraphStop {
  Stop stop;      // kind, name (`place`), printed value, zone, own station, blocked
  int site = -1;  // an expatriation site: its index in T1947Data::sites (6.10)
};

struct RailwayGraph {
  routes::RouteGraph graph;                                  // station revenues as this turn makes them
  std::unordered_map<int, GraphStop> stops;                  // by graph node, every station
  std::map<std::string, int, std::less<>> node_of_stop;      // stop name -> graph node
};

// The railway's graph on `board` (kMalformed for an unknown railway or phase).
Result<RailwayGraph> BuildRailwayGraph(const T1947Data& data, const RevenueRules& rules, const Board1947& board,
                                       int railway, const GraphTurn& turn);

// 6.15: whether the railway has a legal route: from one of its stations, track it may run on
// joins that city to another city, town or expatriation site (6.14.1: two stops; a trading post
// is no stop, 3.1). Trains play no part: the question is asked of a railway without one.
Result<bool> HasLegalRoute(const T1947Data& data, const Board1947& board, int railway);

// 6.14: the railway's best runs this turn with `trains` (FindBestRuns on its graph).
Result<BestRuns> CompanyBestRuns(const T1947Data& data, const RevenueRules& rules, const Board1947& board,
                                 int railway, const GraphTurn& turn, const std::vector<OwnedTrain>& trains);

// The stops of each run of `plan` by name, one list per train of `trains` (empty: the train does
// not run): the routes of an Action1947 that would submit these runs.
std::vector<std::vector<std::string>> RouteStops(const RailwayGraph& graph, const routes::RunPlan& plan,
                                                 size_t trains);

}  // namespace mailrun::engine::t1947

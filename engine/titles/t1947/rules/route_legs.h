// The legs of a 1947 run: from one stop along the track to the next, the first station met (in
// 1947 every city, town, site and trading post a train passes is one of its stops, 6.14.1). A leg
// never reverses at a tile edge nor changes track at a crossover (6.14.1: a boundary is left on the
// other hex's track), and leaves a stop along any section other than the one it came in by. Used
// for 6.15's "legal route", 6.14.3's second train and to find the track of the runs a president
// submits. Pure.
#pragma once

#include <cstddef>
#include <vector>

#include "engine/core/routes/route_graph.h"

namespace mailrun::engine::t1947 {

struct Leg {
  std::vector<int> nodes;  // the graph nodes after the starting stop; the last is the next stop
  std::vector<int> edges;  // edges[i] leads to nodes[i]
};

// Every leg from station node `from`, at most `limit` of them (in the graph's edge order).
std::vector<Leg> LegsFrom(const routes::RouteGraph& graph, int from, size_t limit = 256);

// 6.14.1: whether the company has a run of two stops: a leg from one of its stations
// (`company_base`) to another station that counts (`large`). Every legal run holds one (its own
// city and the stop next to it; trading posts, which do not count, lie only at a run's ends), so
// this is whether any train of the company has a legal run.
bool HasTwoStopRun(const routes::RouteGraph& graph);

// Sets to 0 the revenue of every station no run of the company can reach: none lies beyond a
// terminal or blocked station as seen from its stations (6.14.1). The runs stay the same; the
// optimiser's static bound (the best values in the graph) then counts only what the company can
// reach. For the optimiser only: a submitted run may pass a blocked city with a worker (6.11.1).
void ZeroUnreachableStations(routes::RouteGraph* graph);

}  // namespace mailrun::engine::t1947

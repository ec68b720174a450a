// The legs of a 1947 run: from one stop along the track to the next, the first station met (in
// 1947 every city, town, site and trading post a train passes is one of its stops, 6.14.1). A leg
// never reverses at a tile edge nor changes track at a crossover (6.14.1: a boundary is left on the
// other hex's track), and leaves a stop along any section other than the one it came in by. Used
// for 6.15's "legal route" and to find the track of the runs a president submits. Pure.
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

}  // namespace mailrun::engine::t1947

// The legs of a 1947 run (see t1947_route_legs.h).
#include "engine/titles/t1947/t1947_route_legs.h"

#include <algorithm>

namespace mailrun::engine::t1947 {

namespace {

struct Walker {
  const routes::RouteGraph& graph;
  int from;
  size_t limit;
  std::vector<Leg> legs;
  Leg path;

  void Walk(int node, int in_edge) {
    const routes::RouteNode& here = graph.nodes()[node];
    for (int e : graph.EdgesAt(node)) {
      if (legs.size() >= limit) return;
      if (e == in_edge) continue;
      // 6.14.1: no reversing at a tile edge, no changing track there: the boundary is crossed.
      if (here.kind == routes::NodeKind::kBoundary && in_edge >= 0 && graph.edges()[e].hex == graph.edges()[in_edge].hex) continue;
      const routes::RouteEdge& edge = graph.edges()[e];
      const int next = edge.a == node ? edge.b : edge.a;
      if (next == from || std::find(path.nodes.begin(), path.nodes.end(), next) != path.nodes.end()) continue;
      path.nodes.push_back(next);
      path.edges.push_back(e);
      if (graph.nodes()[next].kind == routes::NodeKind::kStation) {
        legs.push_back(path);
      } else {
        Walk(next, e);
      }
      path.nodes.pop_back();
      path.edges.pop_back();
    }
  }
};

}  // namespace

std::vector<Leg> LegsFrom(const routes::RouteGraph& graph, int from, size_t limit) {
  Walker walker{graph, from, limit, {}, {}};
  walker.Walk(from, -1);
  return std::move(walker.legs);
}

bool HasTwoStopRun(const routes::RouteGraph& graph) {
  for (size_t n = 0; n < graph.nodes().size(); ++n) {
    const routes::RouteNode& node = graph.nodes()[n];
    if (node.kind != routes::NodeKind::kStation || !node.station.company_base) continue;
    for (const Leg& leg : LegsFrom(graph, static_cast<int>(n))) {
      if (graph.nodes()[leg.nodes.back()].station.large) return true;
    }
  }
  return false;
}

}  // namespace mailrun::engine::t1947

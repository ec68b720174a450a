// The legs of a 1947 run (see rules/route_legs.h).
#include "engine/titles/t1947/rules/route_legs.h"

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

void ZeroUnreachableStations(routes::RouteGraph* graph) {
  const auto& nodes = graph->nodes();
  std::vector<char> reached(nodes.size(), 0);
  std::vector<int> open;
  for (size_t n = 0; n < nodes.size(); ++n) {
    if (nodes[n].kind == routes::NodeKind::kStation && nodes[n].station.company_base) {
      reached[n] = 1;
      open.push_back(static_cast<int>(n));
    }
  }
  while (!open.empty()) {
    const int node = open.back();
    open.pop_back();
    const routes::StationInfo& here = nodes[node].station;
    const bool passable = nodes[node].kind != routes::NodeKind::kStation || here.company_base || (!here.blocked && !here.terminal);
    if (!passable) continue;  // a run may end here, not go on (6.14.1)
    for (int e : graph->EdgesAt(node)) {
      const routes::RouteEdge& edge = graph->edges()[e];
      const int next = edge.a == node ? edge.b : edge.a;
      if (!reached[next]) {
        reached[next] = 1;
        open.push_back(next);
      }
    }
  }
  for (size_t n = 0; n < nodes.size(); ++n) {
    if (!reached[n]) {
      if (routes::StationInfo* station = graph->MutableStation(static_cast<int>(n))) station->revenue = 0;
    }
  }
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

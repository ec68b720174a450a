// A small helper to build hand-made route graphs in tests, the way the tile builder would:
// stations and junctions on hexes, tile paths to the boundaries with neighbouring hexes.
#pragma once

#include <string>
#include <vector>

#include "bench/route_boards.h"
#include "engine/core/routes/route_graph.h"
#include "engine/core/routes/run_plan.h"

namespace mailrun::engine::routes::testing {

struct TestBoard {
  RouteGraph g;

  int Hex(int row, int col) { return g.AddHex(HexCoord{row, col}, bench::HexLabel(HexCoord{row, col})); }
  int Town(int hex, int index, int revenue) { return g.AddStation(hex, index, StationInfo{revenue, false, -1}); }
  int City(int hex, int index, int revenue, int city, bool base = false) {
    StationInfo info;
    info.revenue = revenue;
    info.large = true;
    info.city = city;
    info.company_base = base;
    return g.AddStation(hex, index, info);
  }
  // A path on `hex` from `node` to the edge shared with `neighbour`.
  int Link(int node, int hex, int neighbour, Gauge gauge = Gauge::kBroad, int group = -1) {
    return g.AddEdge(node, g.AddBoundary(hex, neighbour), gauge, hex, group);
  }
  // A plain path on `hex` between its edges towards `from` and `to`.
  int Track(int hex, int from, int to, Gauge gauge = Gauge::kBroad) {
    return g.AddEdge(g.AddBoundary(hex, from), g.AddBoundary(hex, to), gauge, hex);
  }
  StationInfo& Info(int node) { return *g.MutableStation(node); }
};

inline TrainSpec Train(const std::string& id, const std::string& name) {
  TrainSpec train;
  train.id = id;
  train.name = name;
  train.large_stations = std::stoi(name);
  train.gauge = name.back() == 'M' ? Gauge::kMetre : Gauge::kBroad;
  train.is_1m = name == "1M";
  return train;
}

inline SubmittedRun RunOf(const std::string& train, std::vector<std::string> nodes) {
  return SubmittedRun{train, std::move(nodes)};
}

}  // namespace mailrun::engine::routes::testing

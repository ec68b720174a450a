#include "engine/titles/t1853/route_graph_builder.h"

#include <algorithm>

#include "engine/titles/t1853/track_position.h"

namespace mailrun::engine::t1853 {

routes::RouteGraph BuildRouteGraph(const EditionData& data, const GameState& state, int company) {
  routes::RouteGraph graph;
  const TrackNetwork::Tokens tokens = TrackNetwork::TokensOf(TrackPositionOf(state).bases);
  auto hex_index = [&](HexCoord coord) {
    if (const int known = graph.FindHex(coord); known >= 0) return known;
    const bool on_grid = coord.row >= 0 && coord.row < 26 && coord.col >= 1 && coord.col <= 52;
    return graph.AddHex(coord, on_grid ? HexName(coord) : "off" + std::to_string(coord.row) + "_" + std::to_string(coord.col));
  };
  for (const HexDef& hex : data.hexes) {
    const auto on = TileOn(data, state.board, hex.coord);
    if (!on) continue;
    const TileDef& tile = *on->tile;
    const int h = hex_index(hex.coord);
    if (hex.city) graph.SetPlace(h, data.cities[*hex.city].name);
    std::vector<int> station_nodes;
    for (size_t s = 0; s < tile.stations.size(); ++s) {
      const TileStation& station = tile.stations[s];
      routes::StationInfo info;
      info.revenue = station.revenue;
      info.large = station.kind == StationKind::kLarge;
      info.city = (info.large && hex.city) ? *hex.city : -1;
      info.terminal = station.terminal;
      const auto here = tokens.find({hex.coord, static_cast<int>(s)});
      if (here != tokens.end()) {
        const auto& holders = here->second;
        info.company_base = std::find(holders.begin(), holders.end(), company) != holders.end();
        info.blocked = !info.company_base && station.token_slots > 0 &&
                       static_cast<int>(holders.size()) >= station.token_slots;
      }
      station_nodes.push_back(graph.AddStation(h, static_cast<int>(s), info));
    }
    std::vector<int> junction_nodes, junction_groups;
    for (size_t j = 0; j < tile.junctions.size(); ++j) {
      const bool converging = tile.junctions[j].kind == TileJunction::Kind::kConverging;
      junction_nodes.push_back(graph.AddJunction(h, static_cast<int>(j),
                                                 converging ? routes::NodeKind::kJunction : routes::NodeKind::kHub));
      junction_groups.push_back(converging ? graph.NewGroup() : -1);  // 4.5.10: one train per junction
    }
    for (const TilePath& path : tile.paths) {
      int group = -1;
      auto node_of = [&](const PathEnd& end) {
        switch (end.kind) {
          case PathEnd::Kind::kStation: return station_nodes[end.index];
          case PathEnd::Kind::kJunction:
            group = junction_groups[end.index];
            return junction_nodes[end.index];
          case PathEnd::Kind::kEdge: break;
        }
        const HexCoord neighbour = Neighbour(hex.coord, BoardEdge(end.index, on->rotation));
        return graph.AddBoundary(h, hex_index(neighbour));
      };
      const int a = node_of(path.a);
      const int b = node_of(path.b);
      graph.AddEdge(a, b, path.gauge, h, group);
    }
  }
  return graph;
}

std::vector<routes::TrainSpec> RouteTrains(const EditionData& data, const GameState& state, int company) {
  std::vector<routes::TrainSpec> specs;
  for (const TrainCard& card : state.companies[company].trains) {
    routes::TrainSpec spec;
    spec.id = card.id;
    spec.name = card.name;
    for (const TrainDef& def : data.trains) {
      if (def.name != card.name) continue;
      spec.large_stations = def.large_stations;
      spec.gauge = def.gauge;
    }
    spec.is_1m = card.name == "1M";
    specs.push_back(spec);
  }
  return specs;
}

}  // namespace mailrun::engine::t1853

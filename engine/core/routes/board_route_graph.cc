// A company's route graph from the board (see board_route_graph.h).
#include "engine/core/routes/board_route_graph.h"

#include <algorithm>

namespace mailrun::engine::routes {

RouteGraph BuildBoardRouteGraph(const BoardData& data, const TrackPosition& position, int company,
                                const BoardGraphNames& names) {
  RouteGraph graph;
  const TrackNetwork::Tokens tokens = TrackNetwork::TokensOf(position.bases);
  auto hex_index = [&](HexCoord coord) {
    if (const int known = graph.FindHex(coord); known >= 0) return known;
    return graph.AddHex(coord, names.hex(coord));
  };
  // The hexes with a laid tile, by their index in data.hexes: most hexes have none and are passed
  // over without a search of the board's tiles.
  std::vector<char> laid(data.hexes.size(), 0);
  size_t tiled = 0;
  for (const auto& [coord, placed] : position.board.tiles) {
    if (const HexDef* hex = data.Hex(coord)) laid[static_cast<size_t>(hex - data.hexes.data())] = 1;
  }
  for (size_t i = 0; i < laid.size(); ++i) tiled += (laid[i] || data.hexes[i].preprinted) ? 1 : 0;
  graph.Reserve(tiled);
  for (const HexDef& hex : data.hexes) {
    if (!laid[static_cast<size_t>(&hex - data.hexes.data())] && !hex.preprinted) continue;
    const auto on = TileOn(data, position.board, hex.coord);
    if (!on) continue;
    const TileDef& tile = *on->tile;
    const int h = hex_index(hex.coord);
    if (hex.city) graph.SetPlace(h, names.city(*hex.city));
    std::vector<int> station_nodes;
    for (size_t s = 0; s < tile.stations.size(); ++s) {
      const TileStation& station = tile.stations[s];
      StationInfo info;
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
      junction_nodes.push_back(graph.AddJunction(h, static_cast<int>(j), converging ? NodeKind::kJunction : NodeKind::kHub));
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

}  // namespace mailrun::engine::routes

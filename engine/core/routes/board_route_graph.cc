// A company's route graph from the board (see board_route_graph.h).
#include "engine/core/routes/board_route_graph.h"

#include <algorithm>

namespace mailrun::engine::routes {

RouteGraph BuildBoardRouteGraph(const BoardData& data, const TrackPosition& position, int company,
                                const BoardGraphNames& names, const std::vector<HexCoord>* only) {
  RouteGraph graph;
  auto hex_index = [&](HexCoord coord) {
    if (const int known = graph.FindHex(coord); known >= 0) return known;
    return graph.AddHex(coord, names.hex(coord));
  };
  // The hexes with a tile (of `only`), in the board's order: most hexes have none.
  std::vector<std::pair<const HexDef*, TileOnHex>> tiled;
  if (only) {
    for (const HexCoord& coord : *only) {
      const HexDef* hex = data.Hex(coord);
      const auto on = hex ? TileOn(data, position.board, hex->coord) : std::nullopt;
      if (on) tiled.push_back({hex, *on});
    }
    std::sort(tiled.begin(), tiled.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    tiled.erase(std::unique(tiled.begin(), tiled.end(), [](const auto& a, const auto& b) { return a.first == b.first; }),
                tiled.end());
  } else {
    const std::vector<TileOnHex> on_board = TilesOnBoard(data, position.board);
    for (size_t i = 0; i < on_board.size(); ++i) {
      if (on_board[i].tile) tiled.push_back({&data.hexes[i], on_board[i]});
    }
  }
  graph.Reserve(tiled.size());
  // The companies holding a base token on station `station` of `hex`, in company order.
  std::vector<int> holding;
  const auto holders_of = [&](HexCoord hex, int station) -> const std::vector<int>& {
    holding.clear();
    for (size_t c = 0; c < position.bases.size(); ++c) {
      for (const Base& base : position.bases[c]) {
        if (base.hex == hex && base.station == station) holding.push_back(static_cast<int>(c));
      }
    }
    return holding;
  };
  for (const auto& [hex_def, on_hex] : tiled) {
    const HexDef& hex = *hex_def;
    const TileOnHex* on = &on_hex;
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
      if (const auto& holders = holders_of(hex.coord, static_cast<int>(s)); !holders.empty()) {
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

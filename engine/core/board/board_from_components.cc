#include "engine/core/board/board_from_components.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/core/structured_text.h"

namespace mailrun::engine {
namespace {

HexDef::Outside OutsideFromProto(mailrun::v1::Outside outside) {
  switch (outside) {
    case mailrun::v1::OUTSIDE_SEA: return HexDef::Outside::kSea;
    case mailrun::v1::OUTSIDE_DARK_GREY: return HexDef::Outside::kDarkGrey;
    case mailrun::v1::OUTSIDE_DARK_GREEN: return HexDef::Outside::kDarkGreen;
    default: return HexDef::Outside::kNone;
  }
}

Result<PathEnd> EndFromProto(const mailrun::v1::PathEnd& end, const TileDef& tile) {
  PathEnd out;
  out.index = end.index();
  int limit = 6;
  switch (end.kind()) {
    case mailrun::v1::PathEnd::KIND_STATION:
      out.kind = PathEnd::Kind::kStation;
      limit = static_cast<int>(tile.stations.size());
      break;
    case mailrun::v1::PathEnd::KIND_JUNCTION:
      out.kind = PathEnd::Kind::kJunction;
      limit = static_cast<int>(tile.junctions.size());
      break;
    default:
      out.kind = PathEnd::Kind::kEdge;
      break;
  }
  if (out.index < 0 || out.index >= limit) {
    return Malformed("core.refusal.components.path_end_out_of_range",
                     fmt::format("tile {} has a path to {} {}, which it lacks", tile.id,
                                 mailrun::v1::PathEnd::Kind_Name(end.kind()), out.index)).With({param::Text("tile", tile.id), param::Text("end", mailrun::v1::PathEnd::Kind_Name(end.kind())), param::Count("index", out.index)});
  }
  return out;
}

Result<TileDef> TileFromProto(const mailrun::v1::TileDesign& design) {
  TileDef tile;
  tile.id = design.id();
  tile.colour = TileColourFromProto(design.colour());
  tile.label = design.label();
  tile.preprinted = design.preprinted();
  for (const auto& station : design.stations()) {
    tile.stations.push_back({station.large() ? StationKind::kLarge : StationKind::kSmall, station.revenue(),
                             station.token_slots(), station.terminal()});
  }
  for (const bool hub : design.junction_is_hub()) {
    tile.junctions.push_back({hub ? TileJunction::Kind::kHub : TileJunction::Kind::kConverging});
  }
  for (const auto& path : design.paths()) {
    auto a = EndFromProto(path.a(), tile);
    if (!a.ok()) return a.error();
    auto b = EndFromProto(path.b(), tile);
    if (!b.ok()) return b.error();
    tile.paths.push_back({*a, *b, GaugeFromProto(path.gauge())});
  }
  return tile;
}

}  // namespace

Gauge GaugeFromProto(mailrun::v1::Gauge gauge) {
  switch (gauge) {
    case mailrun::v1::GAUGE_METRE: return Gauge::kMetre;
    case mailrun::v1::GAUGE_DUAL: return Gauge::kDual;
    default: return Gauge::kBroad;
  }
}

TileColour TileColourFromProto(mailrun::v1::TileColour colour) {
  switch (colour) {
    case mailrun::v1::TILE_COLOUR_GREEN: return TileColour::kGreen;
    case mailrun::v1::TILE_COLOUR_BROWN: return TileColour::kBrown;
    case mailrun::v1::TILE_COLOUR_GREY: return TileColour::kGrey;
    default: return TileColour::kYellow;
  }
}

Terrain TerrainFromProto(mailrun::v1::Terrain terrain) {
  switch (terrain) {
    case mailrun::v1::TERRAIN_RIVER: return Terrain::kRiver;
    case mailrun::v1::TERRAIN_MULTIPLE_RIVER: return Terrain::kMultipleRiver;
    case mailrun::v1::TERRAIN_HILL: return Terrain::kHill;
    case mailrun::v1::TERRAIN_MOUNTAIN: return Terrain::kMountain;
    case mailrun::v1::TERRAIN_HIMALAYA: return Terrain::kHimalaya;
    default: return Terrain::kNone;
  }
}

Result<BoardData> BoardFromComponents(const mailrun::v1::Components& components,
                                      const std::vector<std::string>& city_names) {
  BoardData board;
  for (const auto& design : components.tiles()) {
    auto tile = TileFromProto(design);
    if (!tile.ok()) return tile.error();
    board.tiles.push_back(std::move(*tile));
  }
  board.Reindex();
  for (const auto& cell : components.hexes()) {
    HexDef hex;
    hex.coord = {cell.row(), cell.col()};
    if (HexName(hex.coord) != cell.hex() || cell.row() < 0 || cell.col() < 1 || cell.col() >= BoardData::kHexIndexStride) {
      return Malformed("core.refusal.components.hex_coordinates",
                       fmt::format("hex '{}' does not lie at row {}, column {}", cell.hex(), cell.row(), cell.col())).With({param::Text("hex", cell.hex()), param::Count("row", cell.row()), param::Count("col", cell.col())});
    }
    hex.playable = cell.playable();
    hex.outside = OutsideFromProto(cell.outside());
    for (const int terrain : cell.terrain()) {
      hex.terrain_features.push_back(TerrainFromProto(static_cast<mailrun::v1::Terrain>(terrain)));
    }
    hex.terrain = hex.terrain_features.empty() ? Terrain::kNone : hex.terrain_features.front();
    hex.towns = cell.towns();
    if (!cell.city().empty()) {
      const auto found = std::find(city_names.begin(), city_names.end(), cell.city());
      if (found == city_names.end()) {
        return Malformed("core.refusal.components.unknown_city",
                         fmt::format("hex {} names a city '{}' that is not among the cities", cell.hex(), cell.city())).With({param::Text("hex", cell.hex()), param::Text("city", cell.city())});
      }
      hex.city = static_cast<int>(found - city_names.begin());
    }
    if (cell.has_preprinted()) {
      if (board.Tile(cell.preprinted().tile()) == nullptr || cell.preprinted().rotation() < 0 ||
          cell.preprinted().rotation() > 5) {
        return Malformed("core.refusal.components.unknown_preprinted_tile",
                         fmt::format("hex {} has a preprinted tile '{}' at rotation {}: no such design or rotation",
                                     cell.hex(), cell.preprinted().tile(), cell.preprinted().rotation())).With({param::Text("hex", cell.hex()), param::Text("tile", cell.preprinted().tile()), param::Count("rotation", cell.preprinted().rotation())});
      }
      hex.preprinted = PreprintedTile{cell.preprinted().tile(), cell.preprinted().rotation()};
    }
    if (cell.frontier_value() > 0) hex.frontier_value = cell.frontier_value();
    hex.ganges_area = cell.ganges_area();
    for (const int edge : cell.blocked_edges()) {
      if (edge < 0 || edge > 5) {
        return Malformed("core.refusal.components.blocked_edge",
                         fmt::format("hex {} blocks edge {}; edges are 0..5", cell.hex(), edge)).With({param::Text("hex", cell.hex()), param::Count("edge", edge)});
      }
      hex.edge_blocked[static_cast<size_t>(edge)] = true;
    }
    board.hexes.push_back(std::move(hex));
  }
  board.Reindex();
  return board;
}

}  // namespace mailrun::engine

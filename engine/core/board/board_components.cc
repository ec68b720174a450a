#include "engine/core/board/board_components.h"

#include <algorithm>

namespace mailrun::engine {
namespace {

mailrun::v1::Outside OutsideProto(HexDef::Outside outside) {
  switch (outside) {
    case HexDef::Outside::kNone: return mailrun::v1::OUTSIDE_UNSPECIFIED;
    case HexDef::Outside::kSea: return mailrun::v1::OUTSIDE_SEA;
    case HexDef::Outside::kDarkGrey: return mailrun::v1::OUTSIDE_DARK_GREY;
    case HexDef::Outside::kDarkGreen: return mailrun::v1::OUTSIDE_DARK_GREEN;
  }
  return mailrun::v1::OUTSIDE_UNSPECIFIED;
}

void SetEnd(const PathEnd& end, mailrun::v1::PathEnd* out) {
  switch (end.kind) {
    case PathEnd::Kind::kEdge: out->set_kind(mailrun::v1::PathEnd::KIND_EDGE); break;
    case PathEnd::Kind::kStation: out->set_kind(mailrun::v1::PathEnd::KIND_STATION); break;
    case PathEnd::Kind::kJunction: out->set_kind(mailrun::v1::PathEnd::KIND_JUNCTION); break;
  }
  out->set_index(end.index);
}

}  // namespace

mailrun::v1::Gauge GaugeProto(Gauge gauge) {
  switch (gauge) {
    case Gauge::kBroad: return mailrun::v1::GAUGE_BROAD;
    case Gauge::kMetre: return mailrun::v1::GAUGE_METRE;
    case Gauge::kDual: return mailrun::v1::GAUGE_DUAL;
  }
  return mailrun::v1::GAUGE_UNSPECIFIED;
}

mailrun::v1::TileColour TileColourProto(TileColour colour) {
  switch (colour) {
    case TileColour::kYellow: return mailrun::v1::TILE_COLOUR_YELLOW;
    case TileColour::kGreen: return mailrun::v1::TILE_COLOUR_GREEN;
    case TileColour::kBrown: return mailrun::v1::TILE_COLOUR_BROWN;
    case TileColour::kGrey: return mailrun::v1::TILE_COLOUR_GREY;
  }
  return mailrun::v1::TILE_COLOUR_UNSPECIFIED;
}

mailrun::v1::Terrain TerrainProto(Terrain terrain) {
  switch (terrain) {
    case Terrain::kNone: return mailrun::v1::TERRAIN_UNSPECIFIED;
    case Terrain::kRiver: return mailrun::v1::TERRAIN_RIVER;
    case Terrain::kMultipleRiver: return mailrun::v1::TERRAIN_MULTIPLE_RIVER;
    case Terrain::kHill: return mailrun::v1::TERRAIN_HILL;
    case Terrain::kMountain: return mailrun::v1::TERRAIN_MOUNTAIN;
    case Terrain::kHimalaya: return mailrun::v1::TERRAIN_HIMALAYA;
  }
  return mailrun::v1::TERRAIN_UNSPECIFIED;
}

void AddBoardComponents(const BoardData& board, const std::function<std::string(int city)>& city_name,
                        mailrun::v1::Components* out) {
  std::vector<const HexDef*> hexes;
  for (const auto& hex : board.hexes) hexes.push_back(&hex);
  std::sort(hexes.begin(), hexes.end(), [](const HexDef* a, const HexDef* b) { return a->coord < b->coord; });
  for (const HexDef* hex : hexes) {
    auto* cell = out->add_hexes();
    cell->set_hex(HexName(hex->coord));
    cell->set_row(hex->coord.row);
    cell->set_col(hex->coord.col);
    cell->set_playable(hex->playable);
    cell->set_outside(OutsideProto(hex->outside));
    for (Terrain terrain : hex->terrain_features) cell->add_terrain(TerrainProto(terrain));
    cell->set_towns(hex->towns);
    if (hex->city) cell->set_city(city_name(*hex->city));
    if (hex->preprinted) {
      cell->mutable_preprinted()->set_tile(hex->preprinted->tile_id);
      cell->mutable_preprinted()->set_rotation(hex->preprinted->rotation);
    }
    cell->set_frontier_value(hex->frontier_value.value_or(0));
    cell->set_ganges_area(hex->ganges_area);
    for (int edge = 0; edge < 6; ++edge) {
      if (hex->edge_blocked[static_cast<size_t>(edge)]) cell->add_blocked_edges(edge);
    }
  }
  for (const TileDef& tile : board.tiles) {
    auto* design = out->add_tiles();
    design->set_id(tile.id);
    design->set_colour(TileColourProto(tile.colour));
    design->set_label(tile.label);
    for (const TileStation& station : tile.stations) {
      auto* s = design->add_stations();
      s->set_large(station.kind == StationKind::kLarge);
      s->set_revenue(station.revenue);
      s->set_token_slots(station.token_slots);
      s->set_terminal(station.terminal);
    }
    for (const TileJunction& junction : tile.junctions) {
      design->add_junction_is_hub(junction.kind == TileJunction::Kind::kHub);
    }
    for (const TilePath& path : tile.paths) {
      auto* p = design->add_paths();
      SetEnd(path.a, p->mutable_a());
      SetEnd(path.b, p->mutable_b());
      p->set_gauge(GaugeProto(path.gauge));
    }
    design->set_preprinted(tile.preprinted);
  }
}

}  // namespace mailrun::engine

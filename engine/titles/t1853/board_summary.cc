#include "engine/titles/t1853/board_summary.h"

namespace mailrun::engine {

BoardSummary SummarizeBoard(const EditionData& data) {
  BoardSummary summary;
  summary.cells = static_cast<int>(data.hexes.size());
  for (const HexDef& hex : data.hexes) {
    if (!hex.playable) continue;
    ++summary.playable_hexes;
    summary.towns += hex.towns;
    summary.town_hexes += hex.towns > 0 ? 1 : 0;
    summary.frontier_posts += hex.frontier_value ? 1 : 0;
    summary.ganges_hexes += hex.ganges_area ? 1 : 0;
    summary.terrain_hexes += hex.terrain_features.empty() ? 0 : 1;
    for (int edge = 0; edge < 6; ++edge) {
      const HexDef* next = data.Hex(Neighbour(hex.coord, edge));
      if (!hex.edge_blocked[edge] && (next == nullptr || !next->playable)) ++summary.buff_edges;
    }
  }
  summary.named_cities = static_cast<int>(data.cities.size());
  for (const CityDef& city : data.cities) summary.large_cities += city.large ? 1 : 0;
  for (const TileSupply& supply : data.manifest) {
    const TileDef* tile = data.Tile(supply.tile_id);
    summary.tiles_by_colour[tile->colour] += supply.count;
    summary.tiles_total += supply.count;
    summary.tiles_total_unrestricted_58 += supply.tile_id == "58" ? data.tile_58_count_unrestricted : supply.count;
  }
  for (const TileDef& tile : data.tiles) summary.tile_designs += tile.preprinted ? 0 : 1;
  summary.companies = static_cast<int>(data.companies.size());
  for (const TrainDef& train : data.trains) {
    if (!train.other_face_of.empty()) continue;  // the '1M' are the backs of the '2' cards (2.8.4)
    summary.trains_total += train.count;
    summary.trains_total_if_minor_formed += train.count_if_minor_formed;
  }
  return summary;
}

}  // namespace mailrun::engine

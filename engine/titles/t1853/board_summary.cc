#include "engine/titles/t1853/board_summary.h"

#include <nlohmann/json.hpp>

namespace mailrun::engine::t1853 {

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
    // 2.4.4 (Retuned only; an edition without the option has no unrestricted count).
    const bool option_58 = supply.tile_id == "58" && data.tile_58_count_unrestricted > 0;
    summary.tiles_total_unrestricted_58 += option_58 ? data.tile_58_count_unrestricted : supply.count;
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

std::string SummaryJson(const BoardSummary& summary) {
  nlohmann::ordered_json json;
  json["edition"] = "1853";
  json["cells"] = summary.cells;
  json["playable_hexes"] = summary.playable_hexes;
  json["named_cities"] = summary.named_cities;
  json["large_cities"] = summary.large_cities;
  json["towns"] = summary.towns;
  json["town_hexes"] = summary.town_hexes;
  json["frontier_posts"] = summary.frontier_posts;
  json["ganges_hexes"] = summary.ganges_hexes;
  json["terrain_hexes"] = summary.terrain_hexes;
  json["buff_edges"] = summary.buff_edges;
  const auto count = [&](TileColour colour) {
    const auto found = summary.tiles_by_colour.find(colour);
    return found == summary.tiles_by_colour.end() ? 0 : found->second;
  };
  nlohmann::ordered_json tiles;
  tiles["yellow"] = count(TileColour::kYellow);
  tiles["green"] = count(TileColour::kGreen);
  tiles["brown"] = count(TileColour::kBrown);
  tiles["grey"] = count(TileColour::kGrey);
  tiles["total"] = summary.tiles_total;
  tiles["total_unrestricted_58"] = summary.tiles_total_unrestricted_58;
  json["tiles"] = tiles;
  json["tile_designs"] = summary.tile_designs;
  json["companies"] = summary.companies;
  json["trains"] = summary.trains_total;
  json["trains_if_minor_formed"] = summary.trains_total_if_minor_formed;
  return json.dump(2);
}

}  // namespace mailrun::engine::t1853

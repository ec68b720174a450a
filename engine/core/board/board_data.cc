// BoardData's indexed lookups.
#include "engine/core/board/board_data.h"

#include <algorithm>

namespace mailrun::engine {

void BoardData::Reindex() {
  int rows = 0;
  for (const HexDef& hex : hexes) rows = std::max(rows, hex.coord.row + 1);
  hex_index.assign(static_cast<size_t>(rows) * kHexIndexStride, -1);
  for (size_t i = 0; i < hexes.size(); ++i) {
    const HexCoord coord = hexes[i].coord;
    if (coord.row >= 0 && coord.col >= 0 && coord.col < kHexIndexStride) {
      hex_index[static_cast<size_t>(coord.row) * kHexIndexStride + static_cast<size_t>(coord.col)] = static_cast<int>(i);
    }
  }
  tile_index.clear();
  for (size_t i = 0; i < tiles.size(); ++i) tile_index.emplace(tiles[i].id, static_cast<int>(i));
}

const HexDef* BoardData::Hex(HexCoord coord) const {
  if (hex_index.empty()) {
    const auto found = std::find_if(hexes.begin(), hexes.end(), [&](const HexDef& hex) { return hex.coord == coord; });
    return found == hexes.end() ? nullptr : &*found;
  }
  if (coord.row < 0 || coord.col < 0 || coord.col >= kHexIndexStride) return nullptr;
  const size_t slot = static_cast<size_t>(coord.row) * kHexIndexStride + static_cast<size_t>(coord.col);
  if (slot >= hex_index.size() || hex_index[slot] < 0) return nullptr;
  return &hexes[hex_index[slot]];
}

const TileDef* BoardData::Tile(std::string_view id) const {
  if (tile_index.empty()) {
    const auto found = std::find_if(tiles.begin(), tiles.end(), [&](const TileDef& tile) { return tile.id == id; });
    return found == tiles.end() ? nullptr : &*found;
  }
  const auto found = tile_index.find(id);
  return found == tile_index.end() ? nullptr : &tiles[found->second];
}

}  // namespace mailrun::engine

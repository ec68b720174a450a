// BoardData's indexed lookups.
#include "engine/core/board/board_data.h"

#include <algorithm>
#include <cstdint>
#include <optional>

namespace mailrun::engine {
namespace {

// An id of up to seven characters as one number: its length in the top byte, its bytes below.
std::optional<uint64_t> ShortIdKey(std::string_view id) {
  if (id.size() > 7) return std::nullopt;
  uint64_t key = static_cast<uint64_t>(id.size()) << 56;
  for (size_t i = 0; i < id.size(); ++i) key |= static_cast<uint64_t>(static_cast<unsigned char>(id[i])) << (8 * i);
  return key;
}

}  // namespace

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
  short_tile_index = FlatIndex();
  for (size_t i = 0; i < tiles.size(); ++i) IndexTile(i);
}

void BoardData::IndexTile(size_t i) {
  tile_index.emplace(tiles[i].id, static_cast<int>(i));
  if (const auto key = ShortIdKey(tiles[i].id)) short_tile_index.Emplace(*key, static_cast<int>(i));
}

const HexDef* BoardData::FindHex(HexCoord coord) const {
  const auto found = std::find_if(hexes.begin(), hexes.end(), [&](const HexDef& hex) { return hex.coord == coord; });
  return found == hexes.end() ? nullptr : &*found;
}

const TileDef* BoardData::Tile(std::string_view id) const {
  if (tile_index.empty()) {
    const auto found = std::find_if(tiles.begin(), tiles.end(), [&](const TileDef& tile) { return tile.id == id; });
    return found == tiles.end() ? nullptr : &*found;
  }
  if (const auto key = ShortIdKey(id)) {
    const int i = short_tile_index.Find(*key);
    return i < 0 ? nullptr : &tiles[static_cast<size_t>(i)];
  }
  const auto found = tile_index.find(id);
  return found == tile_index.end() ? nullptr : &tiles[found->second];
}

}  // namespace mailrun::engine

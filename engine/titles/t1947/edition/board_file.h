// Reading map.json, tiles.json and manifest.json into a T1947Board (edition/board_data.h), for
// ParseT1947Data. Throws data_internal::BadData naming the file, the entry and the problem: a tile
// path to a missing station, an edge that is no edge, an upgrade that is not the next colour, that
// changes zone or cannot keep the track it replaces (6.4.3), a count for an unknown tile, a
// preprinted city whose tile is missing or of the other zone, and the like.
#pragma once

#include "engine/core/data/data_reader.h"
#include "engine/titles/t1947/edition/board_data.h"
#include "engine/titles/t1947/edition/edition_data.h"

namespace mailrun::engine::t1947 {

// `hexes` and `sites` as ReadMapHexes (edition/edition_data.cc) checked them, in map.json's order.
T1947Board ReadBoard(const data_internal::Json& map, const data_internal::Json& tiles,
                     const data_internal::Json& manifest, const std::vector<HexDef1947>& hexes,
                     const std::vector<ExpatriationSiteDef>& sites);

}  // namespace mailrun::engine::t1947

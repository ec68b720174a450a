// The way back from GetComponents' board (proto/mailrun/v1/components.proto) to a BoardData: what
// a client of the API holds after one call, in the form the renderer draws from (the inverse of
// board_components.h). Refuses components whose references do not hold together (a path to a
// station the tile lacks, a preprinted tile not among the designs, an unknown city), naming it.
// Pure.
#pragma once

#include <string>
#include <vector>

#include "engine/core/board/board_data.h"
#include "engine/core/result.h"
#include "mailrun/v1/components.pb.h"

namespace mailrun::engine {

// `city_names`: the title's cities in the order HexDef::city indexes them. The board is reindexed.
Result<BoardData> BoardFromComponents(const mailrun::v1::Components& components,
                                      const std::vector<std::string>& city_names);

Gauge GaugeFromProto(mailrun::v1::Gauge gauge);
TileColour TileColourFromProto(mailrun::v1::TileColour colour);
Terrain TerrainFromProto(mailrun::v1::Terrain terrain);

}  // namespace mailrun::engine

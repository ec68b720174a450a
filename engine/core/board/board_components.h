// The board part of GameService.GetComponents (proto/mailrun/v1/components.proto) from a title's
// BoardData: every cell with its coordinates, terrain, towns, preprinted tile, frontier post and
// blocked edges, and every tile design with its paths, gauges, stations and junctions. A title
// adds what is its own (cities, companies, costs, market, trains). Pure.
#pragma once

#include <functional>
#include <string>

#include "engine/core/board/board_data.h"
#include "mailrun/v1/components.pb.h"

namespace mailrun::engine {

// `city_name(index)`: the title's name of a hex's city. Hexes by row, then column.
void AddBoardComponents(const BoardData& board, const std::function<std::string(int city)>& city_name,
                        mailrun::v1::Components* out);

mailrun::v1::Gauge GaugeProto(Gauge gauge);
mailrun::v1::TileColour TileColourProto(TileColour colour);
mailrun::v1::Terrain TerrainProto(Terrain terrain);

}  // namespace mailrun::engine

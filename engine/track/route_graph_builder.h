// Builds the RouteGraph (engine/routes/route_graph.h) one company's trains run on, from the tiles
// on the board and the base tokens: stations with revenues, cities, terminals, blocked stations
// (every space taken by other companies, 4.5.6) and the company's bases; converging junctions
// with one exclusivity group each (4.5.10); hubs (4.2.5); boundaries between hexes.
#pragma once

#include "engine/data/edition_data.h"
#include "engine/game/state.h"
#include "engine/routes/route_graph.h"

namespace mailrun::engine {

routes::RouteGraph BuildRouteGraph(const EditionData& data, const GameState& state, int company);

}  // namespace mailrun::engine

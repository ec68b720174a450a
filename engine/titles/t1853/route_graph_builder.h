// Builds the RouteGraph (engine/core/routes/route_graph.h) one company's trains run on, from the tiles
// on the board and the base tokens: stations with revenues, cities, terminals, blocked stations
// (every space taken by other companies, 4.5.6) and the company's bases; converging junctions
// with one exclusivity group each (4.5.10); hubs (4.2.5); boundaries between hexes. Also the
// company's trains as the validator and the optimiser see them.
#pragma once

#include "engine/titles/t1853/edition/edition_data.h"
#include "engine/titles/t1853/state.h"
#include "engine/core/routes/route_graph.h"
#include "engine/core/routes/run_plan.h"

namespace mailrun::engine::t1853 {

routes::RouteGraph BuildRouteGraph(const EditionData& data, const GameState& state, int company);

// The company's trains in the order it holds them: train number (4.5.4), gauge (4.5.3) and the
// '1M' rule (4.8.18 b) from the train cards.
std::vector<routes::TrainSpec> RouteTrains(const EditionData& data, const GameState& state, int company);

}  // namespace mailrun::engine::t1853

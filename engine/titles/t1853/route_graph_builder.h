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
#include "mailrun/v1/actions.pb.h"

namespace mailrun::engine::t1853 {

routes::RouteGraph BuildRouteGraph(const EditionData& data, const GameState& state, int company);

// The part of that graph a check of `runs` needs: the tiles of the hexes the runs' places lie on
// ("Jab.s0" and "Kq.j1" on one hex, a boundary "Iaa/Iy" between two) and of `must_run_over`
// (4.2.3, 4.4.2). The validator (run_validator.h) accepts and refuses the runs on it exactly as on
// the whole graph, in the same words: every node a run names and every track between two of its
// places are there, named alike, in the same relative order. A fraction of the whole graph.
routes::RouteGraph BuildRunGraph(const EditionData& data, const GameState& state, int company,
                                 const mailrun::v1::RunTrains& runs, const std::vector<HexCoord>& must_run_over);

// The company's trains in the order it holds them: train number (4.5.4), gauge (4.5.3) and the
// '1M' rule (4.8.18 b) from the train cards.
std::vector<routes::TrainSpec> RouteTrains(const EditionData& data, const GameState& state, int company);

}  // namespace mailrun::engine::t1853

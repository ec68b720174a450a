#include "engine/titles/t1853/route_graph_builder.h"

#include "engine/core/routes/board_route_graph.h"
#include "engine/titles/t1853/track_position.h"

namespace mailrun::engine::t1853 {

routes::RouteGraph BuildRouteGraph(const EditionData& data, const GameState& state, int company) {
  routes::BoardGraphNames names;
  names.hex = [](HexCoord coord) {
    const bool on_grid = coord.row >= 0 && coord.row < 26 && coord.col >= 1 && coord.col <= 52;
    return on_grid ? HexName(coord) : "off" + std::to_string(coord.row) + "_" + std::to_string(coord.col);
  };
  names.city = [&data](int city) { return data.cities[city].name; };
  return routes::BuildBoardRouteGraph(data, TrackPositionOf(state), company, names);
}

std::vector<routes::TrainSpec> RouteTrains(const EditionData& data, const GameState& state, int company) {
  std::vector<routes::TrainSpec> specs;
  for (const TrainCard& card : state.companies[company].trains) {
    routes::TrainSpec spec;
    spec.id = card.id;
    spec.name = card.name;
    for (const TrainDef& def : data.trains) {
      if (def.name != card.name) continue;
      spec.large_stations = def.large_stations;
      spec.gauge = def.gauge;
    }
    spec.is_1m = card.name == "1M";
    specs.push_back(spec);
  }
  return specs;
}

}  // namespace mailrun::engine::t1853

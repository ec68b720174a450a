#include "engine/titles/t1853/route_graph_builder.h"

#include <algorithm>
#include <string_view>

#include "engine/core/routes/board_route_graph.h"
#include "engine/titles/t1853/track_position.h"

namespace mailrun::engine::t1853 {

namespace {

routes::RouteGraph Build(const EditionData& data, const GameState& state, int company,
                         const std::vector<HexCoord>* only) {
  routes::BoardGraphNames names;
  names.hex = [](HexCoord coord) {
    const bool on_grid = coord.row >= 0 && coord.row < 26 && coord.col >= 1 && coord.col <= 52;
    return on_grid ? HexName(coord) : "off" + std::to_string(coord.row) + "_" + std::to_string(coord.col);
  };
  names.city = [&data](int city) { return data.cities[city].name; };
  return routes::BuildBoardRouteGraph(data, TrackPositionOf(state), company, names, only);
}

// The hexes of the board a node named `name` lies on (see route_graph.h, "Names"); a name that
// is no node's adds nothing a node could be found on.
void AddNodeHexes(std::string_view name, std::vector<HexCoord>& hexes) {
  const size_t dot = name.find('.');
  const size_t slash = name.find('/');
  const auto add = [&](std::string_view hex_name) {
    if (const auto hex = ParseHexName(hex_name)) hexes.push_back(*hex);  // "off..." has no tile
  };
  if (slash != std::string_view::npos) {
    add(name.substr(0, slash));
    add(name.substr(slash + 1));
  } else {
    add(name.substr(0, dot));
  }
}

}  // namespace

routes::RouteGraph BuildRouteGraph(const EditionData& data, const GameState& state, int company) {
  return Build(data, state, company, nullptr);
}

routes::RouteGraph BuildRunGraph(const EditionData& data, const GameState& state, int company,
                                 const mailrun::v1::RunTrains& runs, const std::vector<HexCoord>& must_run_over) {
  std::vector<HexCoord> hexes = must_run_over;
  for (const auto& run : runs.runs()) {
    for (const std::string& node : run.nodes()) AddNodeHexes(node, hexes);
  }
  std::sort(hexes.begin(), hexes.end());
  hexes.erase(std::unique(hexes.begin(), hexes.end()), hexes.end());
  return Build(data, state, company, &hexes);
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

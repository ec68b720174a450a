// Builds the RouteGraph (route_graph.h) one company's trains run on from a board: the tiles laid
// or preprinted (BoardData, BoardState) and every company's base tokens (TrackPosition). Stations
// as their tiles print them (revenue, large or small, terminal), each large station of a named
// city with that city's index, blocked where every token space is another company's (4.5.6),
// company_base where the company has a token; converging junctions with one exclusivity group
// each (4.5.10), hubs, and the boundaries between hexes (also towards hexes off the board that
// track runs into). Each title names the hexes and cities, and marks afterwards what its own rules
// add (1947: route_graph.h). Pure.
// With `only`, just the tiles on those hexes go in (a run's check needs no more than the hexes its
// runs name): nodes, edges and groups as in the whole graph, in the same relative order, and
// named alike.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/core/routes/route_graph.h"
#include "engine/core/track/track_network.h"

namespace mailrun::engine::routes {

struct BoardGraphNames {
  std::function<std::string(HexCoord)> hex;  // every hex met, on the board or off it
  std::function<std::string(int)> city;      // HexDef::city -> the city's name
};

RouteGraph BuildBoardRouteGraph(const BoardData& data, const TrackPosition& position, int company,
                                const BoardGraphNames& names, const std::vector<HexCoord>* only = nullptr);

}  // namespace mailrun::engine::routes

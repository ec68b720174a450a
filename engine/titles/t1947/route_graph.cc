// A 1947 railway's route graph and the questions asked of it (see route_graph.h).
#include "engine/titles/t1947/route_graph.h"

#include "engine/core/routes/board_route_graph.h"
#include "engine/core/structured_text.h"
#include "engine/titles/t1947/edition/board_grid.h"
#include "engine/titles/t1947/rules/route_legs.h"

namespace mailrun::engine::t1947 {

namespace {

// The boundary node between graph hexes `a` and `b`; -1 when no track crosses that edge.
int BoundaryBetween(const routes::RouteGraph& graph, int a, int b) {
  for (size_t n = 0; n < graph.nodes().size(); ++n) {
    const routes::RouteNode& node = graph.nodes()[n];
    if (node.kind != routes::NodeKind::kBoundary) continue;
    if ((node.hex == a && node.other_hex == b) || (node.hex == b && node.other_hex == a)) return static_cast<int>(n);
  }
  return -1;
}

// 6.9, 6.10: a site or trading post beyond edge `edge` of `hex` becomes a station on the hex off
// the map there, joined to the edge's boundary, when track runs to that edge.
void AddOffMapStop(RailwayGraph* g, std::map<int, int>* stations_off_map, HexCoord hex, int edge, GraphStop stop,
                   const routes::StationInfo& info) {
  routes::RouteGraph& graph = g->graph;
  const int on = graph.FindHex(hex);
  const int off = graph.FindHex(Neighbour(hex, edge));
  if (on < 0 || off < 0) return;
  const int boundary = BoundaryBetween(graph, on, off);
  if (boundary < 0) return;
  const int station = graph.AddStation(off, (*stations_off_map)[off]++, info);
  graph.AddEdge(boundary, station, Gauge::kBroad, off);
  g->node_of_stop[stop.stop.place] = station;
  g->stops[station] = std::move(stop);
}

Zone ZoneOf(const T1947Data& data, HexCoord hex) {
  const HexDef1947* def = data.MapHex(hex);
  return def && def->monsoon ? Zone::kMonsoon : Zone::kDry;
}

}  // namespace

Result<RailwayGraph> BuildRailwayGraph(const T1947Data& data, const RevenueRules& rules, const Board1947& board,
                                       int railway, const GraphTurn& turn) {
  if (railway < 0 || railway >= static_cast<int>(data.railways.size())) {
    return Malformed("1947.refusal.runs.no_such_railway", "there is no railway " + std::to_string(railway)).With({param::Count("railway", railway)});
  }
  if (turn.phase < 1 || turn.phase > static_cast<int>(rules.trading_post.size())) {
    return Illegal("1947.refusal.runs.no_such_phase", "4.0", "there is no phase " + std::to_string(turn.phase)).With({param::Count("phase", turn.phase)});
  }
  routes::BoardGraphNames names;
  names.hex = [&data](HexCoord coord) {
    return data.MapHex(coord) ? HexName1947(coord) : "off" + std::to_string(coord.row) + "_" + std::to_string(coord.col);
  };
  names.city = [&data](int city) { return data.board.cities[city]; };
  RailwayGraph g;
  g.graph = routes::BuildBoardRouteGraph(data.board.data, board.Position(), railway, names);
  routes::RouteGraph& graph = g.graph;
  // Cities and towns: every one counts (6.14.1); values by season (6.13.4) and phase (6.6).
  for (size_t n = 0; n < graph.nodes().size(); ++n) {
    const routes::RouteNode& node = graph.nodes()[n];
    if (node.kind != routes::NodeKind::kStation) continue;
    const HexCoord hex = graph.hexes()[node.hex].coord;
    GraphStop stop;
    stop.stop.kind = node.station.large ? StopKind::kCity : StopKind::kTown;
    stop.stop.place = graph.hexes()[node.hex].name;
    stop.stop.value = hex == data.board.cooch_behar.hex ? CoochBeharValue(data, turn.phase) : node.station.revenue;
    stop.stop.zone = ZoneOf(data, hex);
    stop.stop.own_station = node.station.company_base;
    stop.stop.blocked = node.station.blocked;  // 6.11.1, 6.14.1 (Cooch Behar has no space, rulings 2)
    routes::StationInfo* info = graph.MutableStation(static_cast<int>(n));
    info->large = true;
    info->revenue = StopValue(rules, stop.stop, turn.season);
    g.node_of_stop[stop.stop.place] = static_cast<int>(n);
    g.stops[static_cast<int>(n)] = std::move(stop);
  }
  std::map<int, int> stations_off_map;  // off-map graph hex -> stations added on it
  // 6.10: a site is a terminus, counts as a stop and earns nothing.
  for (size_t i = 0; i < data.board.expatriation_sites.size() && i < data.sites.size(); ++i) {
    const auto& [hex, edge] = data.board.expatriation_sites[i];
    GraphStop stop;
    stop.stop.kind = StopKind::kExpatriationSite;
    stop.stop.place = data.sites[i].name;
    stop.stop.zone = ZoneOf(data, hex);
    stop.site = static_cast<int>(i);
    routes::StationInfo info;
    info.large = true;
    info.terminal = true;
    AddOffMapStop(&g, &stations_off_map, hex, edge, std::move(stop), info);
  }
  // 6.9, 3.1: a trading post is a terminus, no stop, worth the P7's value to its owner only.
  const int trading_post_value = turn.owns_p7 ? rules.trading_post[turn.phase - 1] : 0;
  for (const auto& [hex, edge] : data.board.trading_posts) {
    GraphStop stop;
    stop.stop.kind = StopKind::kTradingPost;
    stop.stop.place = HexName1947(hex) + "-" + EdgeName1947(edge);
    stop.stop.zone = ZoneOf(data, hex);
    routes::StationInfo info;
    info.revenue = trading_post_value;
    info.terminal = true;
    AddOffMapStop(&g, &stations_off_map, hex, edge, std::move(stop), info);
  }
  if (Status checked = graph.Check(); !checked.ok()) return checked.error();
  return g;
}

Result<bool> HasLegalRoute(const T1947Data& data, const Board1947& board, int railway) {
  Result<const RevenueRules*> rules = RevenueRules1947();
  if (!rules.ok()) return rules.error();
  Result<RailwayGraph> g = BuildRailwayGraph(data, **rules, board, railway, GraphTurn{});
  if (!g.ok()) return g.error();
  return HasTwoStopRun(g->graph);  // 6.14.1: two stops, a trading post none (3.1)
}

Result<BestRuns> CompanyBestRuns(const T1947Data& data, const RevenueRules& rules, const Board1947& board,
                                 int railway, const GraphTurn& turn, const std::vector<OwnedTrain>& trains) {
  Result<RailwayGraph> g = BuildRailwayGraph(data, rules, board, railway, turn);
  if (!g.ok()) return g.error();
  ZeroUnreachableStations(&g->graph);  // a tighter static bound, the same runs
  return FindBestRuns(rules, g->graph, trains, turn.phase);
}

std::vector<std::vector<std::string>> RouteStops(const RailwayGraph& graph, const routes::RunPlan& plan, size_t trains) {
  std::vector<std::vector<std::string>> routes(trains);
  for (const routes::PlannedRun& run : plan.runs) {
    if (run.train < 0 || run.train >= static_cast<int>(trains)) continue;
    for (int node : run.nodes) {
      const auto stop = graph.stops.find(node);
      if (stop != graph.stops.end()) routes[run.train].push_back(stop->second.stop.place);
    }
  }
  return routes;
}

}  // namespace mailrun::engine::t1947

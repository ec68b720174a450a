// Stations, temples and expatriation sites (see rules/stations.h).
#include "engine/titles/t1947/rules/stations.h"

#include <algorithm>

#include "engine/core/structured_text.h"
#include "engine/titles/t1947/edition/board_grid.h"

namespace mailrun::engine::t1947 {
namespace {

// 6.7: "With the placement of the fourth station the Company receives a stockbroker"; Appendix 1:
// "its last station (or the 4th for the South Indian Railway Company)", whose charter has five.
constexpr size_t kStockbrokerStation = 4;

const std::string& Initials(const T1947Data& data, int railway) { return data.railways[railway].initials; }

}  // namespace

Status PlaceHomeStation(const T1947Data& data, Board1947* board, int railway) {
  const std::string& home = data.railways[railway].home;
  if (!board->stations[railway].empty()) {
    return Illegal("1947.refusal.station.home_already_placed", "6.7", "the " + Initials(data, railway) + " has placed its home station")
        .With({param::Company("company", Initials(data, railway))});
  }
  board->stations[railway].push_back(Base{*ParseHex1947(home), 0});
  return OkStatus();
}

Result<StationOutcome> CheckStation(const T1947Data& data, const Board1947& board, int railway, int treasury,
                                    const StationTurn& turn, HexCoord hex, StationRoom room) {
  const std::string& initials = Initials(data, railway);
  const std::string hex_name = HexName1947(hex);
  const auto& own = board.stations[railway];
  if (own.empty()) {
    return Illegal("1947.refusal.station.home_first", "6.7", "the " + initials + " places its home station first")
        .With({param::Company("company", initials)});
  }
  const int allowed = turn.worker ? 2 : 1;
  if (turn.placed >= allowed) {
    return Illegal("1947.refusal.station.one_per_or", turn.worker ? "6.11.2" : "6.7.2",
                   "the " + initials + " has placed " + std::to_string(turn.placed) + " station(s) this operating round")
        .With({param::Company("company", initials), param::Count("count", turn.placed)});
  }
  const auto& costs = data.railways[railway].station_costs;
  if (own.size() >= costs.size()) {
    return Illegal("1947.refusal.station.none_left", "6.7", "the " + initials + " has no station left").With({param::Company("company", initials)});
  }
  const std::optional<TileOnHex> on = TileOn(data.board.data, board.board, hex);
  if (!on || on->tile->stations.empty() || on->tile->stations[0].kind != StationKind::kLarge) {
    return Illegal("1947.refusal.station.not_a_city_tile", "6.7", "there is no city tile on " + hex_name).With({param::Hex("hex", hex_name)});
  }
  if (std::any_of(own.begin(), own.end(), [&](const Base& b) { return b.hex == hex; })) {
    return Illegal("1947.refusal.station.two_in_one_city", "6.7.2", "the " + initials + " already has a station on " + hex_name)
        .With({param::Company("company", initials), param::Hex("hex", hex_name)});
  }
  const int taken = static_cast<int>(board.StationsAt(hex).size());
  int spaces = on->tile->stations[0].token_slots;
  const bool full = taken >= spaces;
  // 6.7.2: a home city of a railway that has not operated keeps a space for it.
  int kept = 0;
  for (size_t r = 0; r < data.railways.size(); ++r) {
    if (static_cast<int>(r) != railway && board.stations[r].empty() && data.railways[r].home == hex_name) ++kept;
  }
  const bool reserved = !full && kept > 0 && taken + 1 >= spaces;  // the last free space is kept
  if (room == StationRoom::kFullOrReserved && !full && !reserved) {
    return Illegal("1947.refusal.station.p6_city_has_room", "3.1", hex_name + " has a free station space: the P6's third benefit is for a city full or kept for homes")
        .With({param::Hex("hex", hex_name)});
  }
  if (full && room == StationRoom::kFreeSpace) {
    return Illegal("1947.refusal.station.city_full", "6.7.1", "no station space is free on " + hex_name).With({param::Hex("hex", hex_name)});
  }
  if (reserved && room != StationRoom::kFullOrReserved) {
    for (size_t r = 0; r < data.railways.size(); ++r) {
      if (static_cast<int>(r) == railway || !board.stations[r].empty() || data.railways[r].home != hex_name) continue;
      return Illegal("1947.refusal.station.home_reserved", "6.7.2", hex_name + " keeps a space for the " + data.railways[r].initials + "'s home station")
          .With({param::Hex("hex", hex_name), param::Company("company", data.railways[r].initials)});
    }
  }
  // 6.7.1, 6.7.2: a route from one of its stations, not through a city full of others' stations.
  const TrackNetwork network(data.board.data, board.board);
  if (!network.Reach(board.Position(), railway).ReachesStation(hex, 0)) {
    return Illegal("1947.refusal.station.not_connected", "6.7.1", "no route of the " + initials + " reaches " + hex_name)
        .With({param::Company("company", initials), param::Hex("hex", hex_name)});
  }
  StationOutcome outcome;
  outcome.beyond_spaces = full || reserved;
  outcome.cost = costs[own.size()];
  outcome.stockbroker = own.size() + 1 == kStockbrokerStation;  // 6.7, Appendix 1
  if (outcome.cost > treasury) {
    return Illegal("1947.refusal.station.no_credit", "6.3", "the station costs " + std::to_string(outcome.cost) + " and the treasury holds " + std::to_string(treasury))
        .With({param::Amount("cost", outcome.cost), param::Amount("treasury", treasury)});
  }
  return outcome;
}

Result<StationOutcome> PlaceStation(const T1947Data& data, Board1947* board, int railway, int treasury, StationTurn* turn,
                                    HexCoord hex, StationRoom room) {
  Result<StationOutcome> outcome = CheckStation(data, *board, railway, treasury, *turn, hex, room);
  if (!outcome.ok()) return outcome;
  board->stations[railway].push_back(Base{hex, 0});
  if (outcome->beyond_spaces) board->p6_stations.push_back(hex);
  ++turn->placed;
  return outcome;
}

std::vector<HexCoord> LegalStations(const T1947Data& data, const Board1947& board, int railway, int treasury,
                                    const StationTurn& turn, StationRoom room) {
  std::vector<HexCoord> hexes;
  if (board.stations[railway].empty()) return hexes;
  const TrackNetwork network(data.board.data, board.board);
  for (const auto& [hex, station] : network.Reach(board.Position(), railway).stations) {
    if (CheckStation(data, board, railway, treasury, turn, hex, room).ok()) hexes.push_back(hex);
  }
  return hexes;
}

bool ConnectTemple(const T1947Data& data, Board1947* board, int railway) {
  if (board->temple_connected[railway] || !TempleConnected(data, *board, railway)) return false;
  board->temple_connected[railway] = true;
  return true;
}

Status BeginWorkerTileAction(const T1947Data& data, const Board1947& board, int railway, TrackTurn* turn) {
  if (turn->action > 0) {
    return Illegal("1947.refusal.track.one_worker_action", "6.11.3", "a worker gives one second tile action per operating round")
        .With({param::Count("count", 1)});
  }
  turn->action = 1;
  turn->yellow = 0;
  turn->upgrades = 0;
  turn->laid_this_action.clear();  // the first action's tiles may now be upgraded (6.11.3)
  turn->sites_before_worker_action = SitesConnected(data, board, railway);
  return OkStatus();
}

bool SiteReachableThisOr(const T1947Data& data, const Board1947& board, const TrackTurn& turn, int site) {
  (void)data;
  if (turn.action == 0 || board.site_workers[site] == 0) return true;
  const auto& before = turn.sites_before_worker_action;
  return std::find(before.begin(), before.end(), site) != before.end();
}

Result<int> ReachSite(const T1947Data& data, Board1947* board, int railway, int site) {
  if (site < 0 || site >= static_cast<int>(data.sites.size())) {
    return Malformed("1947.refusal.site.no_such_site", "no expatriation site " + std::to_string(site)).With({param::Count("site", site)});
  }
  if (board->sites_reached[railway][site]) {
    return Illegal("1947.refusal.site.reached_twice", "6.10", "the " + Initials(data, railway) + " has reached " + data.sites[site].name + " before")
        .With({param::Company("company", Initials(data, railway)), param::Text("site", data.sites[site].name)});
  }
  board->sites_reached[railway][site] = true;
  const int workers = board->site_workers[site];
  board->site_workers[site] = 0;
  return workers;
}

}  // namespace mailrun::engine::t1947

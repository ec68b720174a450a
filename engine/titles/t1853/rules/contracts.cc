#include "engine/titles/t1853/rules/contracts.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/titles/t1853/track_position.h"

namespace mailrun::engine::t1853 {

// 4.3.1: a bid's cities linked by anyone's track, changing at any station (2.5.1.1): the bond
// goes back to its player at once.
void CheckContracts(Context& ctx) {
  GameState& s = ctx.state;
  bool any_open = false;
  for (const PlayerState& p : s.players) any_open = any_open || (!p.bond.returned && !p.bond.claims.empty());
  if (!any_open) return;
  const std::shared_ptr<const TrackNetwork> kept = ctx.Network();
  const TrackNetwork& network = *kept;
  // A city with no tile yet has no station, is in no component and links to nothing: the
  // components are worked out only for a contract all of whose cities have a station.
  auto on_track = [&](int city) { return network.StationNode(ctx.data.cities[city].hex, 0) >= 0; };
  std::vector<int> component;
  // The components a city's stations are in (a city with no tile yet is in none).
  auto city_components = [&](int city) {
    std::set<int> found;
    const HexCoord hex = ctx.data.cities[city].hex;
    for (int station = 0;; ++station) {
      const int node = network.StationNode(hex, station);
      if (node < 0) break;
      found.insert(component[node]);
    }
    return found;
  };
  for (int seat : s.seating_order) {
    PlayerState& p = s.players[seat];
    if (p.bond.returned || p.bond.claims.empty()) continue;
    if (ctx.Hidden(seat)) {  // a preview never tests another player's secret cities (2.5.2.1)
      ctx.Withhold("4.3.2: a preview does not check other players' contracts, whose cities are secret.");
      continue;
    }
    if (!std::all_of(p.bond.claims.begin(), p.bond.claims.end(), [&](const BidClaim& claim) { return on_track(claim.city); })) {
      continue;
    }
    if (component.empty()) component = network.PassengerComponents(TrackPositionOf(s));
    std::set<int> shared = city_components(p.bond.claims.front().city);
    for (const BidClaim& claim : p.bond.claims) {
      std::set<int> here = city_components(claim.city);
      std::set<int> both;
      for (int c : shared) {
        if (here.count(c)) both.insert(c);
      }
      shared = both;
    }
    if (shared.empty()) continue;
    p.bond.returned = true;
    p.cash += p.bond.amount;
    std::string cities;
    for (const BidClaim& claim : p.bond.claims) cities += (cities.empty() ? "" : ", ") + ctx.data.cities[claim.city].name;
    ctx.Say("1853.log.contracts.fulfilled", "{seat}'s contract is fulfilled: {cities} are linked; the bond of {bond} is returned ({rule})", {param::Seat("seat", seat), param::Text("cities", cities), param::Amount("bond", p.bond.amount), param::Rule("rule", "4.3")});
  }
}

}  // namespace mailrun::engine::t1853

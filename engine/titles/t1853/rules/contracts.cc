#include "engine/titles/t1853/rules/contracts.h"

#include <fmt/format.h>

#include "engine/titles/t1853/track_position.h"

namespace mailrun::engine::t1853 {

void CheckContracts(Context& ctx) {
  GameState& s = ctx.state;
  bool any_open = false;
  for (const PlayerState& p : s.players) any_open = any_open || (!p.bond.returned && !p.bond.claims.empty());
  if (!any_open) return;
  const TrackNetwork network(ctx.data, s.board);
  const std::vector<int> component = network.PassengerComponents(TrackPositionOf(s));
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
    ctx.Log(fmt::format("{}'s contract is fulfilled: {} are linked; the bond of {} is returned (4.3)", p.name, cities,
                        Money(p.bond.amount)));
  }
}

}  // namespace mailrun::engine::t1853

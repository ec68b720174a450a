// The invariants of a 1947 position (see invariants.h).
#include "engine/titles/t1947/invariants.h"

#include <algorithm>
#include <map>
#include <optional>

#include "engine/core/track/track_network.h"
#include "engine/titles/t1947/edition/board_grid.h"

namespace mailrun::engine::t1947 {
namespace {

// The board (6.4-6.11): every tile is in the supply or on the map, as many as the manifest has;
// a railway has no more stations than its charter, never two in one city, and a city no more
// than its spaces; nobody employs fewer than no workers.
void CheckBoard(const T1947Game& g, std::vector<std::string>& broken) {
  const T1947Data& data = g.data();
  const Board1947& board = g.board();
  std::map<std::string, int> tiles = board.board.supply;
  for (const auto& [hex, placed] : board.board.tiles) {
    const TileDef* tile = data.board.data.Tile(placed.tile);
    if (!tile) {
      broken.push_back("an unknown tile " + placed.tile + " on " + HexName1947(hex));
    } else if (!tile->preprinted) {
      ++tiles[placed.tile];
    }
  }
  for (const auto& [id, count] : data.board.InitialState().supply) {
    if (tiles[id] != count) broken.push_back(std::to_string(tiles[id]) + " tiles " + id + " in all, not " + std::to_string(count));
  }
  std::map<HexCoord, int> taken;
  for (size_t r = 0; r < data.railways.size(); ++r) {
    const std::vector<Base>& own = board.stations[r];
    if (own.size() > data.railways[r].station_costs.size()) broken.push_back(data.railways[r].initials + " has more stations than its charter");
    for (size_t i = 0; i < own.size(); ++i) {
      ++taken[own[i].hex];
      for (size_t j = 0; j < i; ++j) {
        if (own[i].hex == own[j].hex) broken.push_back(data.railways[r].initials + " has two stations on " + HexName1947(own[i].hex));
      }
    }
  }
  for (const auto& [hex, count] : taken) {
    const std::optional<TileOnHex> on = TileOn(data.board.data, board.board, hex);
    // 3.1 P6: its stations are additional to the city's spaces.
    const int extra = static_cast<int>(std::count(board.p6_stations.begin(), board.p6_stations.end(), hex));
    if (on && !on->tile->stations.empty() && count > on->tile->stations[0].token_slots + extra) {
      broken.push_back(HexName1947(hex) + " holds more stations than its spaces");
    }
  }
  for (int seat = 0; seat < g.player_count(); ++seat) {
    if (g.player(seat).workers < 0 || g.player(seat).new_workers < 0) broken.push_back(g.player(seat).name + " employs a negative number of workers");
  }
}

// The private companies (3.2, 3.3, 3.5): each is unsold, or owned by exactly one player (in that
// player's hand) or one railway, or removed; a railway's offer for one stands only for a private a
// player owns, at a price the buying railway's treasury holds (6.3).
void CheckPrivates(const T1947Game& g, std::vector<std::string>& broken) {
  const T1947Data& data = g.data();
  for (const PrivateDef& def : data.privates) {
    const std::string name = "the P" + std::to_string(def.number);
    int holders = 0;
    for (int seat = 0; seat < g.player_count(); ++seat) {
      const std::vector<int>& hand = g.player(seat).privates;
      const auto held = std::count(hand.begin(), hand.end(), def.number);
      holders += static_cast<int>(held);
      if (held > 0 && g.private_owner(def.number) != seat) broken.push_back(g.player(seat).name + " holds " + name + " without owning it");
    }
    const int owner = g.private_owner(def.number);
    const int railway = g.private_railway(def.number);
    if (owner >= 0 && holders != 1) broken.push_back(name + " is in " + std::to_string(holders) + " players' hands");
    if (owner < 0 && holders != 0) broken.push_back(name + " is in a hand with no owner");
    if ((owner >= 0) + (railway >= 0) + g.private_removed(def.number) > 1) broken.push_back(name + " has more than one owner or is owned and removed");
    if (railway >= 0 && def.power == "president_certificate") broken.push_back("a railway owns the P9");
    if (railway >= 0 && def.power == "take_first_player_order_card") broken.push_back("a railway keeps the P4");
  }
  if (const auto& offer = g.pending_private_purchase()) {
    if (g.private_owner(offer->private_number) < 0) broken.push_back("an offer stands for a private no player owns");
    if (offer->price > g.railway(data.railways[offer->buyer].initials).treasury) broken.push_back("an offer for a private exceeds the buyer's treasury");
  }
}

}  // namespace

std::vector<std::string> CheckInvariants(const T1947Game& g) {
  std::vector<std::string> broken;
  const T1947Data& data = g.data();
  for (int seat = 0; seat < g.player_count(); ++seat) {
    if (g.player(seat).cash < 0) broken.push_back(g.player(seat).name + " has negative cash");
  }
  // Shares: the ledger's ordinary shares, with the savings shares and a sale waiting for price
  // protection (5.4.5) beside it, make 100% of every railway.
  const ShareLedger& shares = g.shares();
  if (shares.players() != g.player_count() || shares.companies() != static_cast<int>(data.railways.size()) ||
      shares.per_company() != kUnitsPerRailway) {
    broken.push_back("the share ledger does not fit the game");
    return broken;
  }
  std::vector<std::string> names;
  std::vector<int> beside(data.railways.size(), 0);
  for (size_t r = 0; r < data.railways.size(); ++r) {
    names.push_back(data.railways[r].initials);
    for (int seat = 0; seat < g.player_count(); ++seat) beside[r] += g.player(seat).savings[r];
  }
  if (g.pending_protection()) beside[g.pending_protection()->railway] += g.pending_protection()->units;
  for (std::string& fault : shares.ConservationFaults(names, beside)) broken.push_back(std::move(fault));
  for (size_t r = 0; r < data.railways.size(); ++r) {
    const RailwayDef& def = data.railways[r];
    const Railway1947& rail = g.railway(def.initials);
    int bonds = rail.bonds_unissued + rail.bonds_io + rail.bonds_pool + rail.bonds_removed;
    if (g.pending_bond_offer() && g.pending_bond_offer()->railway == static_cast<int>(r)) bonds += g.pending_bond_offer()->left;
    int presidents = 0;
    int most = 0;
    int president_units = -1;
    for (int seat = 0; seat < g.player_count(); ++seat) {
      const Player1947& p = g.player(seat);
      const int ordinary = shares.HeldBy(seat, r);
      bonds += p.bonds[r] + p.new_bonds[r];
      if (ordinary > 0 && p.savings[r] > 0) broken.push_back(p.name + " holds both share types of " + def.initials);
      if (p.president[r]) {
        ++presidents;
        president_units = ordinary;
        if (p.savings[r] > 0) broken.push_back("the president of " + def.initials + " holds savings shares");
      } else {
        most = std::max(most, ordinary);
      }
    }
    if (bonds != def.bonds) broken.push_back(def.initials + " has " + std::to_string(bonds) + " bonds in all");
    if (shares.InPool(r) > 5) broken.push_back("the bank pool holds more than 50% of " + def.initials);
    if (rail.president_sold && presidents != 1) broken.push_back(def.initials + " has " + std::to_string(presidents) + " presidents");
    if (!rail.president_sold && presidents != 0) broken.push_back(def.initials + " has a president but no par");
    if (presidents == 1 && most > president_units) broken.push_back(def.initials + "'s president does not hold the most ordinary shares");
    if (rail.president_sold && !data.market.Exists(rail.token)) broken.push_back(def.initials + "'s token is off the market");
    if (rail.treasury < 0) broken.push_back(def.initials + " has a negative treasury");
  }
  // Trains (6.15): every card is in the bank, the bank pool, a company or rusted; no company holds
  // more than the limit once its excess is discarded.
  for (size_t t = 0; t < data.trains.size(); ++t) {
    const TrainDef& def = data.trains[t];
    int held = g.bank_trains()[t] + g.rusted_trains()[t] + static_cast<int>(std::count(g.pool_trains().begin(), g.pool_trains().end(), def.name));
    for (const RailwayDef& r : data.railways) {
      const std::vector<std::string>& trains = g.railway(r.initials).trains;
      held += static_cast<int>(std::count(trains.begin(), trains.end(), def.name));
    }
    if (!def.unlimited && held != def.count) broken.push_back(std::to_string(held) + " " + def.name + " trains in all, not " + std::to_string(def.count));
    if (Rusted(def, g.CurrentPhase()) && held != g.rusted_trains()[t] + g.bank_trains()[t]) broken.push_back("a rusted " + def.name + " is still in play");
  }
  for (size_t r = 0; r < data.railways.size(); ++r) {
    const bool waiting = std::count(g.excess().begin(), g.excess().end(), static_cast<int>(r)) > 0;
    if (!waiting && static_cast<int>(g.railway(data.railways[r].initials).trains.size()) > g.TrainLimit()) {
      broken.push_back(data.railways[r].initials + " holds more trains than the limit");
    }
  }
  CheckBoard(g, broken);
  CheckPrivates(g, broken);
  return broken;
}

}  // namespace mailrun::engine::t1947

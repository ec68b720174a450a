#include "engine/titles/t1853/state_json.h"

#include <nlohmann/json.hpp>

namespace nlohmann {
template <typename T>
struct adl_serializer<std::optional<T>> {
  static void to_json(json& j, const std::optional<T>& value) {
    if (value) j = *value;
    else j = nullptr;
  }
  static void from_json(const json& j, std::optional<T>& value) {
    if (j.is_null()) value.reset();
    else value = j.get<T>();
  }
};
}  // namespace nlohmann

// The core's types, next to them for argument-dependent lookup.
namespace mailrun::engine {
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(HexCoord, row, col)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Base, hex, station)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(PlacedTile, tile, rotation)
// The tiles as the map they hold (a list of [hex, tile] pairs), as before TileMap.
void to_json(nlohmann::json& j, const TileMap& tiles) { j = tiles.map(); }
void from_json(const nlohmann::json& j, TileMap& tiles) { tiles.Assign(j.get<TileMap::Map>()); }
}  // namespace mailrun::engine

namespace mailrun::engine::t1853 {

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(BidClaim, city, company)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Bond, amount, committed, claims, passed, returned)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(PlayerState, name, cash, bond, seating, unredeemed, contracted,
                                                holding_since, sold_this_round, contract_sale_open,
                                                contract_sale_pending, must_correct_certificates)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TrainCard, id, name, on_credit)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(RunTrace, train_id, nodes, revenue)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(CompanyState, status, floated, major, director, manager, treasury,
                                                price_index, trains, tokens_left, bases,
                                                double_lay, special_token, formed_in_dealing_round, railway_turns,
                                                last_runs)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(BoardState, tiles, supply, frontier_paid)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(DealingState, number, current, bought_this_turn, bought_company,
                                                sold_this_turn, redeemed_this_turn, consecutive_declines, last_buyer)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(LayRecord, hex, home, base, railhead_edges, railhead_gauges)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(RailwayState, number, in_set, set_size, extra_called, company, step,
                                                lays_done, lays, promoted, base_placed, must_run_hexes,
                                                trains_bought)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(PendingOffer, kind, from_seat, to_seat, price, buying_company,
                                                selling_company, train_id)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(FinalScore, seat, wealth, rank)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(GameState, edition, players_count, bank, credits, total_money, rng, tick,
                                                players, companies, seating_order, elephant, phase,
                                                phase_for_round_count, minor_formed_in_first_round, trains_left,
                                                trains_next_serial, returned_trains, first_three_bought, board, stage,
                                                dealing, railway, offer, pending_credit_settlements, bank_broken,
                                                end_reason, end_reason_structured, scores)

namespace {

// The share ledger (GameState::shares) is written where the snapshots have always had it: each
// player's "shares" (one count per company) and each company's "bank_shares" and "pool_shares".
// nlohmann's objects keep their keys sorted, so the bytes are the same wherever they are added.
void WriteShares(const ShareLedger& shares, nlohmann::json& j) {
  nlohmann::json& players = j.at("players");
  for (int seat = 0; seat < shares.players(); ++seat) {
    std::array<int, kCompanies> held{};
    for (int c = 0; c < kCompanies; ++c) held[c] = shares.HeldBy(seat, c);
    players.at(seat)["shares"] = held;
  }
  nlohmann::json& companies = j.at("companies");
  for (int c = 0; c < kCompanies; ++c) {
    companies.at(c)["bank_shares"] = shares.InBank(c);
    companies.at(c)["pool_shares"] = shares.InPool(c);
  }
}

// Read back as the generated fields were: a missing count is a new game's (nothing held, every
// share in the bank).
ShareLedger ReadShares(const nlohmann::json& j, int players) {
  ShareLedger shares(players, kCompanies, kSharesPerCompany);
  if (j.contains("players")) {
    for (int seat = 0; seat < players; ++seat) {
      const nlohmann::json& p = j.at("players").at(seat);
      if (!p.contains("shares")) continue;
      const auto held = p.at("shares").get<std::array<int, kCompanies>>();
      for (int c = 0; c < kCompanies; ++c) shares.Set(ShareHolder::Player(seat), c, held[c]);
    }
  }
  if (j.contains("companies")) {
    for (int c = 0; c < kCompanies; ++c) {
      const nlohmann::json& company = j.at("companies").at(c);
      shares.Set(ShareHolder::Bank(), c, company.value("bank_shares", kSharesPerCompany));
      shares.Set(ShareHolder::Pool(), c, company.value("pool_shares", 0));
    }
  }
  return shares;
}

}  // namespace

std::string StateToJson(const GameState& state) {
  nlohmann::json j = state;
  WriteShares(state.shares, j);
  return j.dump();
}

Result<GameState> StateFromJson(const std::string& json) {
  try {
    const nlohmann::json j = nlohmann::json::parse(json);
    GameState state = j.get<GameState>();
    state.shares = ReadShares(j, static_cast<int>(state.players.size()));
    return state;
  } catch (const nlohmann::json::exception& e) {
    return DataFault(std::string("the snapshot is not a valid game state: ") + e.what());
  }
}

}  // namespace mailrun::engine::t1853

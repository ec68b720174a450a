#include "engine/titles/t1853/rules/view.h"

#include <fmt/format.h>

#include "engine/core/routes/run_hexes.h"
#include "engine/titles/t1853/game.h"
#include "engine/titles/t1853/rules/end_game.h"
#include "engine/titles/t1853/rules/railway_round.h"
#include "engine/titles/t1853/rules/trains.h"

namespace mailrun::engine::t1853 {
namespace {

// A station node's place for people, as the route optimiser names it: the city, else "town at Iaa".
std::string StationName(const Context& ctx, const std::string& hex_name) {
  const auto coord = ParseHexName(hex_name);
  const HexDef* hex = coord ? ctx.data.Hex(*coord) : nullptr;
  if (hex != nullptr && hex->city) return ctx.data.cities[static_cast<size_t>(*hex->city)].name;
  return "town at " + hex_name;
}

// 4.5: a run of the company's last turn as a path of named stations and hexes.
void AddRun(const Context& ctx, const RunTrace& trace, mailrun::v1::PlannedRun* out) {
  out->set_train_id(trace.train_id);
  for (const std::string& node : trace.nodes) {
    out->add_nodes(node);
    const size_t dot = node.find(".s");
    if (dot != std::string::npos && node.find('/') == std::string::npos) out->add_stations(StationName(ctx, node.substr(0, dot)));
  }
  out->set_revenue(trace.revenue);
  for (const std::string& hex : routes::RunHexes(trace.nodes)) out->add_hexes(hex);
}

mailrun::v1::RoundInfo Round(const Context& ctx) {
  const GameState& s = ctx.state;
  mailrun::v1::RoundInfo round;
  switch (s.stage) {
    case Stage::kBondCommit:
      round.set_kind(mailrun::v1::ROUND_CONTRACT_BIDS);
      round.set_step("bond");
      round.set_description("Contract bids: write down your bond");
      break;
    case Stage::kCityClaims:
      round.set_kind(mailrun::v1::ROUND_CONTRACT_BIDS);
      round.set_step("claim cities");
      round.set_description(fmt::format("Contract bids: {} claims a city", ctx.Name(s.dealing.current)));
      break;
    case Stage::kDealing:
      round.set_kind(mailrun::v1::ROUND_DEALING);
      round.set_number(s.dealing.number);
      round.set_step("deal");
      round.set_description(fmt::format("Dealing Round {}: {} deals", s.dealing.number, ctx.Name(s.dealing.current)));
      break;
    case Stage::kElephantSale:
      round.set_kind(mailrun::v1::ROUND_DEALING);
      round.set_number(s.dealing.number);
      round.set_step("elephant");
      round.set_description(fmt::format("End of Dealing Round {}: {} may sell the Elephant", s.dealing.number,
                                        ctx.Name(s.elephant)));
      break;
    case Stage::kRailway:
    case Stage::kExtraRound:
      round.set_kind(mailrun::v1::ROUND_RAILWAY);
      round.set_number(s.railway.number);
      round.set_railway_in_set(s.railway.in_set);
      round.set_railway_set_size(s.railway.set_size);
      if (s.stage == Stage::kExtraRound) {
        round.set_step("extra round");
        round.set_description(fmt::format("End of Railway Round {}: {} may call an extra round", s.railway.number,
                                          ctx.Name(s.elephant)));
      } else if (const int excess = CompanyWithExcessTrains(ctx); excess >= 0) {
        round.set_operating_company(ctx.Initials(s.railway.company));
        round.set_acting_company(ctx.Initials(excess));
        round.set_step("return an excess train");
        round.set_description(fmt::format("Railway Round {}: the {} returns an excess train (4.8.6)", s.railway.number,
                                          ctx.Initials(excess)));
      } else {
        round.set_operating_company(ctx.Initials(s.railway.company));
        round.set_acting_company(ctx.Initials(s.railway.company));
        round.set_step(StepName(s.railway.step));
        round.set_description(fmt::format("Railway Round {}: the {} ({})", s.railway.number,
                                          ctx.Initials(s.railway.company), StepName(s.railway.step)));
      }
      break;
    case Stage::kFinished:
      round.set_kind(mailrun::v1::ROUND_FINISHED);
      round.set_description("The game is over: " + s.end_reason);
      break;
  }
  // 3.1.11 / 4.8.9: while an offer waits, the round waits for the answer of the seat offered to
  // (the description is what its turn notification says).
  if (s.offer && s.stage != Stage::kFinished) {
    const PendingOffer& o = *s.offer;
    const std::string what = o.kind == PendingOffer::Kind::kElephant
                                 ? std::string("of the Elephant")
                                 : fmt::format("to buy train {} from the {}", o.train_id, ctx.Initials(o.selling_company));
    round.set_description(fmt::format("{}; an answer is awaited: {} is to accept or decline {}'s offer {} for {} ({})",
                                      round.description(), ctx.Name(o.to_seat), ctx.Name(o.from_seat), what,
                                      Money(o.price), o.kind == PendingOffer::Kind::kElephant ? "3.1.11" : "4.8.9"));
  }
  return round;
}

mailrun::v1::CompanyStatus StatusOf(CompanyStatus status) {
  switch (status) {
    case CompanyStatus::kSetAside: return mailrun::v1::COMPANY_SET_ASIDE;
    case CompanyStatus::kOnSale: return mailrun::v1::COMPANY_ON_SALE;
    case CompanyStatus::kFormed: return mailrun::v1::COMPANY_FORMED;
  }
  return mailrun::v1::COMPANY_STATUS_UNSPECIFIED;
}

}  // namespace

mailrun::v1::GameView BuildTurnView(const Context& ctx, const std::vector<int>& active_seats) {
  const GameState& s = ctx.state;
  mailrun::v1::GameView view;
  view.set_phase(ctx.data.PhaseShown(s.phase));  // as the edition numbers it (2009: 4.10.2)
  *view.mutable_round() = Round(ctx);
  for (int seat : active_seats) view.add_active_seats(seat);
  if (s.offer) {
    auto* o = view.mutable_pending_offer();
    o->set_kind(s.offer->kind == PendingOffer::Kind::kElephant ? "elephant" : "train");
    o->set_from_seat(s.offer->from_seat);
    o->set_to_seat(s.offer->to_seat);
    o->set_price(s.offer->price);
    o->set_train_id(s.offer->train_id);
    if (s.offer->buying_company >= 0) o->set_buying_company(ctx.Initials(s.offer->buying_company));
    if (s.offer->selling_company >= 0) o->set_selling_company(ctx.Initials(s.offer->selling_company));
  }
  view.set_end_reason(s.end_reason);
  return view;
}

mailrun::v1::GameView BuildView(const Context& ctx, int viewer, const std::vector<int>& active_seats) {
  const GameState& s = ctx.state;
  mailrun::v1::GameView view = BuildTurnView(ctx, active_seats);
  view.set_edition(ctx.config.edition());
  *view.mutable_options() = ctx.config.options();
  view.set_bank_cash(s.bank);
  // 2.5.2.2 - 2.5.2.3: bond amounts are secret until every bond is written down; 2.5.1.2: the
  // claimed shares are public, the cities the player's own until the bond is returned (4.3.2).
  const bool bonds_revealed = s.stage != Stage::kBondCommit;
  for (int seat = 0; seat < s.players_count; ++seat) {
    const PlayerState& p = s.players[seat];
    const bool own = viewer == seat || viewer == kOmniscient;
    auto* pv = view.add_players();
    pv->set_seat(seat);
    pv->set_display_name(p.name);
    // A committed bond's amount is still in the player's cash until all are revealed (2.5.2.3).
    pv->set_cash(p.cash);
    pv->set_seating_position(p.seating);
    pv->set_elephant(s.elephant == seat);
    pv->set_certificates(ctx.CountedCertificates(seat));
    pv->set_certificate_limit(ctx.Limits().certificate_limit);  // 3.1.2, TABLE 3
    pv->set_wealth(PlayerWealth(ctx, seat));
    for (int c = 0; c < kCompanies; ++c) {
      const int held = s.shares.HeldBy(seat, c);
      if (held == 0) continue;
      auto* h = pv->add_holdings();
      h->set_company(ctx.Initials(c));
      h->set_shares(held);
      h->set_unredeemed(p.unredeemed[c]);
      h->set_director(s.companies[c].director == seat);
    }
    auto* bond = pv->mutable_bond();
    bond->set_committed(p.bond.committed);
    if (own || bonds_revealed) bond->set_amount(p.bond.amount);
    for (const BidClaim& claim : p.bond.claims) bond->add_claimed_companies(ctx.Initials(claim.company));
    if (own || p.bond.returned) {
      for (const BidClaim& claim : p.bond.claims) bond->add_cities(ctx.data.cities[claim.city].name);
    }
    bond->set_returned(p.bond.returned);
    bond->set_passed(p.bond.passed);
    bond->set_min_cities(ctx.Limits().min_bid_cities);  // 2.5.2.6
    bond->set_max_cities(ctx.Limits().max_bid_cities);
  }
  for (int c = 0; c < kCompanies; ++c) {
    const CompanyState& cs = s.companies[c];
    const CompanyDef& def = ctx.Def(c);
    auto* cv = view.add_companies();
    cv->set_initials(def.initials);
    cv->set_number(def.number);
    cv->set_name(def.name);
    cv->set_status(StatusOf(cs.status));
    cv->set_major(cs.major);
    cv->set_director_seat(cs.director);
    cv->set_manager_seat(cs.manager);
    cv->set_treasury(cs.treasury);
    cv->set_share_price(ctx.SharePrice(c));
    cv->set_par(def.par);
    cv->set_shares_in_bank(s.shares.InBank(c));
    cv->set_shares_in_pool(s.shares.InPool(c));
    for (const TrainCard& t : cs.trains) {
      auto* tv = cv->add_trains();
      tv->set_id(t.id);
      tv->set_name(t.name);
      tv->set_on_credit(t.on_credit);
    }
    cv->set_tokens_left(cs.tokens_left);
    for (const Base& base : cs.bases) {
      auto* bv = cv->add_bases();
      bv->set_hex(HexName(base.hex));
      bv->set_station(base.station);
    }
    cv->set_double_lay(cs.double_lay == DoubleLay::kFromPhase2   ? mailrun::v1::DOUBLE_LAY_FROM_PHASE_2
                       : cs.double_lay == DoubleLay::kPayPerUse ? mailrun::v1::DOUBLE_LAY_PAY_PER_USE
                                                                : mailrun::v1::DOUBLE_LAY_OPTION_UNSPECIFIED);
    cv->set_special_token(cs.special_token);
    for (const RunTrace& trace : cs.last_runs) AddRun(ctx, trace, cv->add_last_runs());
    if (s.shares.InPool(c) > 0) view.add_pool(fmt::format("{} {}", s.shares.InPool(c), def.initials));
  }
  for (const auto& [hex, placed] : s.board.tiles) {
    auto* t = view.add_tiles();
    t->set_hex(HexName(hex));
    t->set_tile(placed.tile);
    t->set_rotation(placed.rotation);
  }
  for (const auto& [id, count] : s.board.supply) (*view.mutable_tiles_remaining())[id] = count;
  for (const HexCoord& hex : s.board.frontier_paid) view.add_frontier_posts_paid(HexName(hex));  // 4.1.15
  for (const TrainDef& def : ctx.data.trains) {
    auto* tv = view.add_trains();
    tv->set_name(def.name);
    tv->set_price(def.price);
    tv->set_remaining(TrainsInBank(ctx, def));
    tv->set_on_sale(TrainOnSale(ctx, def));
  }
  return view;
}

}  // namespace mailrun::engine::t1853

// 1947 actions and views as protobuf messages (see proto.h).
#include "engine/titles/t1947/proto.h"

#include <algorithm>

#include "engine/core/structured_text.h"
#include "engine/titles/t1947/edition/board_grid.h"
#include "engine/titles/t1947/rules/revenue_rules.h"
#include "engine/titles/t1947/rules/suggested_runs.h"

namespace mailrun::engine::t1947 {

namespace v1 = mailrun::v1;

Result<Action1947> FromProto(const T1947Game& game, const v1::Action& p) {
  Action1947 a;
  a.player = p.seat();
  switch (p.kind_case()) {
    case v1::Action::kBidPrivate1947: a.kind = ActionKind::kBid; a.amount = p.bid_private_1947().amount(); break;
    case v1::Action::kPassPrivate1947: a.kind = ActionKind::kPassBid; break;
    case v1::Action::kSetBnrPar1947: a.kind = ActionKind::kSetBnrPar; a.amount = p.set_bnr_par_1947().par(); break;
    case v1::Action::kUseInsiderTrading1947: a.kind = ActionKind::kUseInsiderTrading; break;
    case v1::Action::kBuyPresidentCertificate1947:
      a.kind = ActionKind::kBuyPresident;
      a.railway = p.buy_president_certificate_1947().company();
      a.amount = p.buy_president_certificate_1947().par();
      break;
    case v1::Action::kBuyShare1947:
      a.kind = ActionKind::kBuyShare;
      a.railway = p.buy_share_1947().company();
      a.from_pool = p.buy_share_1947().from_pool();
      a.savings = p.buy_share_1947().savings();
      break;
    case v1::Action::kSellShares1947:
      a.kind = ActionKind::kSell;
      a.railway = p.sell_shares_1947().company();
      a.amount = p.sell_shares_1947().count();
      break;
    case v1::Action::kIssueBonds1947: a.kind = ActionKind::kIssueBonds; a.railway = p.issue_bonds_1947().company(); break;
    case v1::Action::kSubscribeBonds1947: a.kind = ActionKind::kSubscribeBonds; a.amount = p.subscribe_bonds_1947().count(); break;
    case v1::Action::kBuyBond1947:
      a.kind = ActionKind::kBuyBond;
      a.railway = p.buy_bond_1947().company();
      a.from_pool = p.buy_bond_1947().from_pool();
      break;
    case v1::Action::kSellBonds1947:
      a.kind = ActionKind::kSellBonds;
      a.railway = p.sell_bonds_1947().company();
      a.amount = p.sell_bonds_1947().count();
      break;
    case v1::Action::kPriceProtect1947: a.kind = ActionKind::kProtectPrice; a.yes = p.price_protect_1947().protect(); break;
    case v1::Action::kConvertShares1947:
      a.kind = ActionKind::kConvert;
      a.railway = p.convert_shares_1947().company();
      a.savings = p.convert_shares_1947().to_savings();
      break;
    case v1::Action::kConsentConversion1947: a.kind = ActionKind::kConsentConversion; a.yes = p.consent_conversion_1947().consent(); break;
    case v1::Action::kEndTurn1947: a.kind = ActionKind::kDone; break;
    case v1::Action::kPassTurn1947: a.kind = ActionKind::kPass; break;
    case v1::Action::kLayTrack1947:
      a.kind = ActionKind::kLayTrack;
      a.hex = p.lay_track_1947().hex();
      a.tile = p.lay_track_1947().tile();
      a.rotation = p.lay_track_1947().rotation();
      break;
    case v1::Action::kPlaceStation1947: a.kind = ActionKind::kPlaceStation; a.hex = p.place_station_1947().hex(); break;
    case v1::Action::kUseWorkers1947: {
      a.kind = ActionKind::kUseWorkers;
      switch (p.use_workers_1947().use()) {
        case v1::WORKER_USE_1947_SECOND_TILE_ACTION: a.worker_use = WorkerUse::kSecondTileAction; break;
        case v1::WORKER_USE_1947_SECOND_STATION: a.worker_use = WorkerUse::kSecondStation; break;
        case v1::WORKER_USE_1947_STOCKBROKERS:
          a.worker_use = WorkerUse::kStockbrokers;
          a.amount = p.use_workers_1947().stockbrokers();
          break;
        default: return Malformed("1947.refusal.proto.worker_use", "say what the workers are used for (6.11)");
      }
      break;
    }
    case v1::Action::kRunTrains1947:
      a.kind = ActionKind::kRunTrains;
      a.yes = p.run_trains_1947().pay_out();
      for (const auto& run : p.run_trains_1947().runs()) a.routes.emplace_back(run.stops().begin(), run.stops().end());
      break;
    case v1::Action::kBuyTrain1947:
      a.kind = ActionKind::kBuyTrain;
      a.train = p.buy_train_1947().train();
      a.source = p.buy_train_1947().source();
      a.amount = p.buy_train_1947().price();
      break;
    case v1::Action::kAnswerTrainSale1947: a.kind = ActionKind::kAnswerTrainSale; a.yes = p.answer_train_sale_1947().accept(); break;
    case v1::Action::kDiscardTrain1947:
      a.kind = ActionKind::kDiscardTrain;
      a.railway = p.discard_train_1947().company();
      a.train = p.discard_train_1947().train();
      break;
    case v1::Action::kDeclareBankruptcy1947: a.kind = ActionKind::kDeclareBankruptcy; break;
    case v1::Action::kChooseTempleBonus1947:
      a.kind = ActionKind::kChooseTempleBonus;
      a.amount = p.choose_temple_bonus_1947().site();
      a.yes = p.choose_temple_bonus_1947().take();
      break;
    case v1::Action::kBuyPrivate1947:
      a.kind = ActionKind::kBuyPrivate;
      a.private_number = p.buy_private_1947().private_number();
      a.amount = p.buy_private_1947().price();
      break;
    case v1::Action::kAnswerPrivatePurchase1947: a.kind = ActionKind::kAnswerPrivatePurchase; a.yes = p.answer_private_purchase_1947().accept(); break;
    case v1::Action::kUsePrivatePower1947: {
      const auto& m = p.use_private_power_1947();
      a.kind = ActionKind::kUsePrivatePower;
      switch (m.power()) {
        case v1::PRIVATE_POWER_1947_P8_BUY_TRAIN:
          a.power = PrivatePower::kP8BuyTrain;
          a.train = m.train();
          a.source = m.source();
          a.amount = m.price();
          break;
        case v1::PRIVATE_POWER_1947_P8_EXPATRIATION_SITE: a.power = PrivatePower::kP8ExpatriationSite; a.amount = m.site(); break;
        case v1::PRIVATE_POWER_1947_P6_FREE_STATION: a.power = PrivatePower::kP6FreeStation; a.hex = m.hex(); break;
        case v1::PRIVATE_POWER_1947_P6_MOVE_STATION:
          a.power = PrivatePower::kP6MoveStation;
          a.hex = m.hex();
          a.from_hex = m.from_hex();
          break;
        case v1::PRIVATE_POWER_1947_P6_BEYOND_SPACES: a.power = PrivatePower::kP6BeyondSpaces; a.hex = m.hex(); break;
        default: return Malformed("1947.refusal.proto.private_power", "say which benefit of the P6 or P8 is used (3.1)");
      }
      break;
    }
    case v1::Action::kAdvanceToken1947: {  // 6.10, 6.12
      const auto& m = p.advance_token_1947();
      a.kind = ActionKind::kAdvanceToken;
      switch (m.direction()) {
        case v1::TOKEN_ADVANCE_1947_UP: a.advance = TokenAdvance::kUp; break;
        case v1::TOKEN_ADVANCE_1947_RIGHT: a.advance = TokenAdvance::kRight; break;
        case v1::TOKEN_ADVANCE_1947_DECLINE: a.advance = TokenAdvance::kDecline; break;
        default: return Malformed("1947.refusal.proto.token_advance", "say whether the token moves up, right or no further (6.10)");
      }
      a.amount = m.stockbrokers();
      a.opportunity_boxes.assign(m.opportunity_boxes().begin(), m.opportunity_boxes().end());
      break;
    }
    case v1::Action::KIND_NOT_SET: return Malformed("1947.refusal.proto.action_no_kind", "the action has no kind");
    default: return Malformed("1947.refusal.proto.not_action_1947", "not an action of 1947");
  }
  if (a.player < 0 || a.player >= game.player_count()) return Malformed("1947.refusal.proto.no_seat", "no seat " + std::to_string(a.player)).With({param::Count("seat", a.player)});
  if (!a.railway.empty() && game.data().RailwayIndex(a.railway) < 0) return Malformed("1947.refusal.proto.no_1947_railway_company", "no 1947 railway company " + a.railway).With({param::Text("company", a.railway)});
  return a;
}

v1::Action ToProto(const Action1947& a) {
  v1::Action p;
  p.set_seat(a.player);
  switch (a.kind) {
    case ActionKind::kBid: p.mutable_bid_private_1947()->set_amount(a.amount); break;
    case ActionKind::kPassBid: p.mutable_pass_private_1947(); break;
    case ActionKind::kSetBnrPar: p.mutable_set_bnr_par_1947()->set_par(a.amount); break;
    case ActionKind::kUseInsiderTrading: p.mutable_use_insider_trading_1947(); break;
    case ActionKind::kBuyPresident:
      p.mutable_buy_president_certificate_1947()->set_company(a.railway);
      p.mutable_buy_president_certificate_1947()->set_par(a.amount);
      break;
    case ActionKind::kBuyShare: {
      auto* m = p.mutable_buy_share_1947();
      m->set_company(a.railway);
      m->set_from_pool(a.from_pool);
      m->set_savings(a.savings);
      break;
    }
    case ActionKind::kSell: p.mutable_sell_shares_1947()->set_company(a.railway); p.mutable_sell_shares_1947()->set_count(a.amount); break;
    case ActionKind::kIssueBonds: p.mutable_issue_bonds_1947()->set_company(a.railway); break;
    case ActionKind::kSubscribeBonds: p.mutable_subscribe_bonds_1947()->set_count(a.amount); break;
    case ActionKind::kBuyBond: p.mutable_buy_bond_1947()->set_company(a.railway); p.mutable_buy_bond_1947()->set_from_pool(a.from_pool); break;
    case ActionKind::kSellBonds: p.mutable_sell_bonds_1947()->set_company(a.railway); p.mutable_sell_bonds_1947()->set_count(a.amount); break;
    case ActionKind::kProtectPrice: p.mutable_price_protect_1947()->set_protect(a.yes); break;
    case ActionKind::kConvert: p.mutable_convert_shares_1947()->set_company(a.railway); p.mutable_convert_shares_1947()->set_to_savings(a.savings); break;
    case ActionKind::kConsentConversion: p.mutable_consent_conversion_1947()->set_consent(a.yes); break;
    case ActionKind::kDone: p.mutable_end_turn_1947(); break;
    case ActionKind::kPass: p.mutable_pass_turn_1947(); break;
    case ActionKind::kLayTrack: {
      auto* m = p.mutable_lay_track_1947();
      m->set_hex(a.hex);
      m->set_tile(a.tile);
      m->set_rotation(a.rotation);
      break;
    }
    case ActionKind::kPlaceStation: p.mutable_place_station_1947()->set_hex(a.hex); break;
    case ActionKind::kUseWorkers: {
      auto* m = p.mutable_use_workers_1947();
      switch (a.worker_use) {
        case WorkerUse::kSecondTileAction: m->set_use(v1::WORKER_USE_1947_SECOND_TILE_ACTION); break;
        case WorkerUse::kSecondStation: m->set_use(v1::WORKER_USE_1947_SECOND_STATION); break;
        case WorkerUse::kStockbrokers:
          m->set_use(v1::WORKER_USE_1947_STOCKBROKERS);
          m->set_stockbrokers(a.amount);
          break;
      }
      break;
    }
    case ActionKind::kRunTrains: {
      auto* m = p.mutable_run_trains_1947();
      m->set_pay_out(a.yes);
      for (const auto& route : a.routes) {
        auto* run = m->add_runs();
        for (const std::string& stop : route) run->add_stops(stop);
      }
      break;
    }
    case ActionKind::kBuyTrain: {
      auto* m = p.mutable_buy_train_1947();
      m->set_train(a.train);
      m->set_source(a.source);
      m->set_price(a.amount);
      break;
    }
    case ActionKind::kAnswerTrainSale: p.mutable_answer_train_sale_1947()->set_accept(a.yes); break;
    case ActionKind::kDiscardTrain: p.mutable_discard_train_1947()->set_company(a.railway); p.mutable_discard_train_1947()->set_train(a.train); break;
    case ActionKind::kDeclareBankruptcy: p.mutable_declare_bankruptcy_1947(); break;
    case ActionKind::kChooseTempleBonus:
      p.mutable_choose_temple_bonus_1947()->set_site(a.amount);
      p.mutable_choose_temple_bonus_1947()->set_take(a.yes);
      break;
    case ActionKind::kBuyPrivate:
      p.mutable_buy_private_1947()->set_private_number(a.private_number);
      p.mutable_buy_private_1947()->set_price(a.amount);
      break;
    case ActionKind::kAnswerPrivatePurchase: p.mutable_answer_private_purchase_1947()->set_accept(a.yes); break;
    case ActionKind::kUsePrivatePower: {
      auto* m = p.mutable_use_private_power_1947();
      switch (a.power) {
        case PrivatePower::kP8BuyTrain:
          m->set_power(v1::PRIVATE_POWER_1947_P8_BUY_TRAIN);
          m->set_train(a.train);
          m->set_source(a.source);
          m->set_price(a.amount);
          break;
        case PrivatePower::kP8ExpatriationSite:
          m->set_power(v1::PRIVATE_POWER_1947_P8_EXPATRIATION_SITE);
          m->set_site(a.amount);
          break;
        case PrivatePower::kP6FreeStation:
          m->set_power(v1::PRIVATE_POWER_1947_P6_FREE_STATION);
          m->set_hex(a.hex);
          break;
        case PrivatePower::kP6MoveStation:
          m->set_power(v1::PRIVATE_POWER_1947_P6_MOVE_STATION);
          m->set_hex(a.hex);
          m->set_from_hex(a.from_hex);
          break;
        case PrivatePower::kP6BeyondSpaces:
          m->set_power(v1::PRIVATE_POWER_1947_P6_BEYOND_SPACES);
          m->set_hex(a.hex);
          break;
      }
      break;
    }
    case ActionKind::kAdvanceToken: {  // 6.10, 6.12
      auto* m = p.mutable_advance_token_1947();
      m->set_direction(a.advance == TokenAdvance::kUp      ? v1::TOKEN_ADVANCE_1947_UP
                       : a.advance == TokenAdvance::kRight ? v1::TOKEN_ADVANCE_1947_RIGHT
                                                           : v1::TOKEN_ADVANCE_1947_DECLINE);
      m->set_stockbrokers(a.amount);
      for (int box : a.opportunity_boxes) m->add_opportunity_boxes(box);
      break;
    }
  }
  return p;
}

// 1.3, 7.0: a player's cash, shares and bonds at the market value; nothing of the companies'.
int64_t Wealth(const T1947Game& g, int player) {
  const Player1947& p = g.player(player);
  int64_t wealth = p.cash;
  for (size_t r = 0; r < g.data().railways.size(); ++r) {
    const int value = g.MarketValue(g.data().railways[r].initials);
    wealth += static_cast<int64_t>(g.shares().HeldBy(player, r) + p.savings[r]) * value;  // 7.0, 5.6.1
    wealth += static_cast<int64_t>(p.bonds[r] + p.new_bonds[r]) * (value / 2);  // 5.4.2: half, as a sale pays (5.4.6)
  }
  return wealth;
}

const char* OrStepName(OrStep step) {
  switch (step) {
    case OrStep::kLayTrack: return "lay track";        // 6.4
    case OrStep::kPlaceStation: return "place a station";  // 6.7
    case OrStep::kUseWorkers: return "use workers";    // 6.11
    case OrStep::kRunTrains: return "run trains";      // 6.14
    case OrStep::kBuyTrains: return "buy trains";      // 6.15
  }
  return "";
}

namespace {

const char* SeasonName(int season) {  // 6.13.1, in the order of Season
  static constexpr const char* kNames[] = {"dry", "monsoon", "intermediate", "fertile"};
  return season >= 0 && season < 4 ? kNames[season] : "";
}

// The bank pool's trains, the expatriation sites and, in an operating round, where it stands.
void AddOperatingView(const T1947Game& g, v1::Game1947View& v) {
  const T1947Data& data = g.data();
  for (const std::string& train : g.pool_trains()) v.add_pool_trains(train);
  for (size_t site = 0; site < data.sites.size(); ++site) {
    auto* sv = v.add_sites();
    sv->set_index(static_cast<int>(site));
    sv->set_name(data.sites[site].name);
    sv->set_hex(data.sites[site].hex);
    sv->set_workers_left(g.board().site_workers[site]);
  }
  v.set_train_limit(g.TrainLimit());
  if (g.round() != Round::kOperatingRound) return;
  auto* o = v.mutable_operating();
  o->set_number_in_set(g.operating_round());
  o->set_rounds_in_set(g.operating_rounds_in_set());
  if (g.operating_railway() >= 0) {
    o->set_railway(data.railways[static_cast<size_t>(g.operating_railway())].initials);
    o->set_step(OrStepName(g.step()));
  }
  o->set_season(SeasonName(g.season()));
  for (int r : g.OperatingOrder()) {
    if (!g.railway(data.railways[static_cast<size_t>(r)].initials).operated) o->add_operating_order(data.railways[static_cast<size_t>(r)].initials);
  }
  for (int r : g.excess()) o->add_excess_railways(data.railways[static_cast<size_t>(r)].initials);
  if (const auto& sale = g.pending_train_sale()) {
    auto* m = o->mutable_train_sale();
    m->set_buyer(data.railways[static_cast<size_t>(sale->buyer)].initials);
    m->set_seller(data.railways[static_cast<size_t>(sale->seller)].initials);
    m->set_train(sale->train);
    m->set_price(sale->price);
    m->set_p8(sale->p8);
  }
  if (const auto& offer = g.pending_private_purchase()) {  // 3.3
    auto* m = o->mutable_private_purchase();
    m->set_buyer(data.railways[static_cast<size_t>(offer->buyer)].initials);
    m->set_private_number(offer->private_number);
    m->set_price(offer->price);
    m->set_owner_seat(g.private_owner(offer->private_number));
  }
  o->set_temple_choice(g.temple_choice().has_value());
  if (const auto& advance = g.site_advance()) {  // 6.10, 6.12
    Result<const RevenueRules*> rules = RevenueRules1947();
    auto* m = o->mutable_site_advance();
    m->set_railway(data.railways[static_cast<size_t>(advance->railway)].initials);
    m->set_advances(advance->advances);
    for (int box : advance->opportunities) {
      m->add_opportunity_boxes(box);
      if (rules.ok()) m->add_opportunity_values((*rules)->expatriation_track[static_cast<size_t>(box - 1)].opportunity);
    }
    m->set_up_cost(std::max(0, g.AdvanceCost(advance->railway, TokenAdvance::kUp)));
    m->set_right_cost(std::max(0, g.AdvanceCost(advance->railway, TokenAdvance::kRight)));
    m->set_stockbrokers_usable(g.StockbrokersPayAdvances(advance->railway));
    if (rules.ok()) m->set_stockbroker_value((*rules)->stockbroker_value);
  }
  o->set_ends_after_round(g.ends_after_round());
}

}  // namespace

void AddBoardAndTrains(const T1947Game& g, v1::GameView& view) {
  const T1947Data& data = g.data();
  for (const auto& [hex, placed] : g.board().board.tiles) {
    auto* t = view.add_tiles();
    t->set_hex(HexName1947(hex));
    t->set_tile(placed.tile);
    t->set_rotation(placed.rotation);
  }
  for (const auto& [tile, left] : g.board().board.supply) (*view.mutable_tiles_remaining())[tile] = left;
  const TrainDef* available = g.AvailableTrain();
  for (size_t t = 0; t < data.trains.size(); ++t) {  // 6.15.1: cheapest first
    auto* tv = view.add_trains();
    tv->set_name(data.trains[t].name);
    tv->set_price(data.trains[t].price);
    tv->set_remaining(g.bank_trains()[t]);
    tv->set_on_sale(available != nullptr && available->name == data.trains[t].name);
  }
}

v1::Game1947View BuildView(const T1947Game& g) {
  const T1947Data& data = g.data();
  v1::Game1947View v;
  switch (g.round()) {
    case Round::kAuction: v.set_round("private auction"); break;
    case Round::kBnrPar: v.set_round("BNR par"); break;
    case Round::kStockRound: v.set_round("stock round"); break;
    case Round::kOperatingRound: v.set_round("operating round"); break;
  }
  v.set_stock_round(g.stock_round());
  v.set_map_reconstructed(data.map_reconstructed);
  v.set_map_note(data.map_summary);
  int limit = data.player_counts.at(g.player_count()).certificate_limit;
  for (int seat = 0; seat < g.player_count(); ++seat) {
    const Player1947& p = g.player(seat);
    auto* pv = v.add_players();
    pv->set_seat(seat);
    pv->set_name(p.name);
    pv->set_cash(p.cash);
    pv->set_player_order_card(static_cast<int>(std::find(g.order().begin(), g.order().end(), seat) - g.order().begin()) + 1);
    for (int number : p.privates) pv->add_privates(number);
    for (size_t r = 0; r < data.railways.size(); ++r) {
      const int ordinary = g.shares().HeldBy(seat, r);
      if (ordinary + p.savings[r] + p.bonds[r] + p.new_bonds[r] == 0) continue;
      auto* h = pv->add_holdings();
      h->set_company(data.railways[r].initials);
      h->set_ordinary_percent(ordinary * 10);
      h->set_savings_percent(p.savings[r] * 10);
      h->set_president(p.president[r]);
      h->set_bonds(p.bonds[r]);
      h->set_new_bonds(p.new_bonds[r]);
      h->set_protected_percent(p.protected_units[r] * 10);
    }
    pv->set_certificates(g.Certificates(seat));
    pv->set_certificate_limit(limit);
    pv->set_wealth_points(g.WealthPoints(seat));
    pv->set_workers(p.workers);
    pv->set_new_workers(p.new_workers);
  }
  for (size_t ri = 0; ri < data.railways.size(); ++ri) {
    const RailwayDef& def = data.railways[ri];
    const Railway1947& r = g.railway(def.initials);
    auto* rv = v.add_railways();
    rv->set_initials(def.initials);
    rv->set_name(def.name);
    rv->set_home(def.home);
    rv->set_temple(def.temple);
    rv->set_par(r.par);
    rv->set_market_row(r.president_sold ? r.token.row : -1);
    rv->set_market_column(r.president_sold ? r.token.column : -1);
    rv->set_market_value(g.MarketValue(def.initials));
    rv->set_initial_offer_percent(g.shares().InBank(ri) * 10);
    rv->set_bank_pool_percent(g.shares().InPool(ri) * 10);
    rv->set_treasury(r.treasury);
    rv->set_operational(r.operational);
    int president = -1;
    for (int seat = 0; seat < g.player_count(); ++seat) {
      if (g.player(seat).president[data.RailwayIndex(def.initials)]) president = seat;
    }
    rv->set_president_seat(president);
    rv->set_bonds_unissued(r.bonds_unissued);
    rv->set_bonds_initial_offer(r.bonds_io);
    rv->set_bonds_bank_pool(r.bonds_pool);
    rv->set_bonds_removed(r.bonds_removed);
    const int index = data.RailwayIndex(def.initials);
    for (const std::string& train : r.trains) rv->add_trains(train);
    for (const Base& station : g.board().stations[static_cast<size_t>(index)]) {
      auto* sv = rv->add_stations();
      sv->set_hex(HexName1947(station.hex));
      sv->set_station(station.station);
    }
    rv->set_temple_reached(g.board().temple_connected[static_cast<size_t>(index)]);
    rv->set_stockbrokers(r.stockbrokers);
    rv->set_operated(r.operated);
    const std::vector<bool>& reached = g.board().sites_reached[static_cast<size_t>(index)];
    for (size_t site = 0; site < reached.size(); ++site) {
      if (reached[site]) rv->add_sites_reached(static_cast<int>(site));
    }
    for (const LastRun1947& run : r.last_runs) *rv->add_last_runs() = LastRunView1947(data, run);  // 6.14
    rv->set_last_revenue(r.last_revenue);  // 6.14.2
  }
  for (const PrivateDef& def : data.privates) {
    auto* pv = v.add_privates();
    pv->set_number(def.number);
    pv->set_name(def.name);
    pv->set_revenue(def.revenue);
    pv->set_owner_seat(g.private_owner(def.number));
    pv->set_hammer_price(g.hammer_price(def.number));
    pv->set_removed(g.private_removed(def.number));
    if (g.private_railway(def.number) >= 0) pv->set_owner_railway(data.railways[static_cast<size_t>(g.private_railway(def.number))].initials);
  }
  if (g.round() == Round::kAuction) {
    auto* av = v.mutable_auction();
    av->set_private_number(g.auction_private());
    av->set_high_bid(g.high_bid());
    av->set_high_bidder_seat(g.high_bidder());
  }
  for (int seat : g.order()) v.add_player_order(seat);
  if (const auto& pp = g.pending_protection()) {
    auto* m = v.mutable_pending_protection();
    m->set_company(data.railways[pp->railway].initials);
    m->set_seller_seat(pp->seller);
    m->set_shares(pp->units);
    m->set_bonds_needed(pp->bonds_needed);
  }
  if (const auto& bo = g.pending_bond_offer()) {
    auto* m = v.mutable_pending_bond_offer();
    m->set_company(data.railways[bo->railway].initials);
    m->set_issuer_seat(bo->issuer);
    m->set_bonds_left(bo->left);
    for (int seat : bo->to_ask) m->add_seats_to_answer(seat);
  }
  if (const auto& pc = g.pending_conversion()) {
    v.mutable_pending_conversion()->set_company(data.railways[pc->railway].initials);
    v.mutable_pending_conversion()->set_player_seat(pc->player);
  }
  for (size_t row = 0; row < data.market.rows.size(); ++row) {
    auto* mr = v.add_market();
    for (int value : data.market.rows[row]) mr->add_values(value);
    v.add_red_line(data.market.red_line[row]);
  }
  AddOperatingView(g, v);
  return v;
}

}  // namespace mailrun::engine::t1947

// Applying 1947 actions and listing the legal ones (see actions.h).
#include "engine/titles/t1947/actions.h"

#include <algorithm>
#include <optional>
#include <set>

#include "engine/titles/t1947/edition/board_grid.h"
#include "engine/titles/t1947/rules/operating_run.h"
#include "engine/titles/t1947/rules/sites.h"

namespace mailrun::engine::t1947 {

namespace {

Status ApplyAction(T1947Game& g, const Action1947& a) {
  if (g.finished()) return Illegal("1947.refusal.end.game_over", "7.0", "the game is over: " + g.end_reason()).With({param::Text("reason", g.end_reason())});
  switch (a.kind) {
    case ActionKind::kBid: return g.Bid(a.player, a.amount);
    case ActionKind::kPassBid: return g.PassBid(a.player);
    case ActionKind::kSetBnrPar: return g.SetBnrPar(a.player, a.amount);
    case ActionKind::kUseInsiderTrading: return g.UseInsiderTrading(a.player);
    case ActionKind::kBuyShare: return g.Buy(a.player, a.railway, a.from_pool, 0, a.savings);
    case ActionKind::kBuyPresident: return g.Buy(a.player, a.railway, false, a.amount, false);
    case ActionKind::kSell:  // in an operating round only to make up a forced purchase (6.15.5)
      return g.round() == Round::kOperatingRound ? g.ForcedSale(a.player, a.railway, a.amount, false) : g.Sell(a.player, a.railway, a.amount);
    case ActionKind::kIssueBonds: return g.IssueBonds(a.player, a.railway);
    case ActionKind::kSubscribeBonds: return g.SubscribeBonds(a.player, a.amount);
    case ActionKind::kBuyBond: return g.BuyBond(a.player, a.railway, a.from_pool);
    case ActionKind::kSellBonds:
      return g.round() == Round::kOperatingRound ? g.ForcedSale(a.player, a.railway, a.amount, true) : g.SellBonds(a.player, a.railway, a.amount);
    case ActionKind::kProtectPrice: return g.ProtectPrice(a.player, a.yes);
    case ActionKind::kConvert: return g.Convert(a.player, a.railway, a.savings);
    case ActionKind::kConsentConversion: return g.ConsentConversion(a.player, a.yes);
    case ActionKind::kDone: return g.Done(a.player);
    case ActionKind::kPass: return g.Pass(a.player);
    case ActionKind::kLayTrack:
      return g.OperateStep(a.player, OrStep::kLayTrack, [&a](T1947Game& next, int r) { return next.hooks().lay_track(next, r, a); });
    case ActionKind::kPlaceStation:
      return g.OperateStep(a.player, OrStep::kPlaceStation, [&a](T1947Game& next, int r) { return next.hooks().place_station(next, r, a); });
    case ActionKind::kUseWorkers:
      // 6.11: a worker serves the track step (6.11.3) or the station step (6.11.2) while they last,
      // and stockbrokers (6.11.4) are made until the run: using one does not close those steps.
      return g.OperateStep(a.player, std::min(g.step(), OrStep::kUseWorkers),
                           [&a](T1947Game& next, int r) { return next.hooks().use_workers(next, r, a); });
    case ActionKind::kRunTrains:
      return g.OperateStep(a.player, OrStep::kRunTrains, [&a](T1947Game& next, int r) { return next.hooks().run_trains(next, r, a); });
    case ActionKind::kBuyTrain: return g.BuyTrain(a.player, a.train, a.source, a.amount);
    case ActionKind::kAnswerTrainSale: return g.AnswerTrainSale(a.player, a.yes);
    case ActionKind::kDiscardTrain: return g.DiscardTrain(a.player, a.railway, a.train);
    case ActionKind::kDeclareBankruptcy: return g.DeclareBankruptcy(a.player);
    case ActionKind::kChooseTempleBonus: return g.ChooseTempleBonus(a.player, a.amount, a.yes);
    case ActionKind::kBuyPrivate: return g.BuyPrivate(a.player, a.private_number, a.amount);
    case ActionKind::kAnswerPrivatePurchase: return g.AnswerPrivatePurchase(a.player, a.yes);
    case ActionKind::kUsePrivatePower:
      switch (a.power) {
        case PrivatePower::kP8BuyTrain: return g.UseP8ToBuyTrain(a.player, a.train, a.source, a.amount);
        case PrivatePower::kP8ExpatriationSite: return g.UseP8ForSite(a.player, a.amount);
        case PrivatePower::kP6FreeStation: return g.UseP6(a.player, a.hex, "");
        case PrivatePower::kP6MoveStation:
          if (a.from_hex.empty()) return Malformed("1947.refusal.actions.p6_move_names_station", "name the station the P6 moves");
          return g.UseP6(a.player, a.hex, a.from_hex);
        case PrivatePower::kP6BeyondSpaces: return g.UseP6BeyondSpaces(a.player, a.hex);
      }
      break;
    case ActionKind::kAdvanceToken: return g.AdvanceToken(a.player, a.advance, a.amount, a.opportunity_boxes);
  }
  return Malformed("1947.refusal.actions.unknown_1947_action", "unknown 1947 action");
}

// The president's answer to a pending price protection (5.4.5) does not change the seller's
// holdings: a question about the seller's turn takes it as "no".
void DeclineProtection(T1947Game& g) {
  if (!g.pending_protection()) return;
  Action1947 no;
  no.kind = ActionKind::kProtectPrice;
  no.player = g.ActivePlayer();
  (void)ApplyAction(g, no);
}

// 5.6.2: whether `player`, in their stock round turn, can still end it with the ratio kept: as
// they are, after selling savings shares (one at a time, wherever they may), or, if they have not
// bought this turn, after those sales and one purchase of an ordinary share. Without this check a
// sale could leave a turn that no action can end (docs/rulings.md, 1947 ruling 40).
bool TurnCanEnd(const T1947Game& g, int player) {
  // A pending price protection does not change the seller's holdings (DeclineProtection).
  if (g.round() != Round::kStockRound || g.SavingsRatioKept(player)) return true;
  T1947Game c = g;
  DeclineProtection(c);
  if (c.round() != Round::kStockRound || c.ActivePlayer() != player || c.SavingsRatioKept(player)) return true;
  if (!c.turn().Acted()) return true;  // 5.1: a turn that has done nothing passes, which 5.6.2 does not stop
  const T1947Data& data = c.data();
  for (size_t r = 0; r < data.railways.size(); ++r) {
    while (c.player(player).savings[r] > 0 && !c.SavingsRatioKept(player)) {
      Action1947 sell;
      sell.kind = ActionKind::kSell;
      sell.player = player;
      sell.railway = data.railways[r].initials;
      sell.amount = 1;
      if (!ApplyAction(c, sell).ok()) break;
      DeclineProtection(c);
    }
  }
  if (c.SavingsRatioKept(player)) return true;
  if (c.turn().bought) return false;
  for (const RailwayDef& r : data.railways) {
    for (bool pool : {false, true}) {
      T1947Game bought = c;
      Action1947 buy;
      buy.kind = ActionKind::kBuyShare;
      buy.player = player;
      buy.railway = r.initials;
      buy.from_pool = pool;
      if (ApplyAction(bought, buy).ok() && bought.SavingsRatioKept(player)) return true;
    }
  }
  return false;
}

// The operating railway's president's lays (6.4), stations (6.7) and workers (6.11) now.
void AddTrackAndStations(const T1947Game& game, int player, std::vector<Action1947>& candidates) {
  const int r = game.operating_railway();
  if (r < 0 || game.step() > OrStep::kUseWorkers) return;
  const T1947Data& data = game.data();
  const std::string& initials = data.railways[r].initials;
  if (player != game.President(initials)) return;
  auto action = [&](ActionKind kind) {
    Action1947 a;
    a.kind = kind;
    a.player = player;
    return a;
  };
  Result<LayContext> context = game.LayContextNow();
  if (context.ok() && game.step() == OrStep::kLayTrack) {
    for (const auto& [lay, outcome] : LegalLaysPriced(data, game.board(), *context, game.track_turn())) {
      Action1947 a = action(ActionKind::kLayTrack);
      a.hex = HexName1947(lay.hex);
      a.tile = lay.tile;
      a.rotation = lay.rotation;
      a.listed_cost = outcome.cost;
      candidates.push_back(std::move(a));
    }
  }
  if (game.step() <= OrStep::kPlaceStation) {
    for (const HexCoord& hex : LegalStations(data, game.board(), r, game.railway(initials).treasury, game.station_turn())) {
      Action1947 a = action(ActionKind::kPlaceStation);
      a.hex = HexName1947(hex);
      candidates.push_back(std::move(a));
    }
  }
  for (WorkerUse use : {WorkerUse::kSecondTileAction, WorkerUse::kSecondStation}) {
    Action1947 a = action(ActionKind::kUseWorkers);
    a.worker_use = use;
    candidates.push_back(std::move(a));
  }
  for (int brokers = 1; brokers <= game.player(player).workers / 3; ++brokers) {  // 6.11.4
    Action1947 a = action(ActionKind::kUseWorkers);
    a.worker_use = WorkerUse::kStockbrokers;
    a.amount = brokers;
    candidates.push_back(std::move(a));
  }
}

// 6.14: the operating railway's president's run: the optimiser's best runs, paid out and withheld.
// A railway without trains has no run to list (it ends the step, FinishStep).
void AddRun(const T1947Game& game, int player, std::vector<Action1947>& candidates) {
  const int r = game.operating_railway();
  if (r < 0 || game.step() > OrStep::kRunTrains || game.temple_choice()) return;
  const std::string& initials = game.data().railways[r].initials;
  if (player != game.President(initials) || game.railway(initials).trains.empty()) return;
  Result<std::vector<std::vector<std::string>>> routes = BestRunRoutes(game, r);
  if (!routes.ok()) return;  // no best runs to list: the graph or the trains could not be built
  for (bool pay_out : {true, false}) {
    Action1947 a;
    a.kind = ActionKind::kRunTrains;
    a.player = player;
    a.routes = *routes;
    a.yes = pay_out;
    candidates.push_back(std::move(a));
  }
}

// 3.3, 3.1 P6 and P8: the operating railway's president's purchases of privates (each listed at
// its least price, Rs.1) and the one-off powers of the privates the railway owns; the answer of a
// player whose private is asked for.
void AddPrivates(const T1947Game& game, int player, std::vector<Action1947>& candidates) {
  auto action = [&](ActionKind kind) {
    Action1947 a;
    a.kind = kind;
    a.player = player;
    return a;
  };
  if (game.pending_private_purchase()) {
    for (bool yes : {true, false}) {
      Action1947 a = action(ActionKind::kAnswerPrivatePurchase);
      a.yes = yes;
      candidates.push_back(std::move(a));
    }
    return;
  }
  const int r = game.operating_railway();
  if (r < 0 || player != game.President(game.data().railways[r].initials)) return;
  for (const PrivateDef& def : game.data().privates) {
    if (game.private_owner(def.number) < 0) continue;
    Action1947 a = action(ActionKind::kBuyPrivate);
    a.private_number = def.number;
    a.amount = 1;
    candidates.push_back(std::move(a));
  }
  auto power = [&](PrivatePower kind) {
    Action1947 a = action(ActionKind::kUsePrivatePower);
    a.power = kind;
    return a;
  };
  if (game.RailwayOwns(r, 8)) {
    auto train = [&](const std::string& name, const std::string& source, int price) {
      Action1947 a = power(PrivatePower::kP8BuyTrain);
      a.train = name;
      a.source = source;
      a.amount = price;
      candidates.push_back(std::move(a));
    };
    if (const TrainDef* next = game.AvailableTrain()) train(next->name, "", 0);
    for (const std::string& t : std::set<std::string>(game.pool_trains().begin(), game.pool_trains().end())) train(t, "pool", 0);
    for (const RailwayDef& other : game.data().railways) {
      const std::vector<std::string>& held = game.railway(other.initials).trains;
      for (const std::string& t : std::set<std::string>(held.begin(), held.end())) train(t, other.initials, 1);
    }
    for (int site = 0; site < static_cast<int>(game.data().sites.size()); ++site) {
      Action1947 a = power(PrivatePower::kP8ExpatriationSite);
      a.amount = site;
      candidates.push_back(std::move(a));
    }
  }
  if (game.RailwayOwns(r, 6) && game.step() <= OrStep::kPlaceStation) {
    const std::vector<Base>& own = game.board().stations[r];
    StationTurn fresh;  // a move is no placement (6.7.2): any city the railway could take
    constexpr int kCostWaived = 1000000;  // the P6 places free
    for (const HexCoord& hex : LegalStations(game.data(), game.board(), r, kCostWaived, fresh)) {
      Action1947 a = power(PrivatePower::kP6FreeStation);
      a.hex = HexName1947(hex);
      candidates.push_back(a);
      for (size_t s = 1; s < own.size(); ++s) {
        Action1947 move = power(PrivatePower::kP6MoveStation);
        move.hex = a.hex;
        move.from_hex = HexName1947(own[s].hex);
        candidates.push_back(std::move(move));
      }
    }
  }
}

// What a lay or a station costs now (6.4.2, 6.7); nullopt when it is not legal now.
std::optional<int> CostNow(const T1947Game& g, const Action1947& a) {
  const int r = g.operating_railway();
  const std::optional<HexCoord> hex = ParseHex1947(a.hex);
  if (r < 0 || !hex) return std::nullopt;
  if (a.kind == ActionKind::kLayTrack) {
    Result<LayContext> context = g.LayContextNow();
    if (!context.ok()) return std::nullopt;
    Result<LayOutcome> lay = CheckLay(g.data(), g.board(), *context, g.track_turn(), TileLay{*hex, a.tile, a.rotation});
    return lay.ok() ? std::optional<int>(lay->cost) : std::nullopt;
  }
  const int treasury = g.railway(g.data().railways[r].initials).treasury;
  Result<StationOutcome> station = CheckStation(g.data(), g.board(), r, treasury, g.station_turn(), *hex);
  return station.ok() ? std::optional<int>(station->cost) : std::nullopt;
}

}  // namespace

Status Apply(T1947Game& g, const Action1947& a) {
  // 5.6.2: a sale, a purchase of a savings share, or any move of a turn that began with the ratio
  // broken (a bond bought from the pool uses up the turn's purchase) is refused if the turn could
  // then not end with the ratio kept (TurnCanEnd; rulings 40 and 53). Ending the turn and passing
  // say so themselves.
  const bool ratio_at_stake =
      a.kind == ActionKind::kSell || a.kind == ActionKind::kUseInsiderTrading ||
      (a.kind == ActionKind::kBuyShare && a.savings) ||
      (g.round() == Round::kStockRound && a.kind != ActionKind::kDone && a.kind != ActionKind::kPass &&
       a.player >= 0 && a.player < g.player_count() && !g.SavingsRatioKept(a.player));
  if (ratio_at_stake) {
    T1947Game after = g;
    if (Status s = ApplyAction(after, a); !s.ok()) return s;
    if (!TurnCanEnd(after, a.player)) {
      return Illegal("1947.refusal.actions.ratio_could_not_be_kept", "5.6.2",
                     "after this the turn could not end with at most one savings share for every two ordinary shares");
    }
    g = std::move(after);
  } else if (Status s = ApplyAction(g, a); !s.ok()) {
    return s;
  }
  NoteTokenMovesAfterAction(g);  // 4.2.1: the stacks on the market
  return OkStatus();
}

std::vector<Action1947> LegalActions(const T1947Game& game, int player) {
  std::vector<Action1947> candidates;
  auto add = [&](ActionKind kind, std::string railway = "", int amount = 0, bool pool = false, bool savings = false,
                 bool yes = false, std::string train = "", std::string source = "") {
    Action1947 a;
    a.kind = kind;
    a.player = player;
    a.railway = std::move(railway);
    a.amount = amount;
    a.from_pool = pool;
    a.savings = savings;
    a.yes = yes;
    a.train = std::move(train);
    a.source = std::move(source);
    candidates.push_back(std::move(a));
  };
  const T1947Data& data = game.data();
  switch (game.round()) {
    case Round::kAuction:
      add(ActionKind::kBid, "", game.high_bidder() < 0 ? data.minimum_bid : game.high_bid() + data.bid_increment);
      add(ActionKind::kPassBid);
      break;
    case Round::kBnrPar:
      for (const MarketCell& c : data.market.par.at(data.phases[game.CurrentPhase() - 1].par_band)) {
        add(ActionKind::kSetBnrPar, "", data.market.Value(c));
      }
      break;
    case Round::kStockRound: {
      // Candidates the rules refuse outright are left out before trying (a sale of more than the
      // player holds, a share of a railway whose president's certificate is unsold, ...): trying
      // each on a copy of the game is what the list costs.
      add(ActionKind::kUseInsiderTrading);
      for (bool yes : {true, false}) {
        if (game.pending_protection()) add(ActionKind::kProtectPrice, "", 0, false, false, yes);
        if (game.pending_conversion()) add(ActionKind::kConsentConversion, "", 0, false, false, yes);
      }
      if (game.pending_bond_offer()) {
        for (int n = 0; n <= 10; ++n) add(ActionKind::kSubscribeBonds, "", n);
      }
      const Player1947& p = game.player(player);
      for (size_t ri = 0; ri < data.railways.size(); ++ri) {
        const RailwayDef& r = data.railways[ri];
        const bool opened = game.railway(r.initials).president_sold;
        for (const auto& [band, cells] : data.market.par) {
          if (opened || band != data.phases[game.CurrentPhase() - 1].par_band) continue;
          for (const MarketCell& c : cells) add(ActionKind::kBuyPresident, r.initials, data.market.Value(c));
        }
        for (bool pool : {false, true}) {
          if (opened) {
            for (bool savings : {false, true}) add(ActionKind::kBuyShare, r.initials, 0, pool, savings);
          }
          add(ActionKind::kBuyBond, r.initials, 0, pool);
        }
        const int held = game.shares().HeldBy(player, ri) + p.savings[ri];
        for (int n = 1; n <= held; ++n) add(ActionKind::kSell, r.initials, n);
        for (int n = 1; n <= p.bonds[ri]; ++n) add(ActionKind::kSellBonds, r.initials, n);
        if (p.president[ri]) add(ActionKind::kIssueBonds, r.initials);
        if (held > 0) {
          for (bool savings : {true, false}) add(ActionKind::kConvert, r.initials, 0, false, savings);
        }
      }
      add(ActionKind::kDone);
      add(ActionKind::kPass);
      break;
    }
    case Round::kOperatingRound: {
      AddTrackAndStations(game, player, candidates);
      if (game.temple_choice()) {  // 6.8.2
        add(ActionKind::kChooseTempleBonus, "", 0, false, false, false);
        for (int site = 0; site < static_cast<int>(data.sites.size()); ++site) add(ActionKind::kChooseTempleBonus, "", site, false, false, true);
      }
      AddRun(game, player, candidates);
      auto train = [&](ActionKind kind, std::string railway, std::string name, std::string source, int price, bool yes = false) {
        add(kind, std::move(railway), price, false, false, yes, std::move(name), std::move(source));
      };
      for (bool yes : {true, false}) train(ActionKind::kAnswerTrainSale, "", "", "", 0, yes);
      for (int r : game.excess()) {
        const std::string& initials = data.railways[r].initials;
        for (const std::string& t : std::set<std::string>(game.railway(initials).trains.begin(), game.railway(initials).trains.end())) {
          train(ActionKind::kDiscardTrain, initials, t, "", 0);
        }
      }
      if (const TrainDef* next = game.AvailableTrain()) train(ActionKind::kBuyTrain, "", next->name, "", 0);
      for (const std::string& t : std::set<std::string>(game.pool_trains().begin(), game.pool_trains().end())) {
        train(ActionKind::kBuyTrain, "", t, "pool", 0);
      }
      for (const RailwayDef& r : data.railways) {  // 6.15.2: listed at the least price, Rs.1
        const std::vector<std::string>& held = game.railway(r.initials).trains;
        for (const std::string& t : std::set<std::string>(held.begin(), held.end())) train(ActionKind::kBuyTrain, "", t, r.initials, 1);
      }
      if (game.ForcedSaleDue()) {  // 6.15.5: the president's sales, one railway and count at a time
        const Player1947& p = game.player(player);
        for (size_t r = 0; r < data.railways.size(); ++r) {
          for (int n = 1; n <= game.shares().HeldBy(player, r) + p.savings[r]; ++n) add(ActionKind::kSell, data.railways[r].initials, n);
          for (int n = 1; n <= p.bonds[r]; ++n) add(ActionKind::kSellBonds, data.railways[r].initials, n);
        }
      }
      AddPrivates(game, player, candidates);
      AddP6BeyondSpaces(game, player, candidates);  // 3.1 P6 (rules/sites.h)
      AddSiteAdvances(game, player, candidates);    // 6.10, 6.12
      add(ActionKind::kDeclareBankruptcy);
      add(ActionKind::kDone);
      break;
    }
  }
  std::vector<Action1947> legal;
  // 6.4: the lays come from LegalLays, which has run CheckLay (the rule Apply runs) on each; one of
  // them is applied to see that the turn takes a lay now, and each is tried only if it fails.
  // Copying the game for every lay and rotation was most of a 1947 game's time (docs/benchmarks.md).
  // Each candidate is tried on one scratch copy, assigned the game again before each try: the
  // assignment re-uses the copy's maps and vectors where a new copy would allocate them all.
  std::optional<bool> lays_taken;
  std::optional<T1947Game> copy;
  for (const Action1947& a : candidates) {
    if (a.kind == ActionKind::kLayTrack && lays_taken.value_or(false)) {
      legal.push_back(a);
      continue;
    }
    if (copy) {
      *copy = game;
    } else {
      copy.emplace(game);
    }
    const bool ok = Apply(*copy, a).ok();
    if (a.kind == ActionKind::kLayTrack && !lays_taken) lays_taken = ok;
    if (ok) legal.push_back(a);
  }
  return legal;
}

Said Describe(const T1947Game& g, const Action1947& a, std::string_view suffix) {
  const bool seated = a.player >= 0 && a.player < g.player_count();
  const Spelling english{[&g](int seat) { return g.player(seat).name; },
                         [](int64_t rupees) { return "Rs." + std::to_string(rupees); }};
  std::vector<TextParam> params;
  if (seated) params.push_back(param::Seat("seat", a.player));
  params.push_back(param::Company("railway", a.railway));
  // A railway's purchase of a private (3.3) names the private and price of the action; the
  // owner's answer those of the offer.
  const std::optional<PendingPrivatePurchase>& offer = g.pending_private_purchase();
  const bool answer = a.kind == ActionKind::kAnswerPrivatePurchase && offer.has_value();
  params.push_back(param::Count("private", a.kind == ActionKind::kBuyPrivate ? a.private_number
                                          : answer                          ? offer->private_number
                                                                            : g.auction_private()));
  params.push_back(param::Count("count", a.amount));
  params.push_back(param::Amount("amount", answer ? offer->price : a.amount));
  params.push_back(param::Train("train", a.train));
  params.push_back(param::Company("source", a.source));
  std::optional<int> cost;
  if (a.kind == ActionKind::kUsePrivatePower) {
    params.push_back(param::Hex("hex", a.hex));
    params.push_back(param::Hex("from", a.from_hex));
  }
  if (a.kind == ActionKind::kLayTrack || a.kind == ActionKind::kPlaceStation) {
    params.push_back(param::Hex("hex", a.hex));
    params.push_back(param::Tile("tile", a.tile));
    params.push_back(param::Count("rotation", a.rotation));
    cost = a.listed_cost ? a.listed_cost : CostNow(g, a);
    if (cost) params.push_back(param::Amount("cost", *cost));
  }
  params.push_back(param::Count("workers", 3 * a.amount));
  if (a.kind == ActionKind::kAdvanceToken) params.push_back(param::Count("opportunities", static_cast<int>(a.opportunity_boxes.size())));
  if (a.kind == ActionKind::kChooseTempleBonus || (a.kind == ActionKind::kUsePrivatePower && a.power == PrivatePower::kP8ExpatriationSite)) {
    const bool known = a.amount >= 0 && a.amount < static_cast<int>(g.data().sites.size());
    params.push_back(param::Text("site", known ? g.data().sites[a.amount].name : "?"));
  }
  auto say = [&](std::string_view key, std::string_view english_text) {
    std::string full = std::string(seated ? "{seat}: " : "") + std::string(english_text) + std::string(suffix);
    std::string full_key = std::string("1947.action.") + std::string(key) + (suffix.empty() ? "" : ".or_more");
    return Say(std::move(full_key), full, params, english);
  };
  const char* source = a.from_pool ? "the bank pool" : "the initial offer";
  const std::string from = a.from_pool ? "_from_pool" : "_from_initial_offer";
  switch (a.kind) {
    case ActionKind::kBid: return say("bid", "bid {amount} for P{private}");
    case ActionKind::kPassBid: return say("pass_bid", "pass on P{private}");
    case ActionKind::kSetBnrPar: return say("set_bnr_par", "set the BNR's par at {amount}");
    case ActionKind::kUseInsiderTrading: return say("use_p4", "use the P4 and take player order card 1");
    case ActionKind::kBuyShare:
      return say((a.savings ? "buy_savings_share" : "buy_ordinary_share") + from,
                 std::string("buy a 10% ") + (a.savings ? "savings" : "ordinary") + " share of {railway} from " + source);
    case ActionKind::kBuyPresident: return say("buy_president", "buy the president's certificate of {railway} at par {amount}");
    case ActionKind::kSell: return say("sell_shares", "sell {count} {railway} shares");
    case ActionKind::kIssueBonds: return say("issue_bonds", "issue {railway}'s convertible bonds");
    case ActionKind::kSubscribeBonds: return say("subscribe_bonds", "take {count} bonds of the issue");
    case ActionKind::kBuyBond: return say("buy_bond" + from, std::string("buy a {railway} convertible bond from ") + source);
    case ActionKind::kSellBonds: return say("sell_bonds", "sell {count} {railway} convertible bonds");
    case ActionKind::kProtectPrice:
      return a.yes ? say("protect_price", "price protect the sale") : say("let_sale_go", "let the sale go to the bank pool");
    case ActionKind::kConvert:
      return a.savings ? say("convert_to_savings", "convert {railway} shares to savings")
                       : say("convert_to_ordinary", "convert {railway} shares to ordinary");
    case ActionKind::kConsentConversion:
      return a.yes ? say("consent_conversion", "consent to the conversion") : say("refuse_conversion", "refuse the conversion");
    case ActionKind::kDone:
      return g.round() == Round::kOperatingRound ? say("end_step", "end this step of the company's turn") : say("done", "end the turn");
    case ActionKind::kPass: return say("pass", "pass");
    case ActionKind::kLayTrack:
      return cost ? say("lay_track", "lay #{tile} on {hex} rotation {rotation} for {cost}")
                  : say("lay_track_unpriced", "lay #{tile} on {hex} rotation {rotation}");
    case ActionKind::kPlaceStation:
      return cost ? say("place_station", "place a station on {hex} for {cost}") : say("place_station_unpriced", "place a station on {hex}");
    case ActionKind::kUseWorkers:
      switch (a.worker_use) {
        case WorkerUse::kSecondTileAction: return say("worker_second_tile_action", "use a worker for a second tile action");
        case WorkerUse::kSecondStation: return say("worker_second_station", "use a worker to place a second station");
        case WorkerUse::kStockbrokers: return say("workers_to_stockbrokers", "turn {workers} workers into {count} stockbrokers");
      }
      break;
    case ActionKind::kRunTrains:  // 6.14.2
      return a.yes ? say("run_trains_pay_out", "run the trains and pay out the revenue")
                   : say("run_trains_withhold", "run the trains and withhold the revenue");
    case ActionKind::kBuyTrain:
      if (a.source.empty()) return say("buy_train_from_bank", "buy a {train} from the bank");
      if (a.source == "pool") return say("buy_train_from_pool", "buy a {train} from the bank pool");
      return say("buy_train_from_company", "buy {source}'s {train} for {amount}");
    case ActionKind::kAnswerTrainSale:
      return a.yes ? say("accept_train_offer", "sell the train") : say("refuse_train_offer", "refuse to sell the train");
    case ActionKind::kDiscardTrain: return say("discard_train", "put {railway}'s {train} in the bank pool");
    case ActionKind::kDeclareBankruptcy: return say("declare_bankruptcy", "declare bankruptcy");
    case ActionKind::kChooseTempleBonus:
      return a.yes ? say("take_temple_expatriation_bonus", "take the temple's expatriation bonus, counting {site} as reached")
                   : say("refuse_temple_expatriation_bonus", "refuse the temple's expatriation bonus");
    case ActionKind::kBuyPrivate: return say("buy_private", "buy the P{private} for {amount}");  // 3.3
    case ActionKind::kAnswerPrivatePurchase:
      return a.yes ? say("sell_private", "sell the P{private} for {amount}") : say("refuse_private_offer", "refuse to sell the P{private}");
    case ActionKind::kUsePrivatePower:  // 3.1 P6, P8
      switch (a.power) {
        case PrivatePower::kP8BuyTrain:
          if (a.source.empty()) return say("use_p8_buy_train_from_bank", "use the P8 to buy a {train} from the bank");
          if (a.source == "pool") return say("use_p8_buy_train_from_pool", "use the P8 to buy a {train} from the bank pool");
          return say("use_p8_buy_train_from_company", "use the P8 to buy {source}'s {train} for {amount}");
        case PrivatePower::kP8ExpatriationSite: return say("use_p8_expatriation_site", "use the P8 to take the expatriation bonus of {site}");
        case PrivatePower::kP6FreeStation: return say("use_p6_free_station", "use the P6 to place a station on {hex} free");
        case PrivatePower::kP6MoveStation: return say("use_p6_move_station", "use the P6 to move the station on {from} to {hex} free");
        case PrivatePower::kP6BeyondSpaces: return say("use_p6_beyond_spaces", "use the P6 to place a station on {hex} beyond its spaces, paying its cost");
      }
      break;
    case ActionKind::kAdvanceToken:  // 6.10, 6.12
      if (a.advance == TokenAdvance::kDecline) return say("decline_token_advance", "advance the token no further");
      return a.advance == TokenAdvance::kUp
                 ? say("advance_token_up", "pay to move the token up a row, spending {count} stockbroker(s) and {opportunities} opportunity(ies)")
                 : say("advance_token_right", "pay to move the token right a space, spending {count} stockbroker(s) and {opportunities} opportunity(ies)");
  }
  return say("unknown", "?");
}

}  // namespace mailrun::engine::t1947

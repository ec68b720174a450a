// Applying 1947 actions and listing the legal ones (see t1947_actions.h).
#include "engine/titles/t1947/t1947_actions.h"

#include <algorithm>

namespace mailrun::engine::t1947 {

Status Apply(T1947Game& g, const Action1947& a) {
  switch (a.kind) {
    case ActionKind::kBid: return g.Bid(a.player, a.amount);
    case ActionKind::kPassBid: return g.PassBid(a.player);
    case ActionKind::kSetBnrPar: return g.SetBnrPar(a.player, a.amount);
    case ActionKind::kUseInsiderTrading: return g.UseInsiderTrading(a.player);
    case ActionKind::kBuyShare: return g.Buy(a.player, a.railway, a.from_pool, 0, a.savings);
    case ActionKind::kBuyPresident: return g.Buy(a.player, a.railway, false, a.amount, false);
    case ActionKind::kSell: return g.Sell(a.player, a.railway, a.amount);
    case ActionKind::kIssueBonds: return g.IssueBonds(a.player, a.railway);
    case ActionKind::kSubscribeBonds: return g.SubscribeBonds(a.player, a.amount);
    case ActionKind::kBuyBond: return g.BuyBond(a.player, a.railway, a.from_pool);
    case ActionKind::kSellBonds: return g.SellBonds(a.player, a.railway, a.amount);
    case ActionKind::kProtectPrice: return g.ProtectPrice(a.player, a.yes);
    case ActionKind::kConvert: return g.Convert(a.player, a.railway, a.savings);
    case ActionKind::kConsentConversion: return g.ConsentConversion(a.player, a.yes);
    case ActionKind::kDone: return g.Done(a.player);
    case ActionKind::kPass: return g.Pass(a.player);
  }
  return Malformed("unknown 1947 action");
}

std::vector<Action1947> LegalActions(const T1947Game& game, int player) {
  std::vector<Action1947> candidates;
  auto add = [&](ActionKind kind, std::string railway = "", int amount = 0, bool pool = false, bool savings = false,
                 bool yes = false) {
    candidates.push_back(Action1947{kind, player, std::move(railway), amount, pool, savings, yes});
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
    case Round::kStockRound:
      add(ActionKind::kUseInsiderTrading);
      for (bool yes : {true, false}) {
        add(ActionKind::kProtectPrice, "", 0, false, false, yes);
        add(ActionKind::kConsentConversion, "", 0, false, false, yes);
      }
      for (int n = 0; n <= 10; ++n) add(ActionKind::kSubscribeBonds, "", n);
      for (const RailwayDef& r : data.railways) {
        for (const auto& [band, cells] : data.market.par) {
          if (band != data.phases[game.CurrentPhase() - 1].par_band) continue;
          for (const MarketCell& c : cells) add(ActionKind::kBuyPresident, r.initials, data.market.Value(c));
        }
        for (bool pool : {false, true}) {
          for (bool savings : {false, true}) add(ActionKind::kBuyShare, r.initials, 0, pool, savings);
          add(ActionKind::kBuyBond, r.initials, 0, pool);
        }
        for (int n = 1; n <= 10; ++n) {
          add(ActionKind::kSell, r.initials, n);
          add(ActionKind::kSellBonds, r.initials, n);
        }
        add(ActionKind::kIssueBonds, r.initials);
        for (bool savings : {true, false}) add(ActionKind::kConvert, r.initials, 0, false, savings);
      }
      add(ActionKind::kDone);
      add(ActionKind::kPass);
      break;
    case Round::kOperatingRound:
      break;
  }
  std::vector<Action1947> legal;
  for (const Action1947& a : candidates) {
    T1947Game copy = game;
    if (Apply(copy, a).ok()) legal.push_back(a);
  }
  return legal;
}

std::string Describe(const T1947Game& g, const Action1947& a) {
  const std::string who = a.player >= 0 && a.player < g.player_count() ? g.player(a.player).name + ": " : "";
  const std::string source = a.from_pool ? "the bank pool" : "the initial offer";
  switch (a.kind) {
    case ActionKind::kBid: return who + "bid Rs." + std::to_string(a.amount) + " for P" + std::to_string(g.auction_private());
    case ActionKind::kPassBid: return who + "pass on P" + std::to_string(g.auction_private());
    case ActionKind::kSetBnrPar: return who + "set the BNR's par at Rs." + std::to_string(a.amount);
    case ActionKind::kUseInsiderTrading: return who + "use the P4 and take player order card 1";
    case ActionKind::kBuyShare: return who + "buy a 10% " + (a.savings ? "savings" : "ordinary") + " share of " + a.railway + " from " + source;
    case ActionKind::kBuyPresident: return who + "buy the president's certificate of " + a.railway + " at par Rs." + std::to_string(a.amount);
    case ActionKind::kSell: return who + "sell " + std::to_string(a.amount) + " " + a.railway + " shares";
    case ActionKind::kIssueBonds: return who + "issue " + a.railway + "'s convertible bonds";
    case ActionKind::kSubscribeBonds: return who + "take " + std::to_string(a.amount) + " bonds of the issue";
    case ActionKind::kBuyBond: return who + "buy a " + a.railway + " convertible bond from " + source;
    case ActionKind::kSellBonds: return who + "sell " + std::to_string(a.amount) + " " + a.railway + " convertible bonds";
    case ActionKind::kProtectPrice: return who + (a.yes ? "price protect the sale" : "let the sale go to the bank pool");
    case ActionKind::kConvert: return who + "convert " + a.railway + " shares to " + (a.savings ? "savings" : "ordinary");
    case ActionKind::kConsentConversion: return who + (a.yes ? "consent to" : "refuse") + " the conversion";
    case ActionKind::kDone: return who + "end the turn";
    case ActionKind::kPass: return who + "pass";
  }
  return who + "?";
}

}  // namespace mailrun::engine::t1947

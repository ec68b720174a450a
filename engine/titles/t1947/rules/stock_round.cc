// The 1947 stock round (5.1-5.12): purchases, sales, bonds, savings shares, limits, presidencies
// and its end (see game.h).
#include <algorithm>

#include "engine/core/shares/presidency.h"
#include "engine/core/structured_text.h"
#include "engine/titles/t1947/game.h"
#include "engine/titles/t1947/rules/market.h"

namespace mailrun::engine::t1947 {
namespace {

std::string Money(int rupees) { return "Rs." + std::to_string(rupees); }

}  // namespace

void T1947Game::StartStockRound() {
  ++stock_round_;
  round_ = Round::kStockRound;
  sr_to_act_ = 0;
  consecutive_passes_ = 0;
  traded_ = false;
  anyone_acted_ = false;
  turn_ = SrTurn{};
  for (auto& row : sold_this_round_) row.assign(railways_.size(), false);
  for (Player1947& p : players_) {  // 5.0: bonds bought in the last stock round are turned over
    for (size_t r = 0; r < railways_.size(); ++r) {
      p.bonds[r] += p.new_bonds[r];
      p.new_bonds[r] = 0;
    }
  }
}

void T1947Game::StartStockRoundForTest(int number) {
  stock_round_ = number - 1;
  StartStockRound();
}

int T1947Game::PresidentOf(int railway) const {
  for (int i = 0; i < player_count(); ++i) {
    if (players_[i].president[railway]) return i;
  }
  return -1;
}

int T1947Game::RatioOrdinary(int player) const {
  const Player1947& p = players_[player];
  int units = static_cast<int>(p.privates.size());  // 5.6.2: a private counts as one ordinary share
  for (size_t r = 0; r < railways_.size(); ++r) units += shares_.HeldBy(player, r);  // a president's certificate counts per 10%
  return units;
}

int T1947Game::RatioSavings(int player) const {
  int units = 0;
  for (int s : players_[player].savings) units += s;
  return units;
}

Status T1947Game::CheckSrTurn(int player, const char* rule) const {
  if (round_ != Round::kStockRound) return Illegal("1947.refusal.stock_round.there_no_stock_round_now", rule, "there is no stock round now");
  if (player < 0 || player >= player_count()) return Malformed("1947.refusal.stock_round.no_such_player", "no such player");
  if (protection_) {
    return OutOfTurn("1947.refusal.stock_round.decides_first_whether_price_protect", "5.4.5", players_[PresidentOf(protection_->railway)].name + " decides first whether to price protect").With({param::Seat("seat", PresidentOf(protection_->railway))});
  }
  if (bond_offer_) return OutOfTurn("1947.refusal.stock_round.answers_bond_issue_first", "5.4.2", players_[bond_offer_->to_ask.front()].name + " answers the bond issue first").With({param::Seat("seat", bond_offer_->to_ask.front())});
  if (conversion_) return OutOfTurn("1947.refusal.stock_round.decides_first_conversion", "5.6.4", players_[PresidentOf(conversion_->railway)].name + " decides first on the conversion").With({param::Seat("seat", PresidentOf(conversion_->railway))});
  if (order_[sr_to_act_] != player) return OutOfTurn("1947.refusal.stock_round.s_turn", rule, "it is " + players_[order_[sr_to_act_]].name + "'s turn").With({param::Seat("seat", order_[sr_to_act_])});
  return OkStatus();
}

Status T1947Game::CheckEndOfTurn(int player) const {
  if (!SavingsRatioKept(player)) {
    return Illegal("1947.refusal.stock_round.player_own_only_one_savings", "5.6.2", "a player may own only one savings share for every two ordinary shares at the end of the turn");
  }
  return OkStatus();
}

void T1947Game::CheckFloat(int railway) {
  Railway1947& r = railways_[railway];
  if (r.operational || data_->railways[railway].incremental) return;
  if (shares_.IssuedOut(railway) >= 6) {  // 5.2.1: 60% out of the initial offer (a drawn pool share counts)
    r.operational = true;
    r.treasury += 10 * r.par;  // 5.2.2
  }
}

void T1947Game::ChangePresidency(int railway, int from) {
  // 5.9: the single largest ordinary holding takes the presidency; ties go to the lowest card.
  std::vector<int> card_of(order_.size());
  for (int card = 0; card < static_cast<int>(order_.size()); ++card) card_of[order_[card]] = card;
  const std::vector<Holding> rivals = shares_.PlayerHoldings(railway, [&](int seat) { return int64_t{card_of[seat]}; }, from);
  const int best = PresidencyTakenBy(rivals, shares_.HeldBy(from, railway), 0);
  if (best < 0) return;
  players_[from].president[railway] = false;  // the certificate is exchanged for 10% shares
  players_[best].president[railway] = true;
}

Status T1947Game::Buy(int player, const std::string& initials, bool from_pool, int par, bool savings) {
  if (Status s = CheckSrTurn(player, "5.3"); !s) return s;
  int ri = RailwayOf(initials);
  if (ri < 0) return Malformed("1947.refusal.stock_round.no_railway_company", "no railway company " + initials).With({param::Text("company", initials)});
  if (turn_.bought) return Illegal("1947.refusal.stock_round.only_one_certificate_bought_turn", "5.1", "only one certificate may be bought in a turn");
  if (turn_.converted) return Illegal("1947.refusal.stock_round.conversion_whole_turn", "5.1", "a conversion is the whole turn");
  if (sold_this_round_[player][ri]) return Illegal("1947.refusal.stock_round.player_who_sold_not_buy", "5.3", "a player who sold " + initials + " may not buy it again this stock round").With({param::Company("company", initials)});
  const RailwayDef& def = data_->railways[ri];
  Railway1947& r = railways_[ri];
  Player1947& p = players_[player];
  int limit = data_->player_counts.at(player_count()).certificate_limit;
  int added = savings ? (p.savings[ri] % 2 == 0 ? 1 : 0) : 1;
  if (Certificates(player) + added > limit) return Illegal("1947.refusal.stock_round.certificate_limit", "5.7", "the certificate limit is " + std::to_string(limit)).With({param::Count("limit", limit)});
  bool ends_turn = turn_.sold_before_buy || stock_round_ == 1;
  if (!r.president_sold) {
    if (from_pool) return Illegal("1947.refusal.stock_round.bank_pool_share_bought_only", "5.3.1", "the bank pool share of " + initials + " may be bought only after its president's certificate").With({param::Company("company", initials)});
    if (savings) return Illegal("1947.refusal.stock_round.president_s_certificate_no_savings", "5.6", "the president's certificate has no savings side");
    const std::string& band = data_->phases[CurrentPhase() - 1].par_band;
    const MarketCell* cell = nullptr;
    for (const MarketCell& c : data_->market.par.at(band)) {
      if (data_->market.Value(c) == par) cell = &c;
    }
    if (!cell) return Illegal("1947.refusal.stock_round.par_must_one_band_s", "5.2", "the par must be one of the " + band + " band's prices").With({param::Text("band", band)});
    int cost = par * def.president_percent / 10;  // 5.2: 2 x par (3 x for the BNR)
    if (cost > p.cash) return Illegal("1947.refusal.stock_round.president_s_certificate_costs", "5.2", "the president's certificate costs " + Money(cost)).With({param::Amount("cost", cost)});
    p.cash -= cost;
    r.par = par;
    r.token = *cell;
    r.president_sold = true;
    r.floated_in_sr = stock_round_;
    shares_.Move(ShareHolder::Bank(), ShareHolder::Player(player), ri, def.president_percent / 10);
    p.president[ri] = true;
    if (def.incremental) {  // the P9 was removed (3.2): the BNR operates at once (5.2.3)
      r.operational = true;
      r.treasury += cost;
    }
  } else {
    if (par != 0) return Illegal("1947.refusal.stock_round.only_buyer_president_s_certificate", "5.2", "only the buyer of the president's certificate sets the par");
    const ShareHolder source = from_pool ? ShareHolder::Pool() : ShareHolder::Bank();
    if (shares_.Held(source, ri) == 0) {
      return Illegal("1947.refusal.stock_round.no_share_left_bank_pool", from_pool ? "5.3.1" : "5.3.2", "no " + initials + " share is left in the " + (from_pool ? "bank pool" : "initial offer")).With({param::Company("company", initials), param::Text("source", from_pool ? "bank pool" : "initial offer")});
    }
    if (savings && p.president[ri]) return Illegal("1947.refusal.stock_round.president_holds_only_ordinary_shares", "5.6", "the president holds only ordinary shares of the company");
    if (savings && shares_.HeldBy(player, ri) > 0) return Illegal("1947.refusal.stock_round.owns_ordinary_shares_player_holds", "5.6.3", p.name + " owns ordinary " + initials + " shares: a player holds one type per company").With({param::Seat("seat", player), param::Company("company", initials)});
    if (!savings && p.savings[ri] > 0) return Illegal("1947.refusal.stock_round.owns_savings_shares_player_holds", "5.6.3", p.name + " owns savings " + initials + " shares: a player holds one type per company").With({param::Seat("seat", player), param::Company("company", initials)});
    if (stock_round_ == 1 && (shares_.HeldBy(player, ri) + p.savings[ri] + 1) * 10 > 60) {
      return Illegal("1947.refusal.stock_round.first_stock_round_no_player", "5.8", "in the first stock round no player may own more than 60% of a company");
    }
    int price = from_pool ? data_->market.Value(r.token) : r.par;  // 5.3.1, 5.3.2
    if (price > p.cash) return Illegal("1947.refusal.stock_round.share_costs", "5.3", "the share costs " + Money(price)).With({param::Amount("price", price)});
    if (ends_turn && savings && RatioSavings(player) + 1 > RatioOrdinary(player) / 2) {
      return Illegal("1947.refusal.stock_round.player_own_only_one_savings", "5.6.2", "a player may own only one savings share for every two ordinary shares at the end of the turn");
    }
    p.cash -= price;
    if (savings) {
      p.savings[ri] += 1;  // beside the ledger
      shares_.Remove(source, ri, 1);
    } else {
      shares_.Move(source, ShareHolder::Player(player), ri, 1);
    }
    if (!from_pool && def.incremental) r.treasury += price;  // 5.2.3: the BNR receives what its initial offer sells for
    if (!savings) {
      int president = PresidentOf(ri);
      if (president >= 0 && president != player) ChangePresidency(ri, president);
    }
  }
  CheckFloat(ri);
  turn_.bought = true;
  traded_ = true;
  anyone_acted_ = true;
  if (ends_turn) EndSrTurn(false);
  return OkStatus();
}

Status T1947Game::Sell(int player, const std::string& initials, int shares) {
  if (Status s = CheckSrTurn(player, "5.5"); !s) return s;
  int ri = RailwayOf(initials);
  if (ri < 0) return Malformed("1947.refusal.stock_round.no_railway_company", "no railway company " + initials).With({param::Text("company", initials)});
  if (shares < 1) return Malformed("1947.refusal.stock_round.sell_least_one_share", "sell at least one share");
  if (stock_round_ == 1) return Illegal("1947.refusal.stock_round.no_certificates_sold_during_first", "5.5", "no certificates may be sold during the first stock round");
  if (turn_.converted) return Illegal("1947.refusal.stock_round.conversion_whole_turn", "5.1", "a conversion is the whole turn");
  if (turn_.sold_before_buy && turn_.bought) return Illegal("1947.refusal.stock_round.player_not_sell_buy_sell", "5.1", "a player may not sell, buy and sell again");
  Player1947& p = players_[player];
  Railway1947& r = railways_[ri];
  bool savings = p.savings[ri] > 0;
  int held = savings ? p.savings[ri] : shares_.HeldBy(player, ri);
  if (shares > held) return Illegal("1947.refusal.stock_round.holds_shares", "5.5", p.name + " holds " + std::to_string(held) + " " + initials + " shares").With({param::Seat("seat", player), param::Count("count", held), param::Company("company", initials)});
  if (shares_.InPool(ri) + shares > 5) {
    return Illegal("1947.refusal.stock_round.bank_pool_hold_most_50", "5.5", "the bank pool may hold at most 50% of " + initials + " (it holds " + std::to_string(shares_.InPool(ri) * 10) + "%)").With({param::Company("company", initials), param::Count("percent", shares_.InPool(ri) * 10)});
  }
  int president = PresidentOf(ri);
  int pres_units = data_->railways[ri].president_percent / 10;
  const int ordinary = shares_.HeldBy(player, ri);
  if (p.president[ri] && ordinary - shares < pres_units) {
    // 5.5, 5.9: the president's certificate leaves only in exchange for another player's shares.
    int best = 0;
    for (int other = 0; other < player_count(); ++other) {
      if (other != player) best = std::max(best, shares_.HeldBy(other, ri));
    }
    if (best < pres_units || best <= ordinary - shares) {
      return Illegal("1947.refusal.stock_round.president_s_certificate_can_sold", "5.5", "the president's certificate can be sold only if another player then holds more and owns at least " +
                                std::to_string(pres_units) + " ordinary 10% shares").With({param::Count("shares", pres_units)});
    }
  }
  int value = data_->market.Value(r.token);
  bool by_president = p.president[ri];
  p.cash += value * shares;  // 5.5: each share at the market value
  if (savings) {
    p.savings[ri] -= shares;
  } else {
    shares_.Remove(ShareHolder::Player(player), ri, shares);  // to the pool or the president (FinishSale)
  }
  p.protected_units[ri] = std::min(p.protected_units[ri], shares_.HeldBy(player, ri));
  if (p.president[ri]) ChangePresidency(ri, player);
  sold_this_round_[player][ri] = true;
  (turn_.bought ? turn_.sold_after_buy : turn_.sold_before_buy) = true;
  traded_ = true;
  anyone_acted_ = true;
  // 5.4.5: another player's sale may be price protected by the president with bonds, all of it
  // and only within the president's certificate limit ("the Certificate Limit must still be
  // respected", 5.7): a sale that would take them over it is not offered (1947 ruling 56).
  if (president >= 0 && president != player) {
    const Player1947& pres = players_[president];
    int needed = 0;
    for (int k = 1; k <= shares; ++k) needed += (shares_.HeldBy(president, ri) + k <= 8) ? 2 : 3;
    if (pres.bonds[ri] + pres.new_bonds[ri] >= needed && ProtectionWithinLimit(president, shares)) {
      protection_ = PendingProtection{ri, player, shares, needed};
      return OkStatus();
    }
  }
  FinishSale(ri, by_president, shares, false);
  return OkStatus();
}

bool T1947Game::ProtectionWithinLimit(int president, int units) const {
  // 5.4.5, 5.7: each protected share is an ordinary share of the president's, one certificate.
  return Certificates(president) + units <= data_->player_counts.at(player_count()).certificate_limit;
}

void T1947Game::FinishSale(int railway, bool by_president, int units, bool protected_sale) {
  Railway1947& r = railways_[railway];
  if (protected_sale) {
    const int president = PresidentOf(railway);
    shares_.Add(ShareHolder::Player(president), railway, units);
    players_[president].protected_units[railway] += units;
    return;
  }
  shares_.Add(ShareHolder::Pool(), railway, units);
  // 5.2 NOTE: in the stock round its president's certificate was bought, only the president's own
  // sales lower the price (docs/rulings.md, 1947 ruling 14).
  if (r.floated_in_sr == stock_round_ && !by_president) return;
  r.token = MoveDown(data_->market, r.token, units);  // 5.5: one row down per share sold
}

Status T1947Game::ProtectPrice(int player, bool protect) {
  if (!protection_) return Illegal("1947.refusal.stock_round.no_sale_waits_price_protection", "5.4.5", "no sale waits for price protection");
  int ri = protection_->railway;
  if (player != PresidentOf(ri)) return OutOfTurn("1947.refusal.stock_round.only_president_price_protect", "5.4.5", "only the president of " + data_->railways[ri].initials + " may price protect").With({param::Company("company", data_->railways[ri].initials)});
  if (protect && !ProtectionWithinLimit(player, protection_->units)) {
    const int limit = data_->player_counts.at(player_count()).certificate_limit;
    return Illegal("1947.refusal.stock_round.price_protection_certificate_limit", "5.7",
                   "price protection must respect the certificate limit of " + std::to_string(limit) + ": " + players_[player].name + " would hold " +
                       std::to_string(Certificates(player) + protection_->units))
        .With({param::Count("limit", limit), param::Seat("seat", player), param::Count("count", Certificates(player) + protection_->units)});
  }
  PendingProtection pending = *protection_;
  protection_.reset();
  if (protect) {
    Player1947& p = players_[player];
    int from_old = std::min(pending.bonds_needed, p.bonds[ri]);  // 5.4.5: older bonds first
    p.bonds[ri] -= from_old;
    p.new_bonds[ri] -= pending.bonds_needed - from_old;
    railways_[ri].bonds_removed += pending.bonds_needed;
  }
  FinishSale(ri, false, pending.units, protect);
  return OkStatus();
}

// 5.4, 5.4.2: an issue of bonds, offered to the shareholders first, the rest to the initial offer.
Status T1947Game::IssueBonds(int player, const std::string& initials) {
  if (Status s = CheckSrTurn(player, "5.4.2"); !s) return s;
  int ri = RailwayOf(initials);
  if (ri < 0) return Malformed("1947.refusal.stock_round.no_railway_company", "no railway company " + initials).With({param::Text("company", initials)});
  if (!players_[player].president[ri]) return Illegal("1947.refusal.stock_round.only_president_issue_bonds", "5.4.2", "only the president of " + initials + " may issue its bonds").With({param::Company("company", initials)});
  if (turn_.bought) return Illegal("1947.refusal.stock_round.issuing_bonds_turn_s_purchase", "5.1", "issuing bonds is the turn's purchase and one was already made");
  if (turn_.converted) return Illegal("1947.refusal.stock_round.conversion_whole_turn", "5.1", "a conversion is the whole turn");
  Railway1947& r = railways_[ri];
  if (r.bonds_unissued == 0) return Illegal("1947.refusal.stock_round.no_bonds_left_issue", "5.4.2", initials + " has no bonds left to issue").With({param::Company("company", initials)});
  int issuable = std::min(r.bonds_unissued, shares_.IssuedOut(ri));  // 5.4.2: one per 10% out of the initial offer
  r.bonds_removed += r.bonds_unissued - issuable;               // the excess leaves the game
  r.bonds_unissued = 0;
  turn_.bought = true;
  anyone_acted_ = true;
  traded_ = true;
  PendingBondOffer offer{ri, player, issuable, {}};
  for (size_t k = 0; k < order_.size(); ++k) {
    int candidate = order_[(sr_to_act_ + k) % order_.size()];  // the president first, then in player order
    if (shares_.HeldBy(candidate, ri) + players_[candidate].savings[ri] > 0) offer.to_ask.push_back(candidate);
  }
  if (issuable == 0 || offer.to_ask.empty()) {
    r.bonds_io += issuable;
    EndSrTurn(false);
    return OkStatus();
  }
  bond_offer_ = offer;
  return OkStatus();
}

Status T1947Game::SubscribeBonds(int player, int count) {
  if (!bond_offer_) return Illegal("1947.refusal.stock_round.no_bond_issue_being_offered", "5.4.2", "no bond issue is being offered");
  if (bond_offer_->to_ask.front() != player) {
    return OutOfTurn("1947.refusal.stock_round.answers_bond_issue_now", "5.4.2", players_[bond_offer_->to_ask.front()].name + " answers the bond issue now").With({param::Seat("seat", bond_offer_->to_ask.front())});
  }
  int ri = bond_offer_->railway;
  Player1947& p = players_[player];
  Railway1947& r = railways_[ri];
  int may = std::min(bond_offer_->left, shares_.HeldBy(player, ri) + p.savings[ri]);  // 5.4.4: one per 10% share owned
  if (count < 0 || count > may) return Illegal("1947.refusal.stock_round.take_most_bonds_issue", "5.4.4", p.name + " may take at most " + std::to_string(may) + " bonds of this issue").With({param::Seat("seat", player), param::Count("count", may)});
  int price = r.par / 2;  // 5.4.2: half the par, to the treasury
  if (count * price > p.cash) return Illegal("1947.refusal.stock_round.bonds_cost", "5.4.2", "the bonds cost " + Money(count * price)).With({param::Amount("cost", count * price)});
  p.cash -= count * price;
  p.new_bonds[ri] += count;
  r.treasury += count * price;
  bond_offer_->left -= count;
  bond_offer_->to_ask.erase(bond_offer_->to_ask.begin());
  if (bond_offer_->left == 0 || bond_offer_->to_ask.empty()) {
    r.bonds_io += bond_offer_->left;  // the rest wait in the initial offer
    bond_offer_.reset();
    EndSrTurn(false);  // 5.4.2: the issue ends the president's turn
  }
  return OkStatus();
}

Status T1947Game::BuyBond(int player, const std::string& initials, bool from_pool) {
  if (Status s = CheckSrTurn(player, "5.4.3"); !s) return s;
  int ri = RailwayOf(initials);
  if (ri < 0) return Malformed("1947.refusal.stock_round.no_railway_company", "no railway company " + initials).With({param::Text("company", initials)});
  if (turn_.bought) return Illegal("1947.refusal.stock_round.only_one_certificate_bought_turn", "5.1", "only one certificate may be bought in a turn");
  if (turn_.converted) return Illegal("1947.refusal.stock_round.conversion_whole_turn", "5.1", "a conversion is the whole turn");
  if (sold_this_round_[player][ri]) return Illegal("1947.refusal.stock_round.player_who_sold_not_buy", "5.3", "a player who sold " + initials + " may not buy it again this stock round").With({param::Company("company", initials)});
  Railway1947& r = railways_[ri];
  Player1947& p = players_[player];
  if (from_pool ? r.bonds_pool == 0 : r.bonds_io == 0) {
    return Illegal("1947.refusal.stock_round.no_bond_bank_pool_initial", "5.4.3", "no " + initials + " bond is in the " + std::string(from_pool ? "bank pool" : "initial offer")).With({param::Company("company", initials), param::Text("source", std::string(from_pool ? "bank pool" : "initial offer"))});
  }
  int price = (from_pool ? data_->market.Value(r.token) : r.par) / 2;  // 5.4.3
  if (price > p.cash) return Illegal("1947.refusal.stock_round.bond_costs", "5.4.3", "the bond costs " + Money(price)).With({param::Amount("price", price)});
  p.cash -= price;
  p.new_bonds[ri] += 1;
  if (from_pool) {
    r.bonds_pool -= 1;
  } else {
    r.bonds_io -= 1;
    r.treasury += price;
  }
  turn_.bought = true;
  traded_ = true;
  anyone_acted_ = true;
  if (turn_.sold_before_buy || stock_round_ == 1) EndSrTurn(false);
  return OkStatus();
}

Status T1947Game::SellBonds(int player, const std::string& initials, int count) {
  if (Status s = CheckSrTurn(player, "5.4.6"); !s) return s;
  int ri = RailwayOf(initials);
  if (ri < 0) return Malformed("1947.refusal.stock_round.no_railway_company", "no railway company " + initials).With({param::Text("company", initials)});
  if (count < 1) return Malformed("1947.refusal.stock_round.sell_least_one_bond", "sell at least one bond");
  if (stock_round_ == 1) return Illegal("1947.refusal.stock_round.no_certificates_sold_during_first", "5.5", "no certificates may be sold during the first stock round");
  if (turn_.converted) return Illegal("1947.refusal.stock_round.conversion_whole_turn", "5.1", "a conversion is the whole turn");
  if (turn_.sold_before_buy && turn_.bought) return Illegal("1947.refusal.stock_round.player_not_sell_buy_sell", "5.1", "a player may not sell, buy and sell again");
  Player1947& p = players_[player];
  if (count > p.bonds[ri]) {
    return Illegal("1947.refusal.stock_round.sell_bonds_bonds_bought_stock", "5.4.6", p.name + " may sell " + std::to_string(p.bonds[ri]) + " " + initials +
                                " bonds: bonds bought this stock round are not for sale before the next").With({param::Seat("seat", player), param::Count("count", p.bonds[ri]), param::Company("company", initials)});
  }
  Railway1947& r = railways_[ri];
  p.bonds[ri] -= count;
  p.cash += count * (data_->market.Value(r.token) / 2);  // 5.4.6: half the market value, no price change
  r.bonds_pool += count;
  sold_this_round_[player][ri] = true;
  (turn_.bought ? turn_.sold_after_buy : turn_.sold_before_buy) = true;
  traded_ = true;
  anyone_acted_ = true;
  return OkStatus();
}

Status T1947Game::Convert(int player, const std::string& initials, bool to_savings) {
  if (Status s = CheckSrTurn(player, "5.6.4"); !s) return s;
  int ri = RailwayOf(initials);
  if (ri < 0) return Malformed("1947.refusal.stock_round.no_railway_company", "no railway company " + initials).With({param::Text("company", initials)});
  if (turn_.Acted()) return Illegal("1947.refusal.stock_round.conversion_player_s_whole_turn", "5.6.4", "a conversion is the player's whole turn");
  Player1947& p = players_[player];
  if (to_savings) {
    if (p.president[ri]) return Illegal("1947.refusal.stock_round.president_not_convert_shares_company", "5.6.4", "the president may not convert shares of the company");
    const int units = shares_.HeldBy(player, ri);
    if (units == 0) return Illegal("1947.refusal.stock_round.owns_no_ordinary_shares", "5.6.4", p.name + " owns no ordinary " + initials + " shares").With({param::Seat("seat", player), param::Company("company", initials)});
    if (RatioSavings(player) + units > (RatioOrdinary(player) - units) / 2) {
      return Illegal("1947.refusal.stock_round.conversion_would_break_ratio_two", "5.6.4", "the conversion would break the ratio of two ordinary shares to one savings share (5.6.2)");
    }
    shares_.Remove(ShareHolder::Player(player), ri, units);  // 5.6.4: all the company's ordinary shares
    p.savings[ri] = units;
    p.protected_units[ri] = 0;
    anyone_acted_ = true;
    turn_.converted = true;
    EndSrTurn(false);
    return OkStatus();
  }
  if (p.savings[ri] == 0) return Illegal("1947.refusal.stock_round.owns_no_savings_shares", "5.6.4", p.name + " owns no savings " + initials + " shares").With({param::Seat("seat", player), param::Company("company", initials)});
  if (PresidentOf(ri) < 0) return Illegal("1947.refusal.stock_round.no_president_consent", "5.6.4", initials + " has no president to consent").With({param::Company("company", initials)});
  conversion_ = PendingConversion{ri, player};
  return OkStatus();
}

Status T1947Game::ConsentConversion(int player, bool consent) {
  if (!conversion_) return Illegal("1947.refusal.stock_round.no_conversion_waits_consent", "5.6.4", "no conversion waits for consent");
  int ri = conversion_->railway;
  if (player != PresidentOf(ri)) return OutOfTurn("1947.refusal.stock_round.only_president_consents", "5.6.4", "only the president of " + data_->railways[ri].initials + " consents").With({param::Company("company", data_->railways[ri].initials)});
  int who = conversion_->player;
  conversion_.reset();
  if (!consent) return OkStatus();  // the player's turn goes on
  Player1947& p = players_[who];
  shares_.Add(ShareHolder::Player(who), ri, p.savings[ri]);
  p.savings[ri] = 0;
  ChangePresidency(ri, player);
  anyone_acted_ = true;
  turn_.converted = true;
  EndSrTurn(false);
  return OkStatus();
}

Status T1947Game::Done(int player) {
  if (round_ == Round::kOperatingRound) return FinishStep(player);
  if (Status s = CheckSrTurn(player, "5.1"); !s) return s;
  if (!turn_.Acted()) return Illegal("1947.refusal.stock_round.nothing_was_done_turn_pass", "5.1", "nothing was done this turn: pass instead");
  if (Status s = CheckEndOfTurn(player); !s) return s;
  EndSrTurn(false);
  return OkStatus();
}

Status T1947Game::Pass(int player) {
  if (Status s = CheckSrTurn(player, "5.1"); !s) return s;
  if (turn_.Acted()) return Illegal("1947.refusal.stock_round.turn_begun_end_done", "5.1", "the turn has begun: end it with done");
  const Player1947& p = players_[player];
  int limit = data_->player_counts.at(player_count()).certificate_limit;
  if (Certificates(player) > limit) return Illegal("1947.refusal.stock_round.over_certificate_limit_must_sell", "5.7", p.name + " is over the certificate limit and must sell first").With({param::Seat("seat", player)});
  for (size_t r = 0; r < railways_.size(); ++r) {
    if (shares_.HeldBy(player, r) + p.savings[r] - p.protected_units[r] > 6) {
      return Illegal("1947.refusal.stock_round.owns_more_than_60_must", "5.8", p.name + " owns more than 60% of " + data_->railways[r].initials + " and must sell the excess before passing").With({param::Seat("seat", player), param::Company("company", data_->railways[r].initials)});
    }
  }
  anyone_acted_ = true;
  EndSrTurn(true);
  return OkStatus();
}

void T1947Game::EndSrTurn(bool passed) {
  turn_ = SrTurn{};
  consecutive_passes_ = passed ? consecutive_passes_ + 1 : 0;
  if (consecutive_passes_ == player_count()) {
    EndStockRound();  // 4.1: all players passed consecutively
    return;
  }
  sr_to_act_ = (sr_to_act_ + 1) % player_count();
}

void T1947Game::EndStockRound() {
  if (traded_) DealOrder(false);  // 5.12.1: poorest first; unchanged when nobody bought or sold
  for (size_t ri = 0; ri < railways_.size(); ++ri) {  // 5.12.2
    Railway1947& r = railways_[ri];
    if (!r.president_sold || shares_.InBank(ri) > 0 || shares_.InPool(ri) > 0 || r.bonds_io > 0 || r.bonds_pool > 0) continue;
    r.token = MoveSoldOut(data_->market, r.token);
  }
  NoteMarketEnd();
  if (market_end_) {  // 7.0 (1): a company reached the end in the stock round: no operating round follows
    Finish("a company reached the end of the stock market (7.0)");
    return;
  }
  or_set_.BeginSet(data_->phases[phase_ - 1].ors);  // 4.0: fixed now for the set that follows
  StartOperatingRound();
}

}  // namespace mailrun::engine::t1947

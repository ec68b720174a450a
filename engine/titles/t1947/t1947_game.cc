// The 1947 opening: auction, player order cards and stock round purchases (see t1947_game.h).
#include "engine/titles/t1947/t1947_game.h"

#include <algorithm>
#include <numeric>

namespace mailrun::engine::t1947 {

Result<T1947Game> T1947Game::Setup(const T1947Data& data, std::vector<std::string> players, std::vector<int> cards,
                                   std::vector<std::string> pool_draws) {
  int n = static_cast<int>(players.size());
  auto count = data.player_counts.find(n);
  if (count == data.player_counts.end()) return Illegal("1.0", "1947 is for 3 to 6 players");
  std::vector<int> sorted = cards;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int> expected(n);
  std::iota(expected.begin(), expected.end(), 1);
  if (sorted != expected) return Illegal("2.1", "each player receives one player order card, 1 to " + std::to_string(n));
  T1947Game g;
  g.data_ = &data;
  g.railways_.resize(data.railways.size());
  std::vector<int> drawn_groups;
  for (const std::string& r : pool_draws) {
    int i = data.RailwayIndex(r);
    if (i < 0 || data.railways[i].pool_draw_group == 0) return Illegal("2.3", r + " is not among the railways whose share is drawn");
    if (std::count(drawn_groups.begin(), drawn_groups.end(), data.railways[i].pool_draw_group)) {
      return Illegal("2.3", "one share is drawn from each group");
    }
    drawn_groups.push_back(data.railways[i].pool_draw_group);
    g.railways_[i].io_units -= 1;
    g.railways_[i].pool_units = 1;
  }
  if (drawn_groups.size() != 2) return Illegal("2.3", "one share is drawn from each of the two groups");
  for (int i = 0; i < n; ++i) {
    Player1947 p;
    p.name = players[i];
    p.cash = count->second.starting_cash;  // 2.3 m
    p.units.assign(data.railways.size(), 0);
    p.president.assign(data.railways.size(), false);
    g.players_.push_back(p);
  }
  g.order_.assign(n, 0);
  for (int i = 0; i < n; ++i) g.order_[cards[i] - 1] = i;
  g.hammer_.assign(data.privates.size(), -1);
  g.private_owner_.assign(data.privates.size(), -1);
  g.out_.assign(n, false);
  g.sold_this_round_.assign(n, std::vector<bool>(data.railways.size(), false));
  return g;
}

int T1947Game::ActivePlayer() const {
  switch (round_) {
    case Round::kAuction: return order_[to_act_];
    case Round::kBnrPar: return high_bidder_;
    case Round::kStockRound: return order_[sr_to_act_];
    case Round::kOperatingRound: return -1;
  }
  return -1;
}

Status T1947Game::CheckTurn(int player) const {
  if (player < 0 || player >= static_cast<int>(players_.size())) return Malformed("no such player");
  if (ActivePlayer() != player) return Error{ErrorKind::kNotYourTurn, "3.2", "it is " + players_[ActivePlayer()].name + "'s turn"};
  return OkStatus();
}

Status T1947Game::Bid(int player, int amount) {
  if (round_ != Round::kAuction) return Illegal("3.2", "no private company is being auctioned");
  if (Status s = CheckTurn(player); !s) return s;
  if (amount > players_[player].cash) return Illegal("3.2", "a bid may not exceed the player's cash");
  if (high_bidder_ < 0 && amount < data_->minimum_bid) {
    return Illegal("3.2", "the minimum bid is Rs." + std::to_string(data_->minimum_bid));
  }
  if (high_bidder_ >= 0 && amount < high_bid_ + data_->bid_increment) {
    return Illegal("3.2", "a bid must raise the last by at least Rs." + std::to_string(data_->bid_increment));
  }
  high_bid_ = amount;
  high_bidder_ = player;
  passes_ = 0;
  int n = static_cast<int>(order_.size());
  do { to_act_ = (to_act_ + 1) % n; } while (out_[order_[to_act_]] || order_[to_act_] == high_bidder_);
  return OkStatus();
}

Status T1947Game::PassBid(int player) {
  if (round_ != Round::kAuction) return Illegal("3.2", "no private company is being auctioned");
  if (Status s = CheckTurn(player); !s) return s;
  int n = static_cast<int>(order_.size());
  if (high_bidder_ < 0) {
    // 3.2: with no bid standing a pass keeps the player in; two rounds of passes remove the private.
    if (++passes_ == 2 * n) {
      NextPrivate();
      return OkStatus();
    }
    to_act_ = (to_act_ + 1) % n;
    return OkStatus();
  }
  out_[player] = true;  // 3.2: excluded from further bidding on this private
  int left = 0;
  for (int i = 0; i < n; ++i) left += (!out_[i] && i != high_bidder_);
  if (left == 0) {
    AwardPrivate();
    return OkStatus();
  }
  do { to_act_ = (to_act_ + 1) % n; } while (out_[order_[to_act_]] || order_[to_act_] == high_bidder_);
  return OkStatus();
}

void T1947Game::AwardPrivate() {
  Player1947& p = players_[high_bidder_];
  p.cash -= high_bid_;
  hammer_[auction_] = high_bid_;  // 3.2: noted on the hammer price sheet
  const PrivateDef& def = data_->privates[auction_];
  if (def.power == "president_certificate") {
    round_ = Round::kBnrPar;  // 3.1 P9: discarded; the buyer takes the certificate and sets the par
    return;
  }
  p.privates.push_back(def.number);
  private_owner_[auction_] = high_bidder_;
  NextPrivate();
}

void T1947Game::NextPrivate() {
  int n = static_cast<int>(order_.size());
  ++auction_;
  high_bid_ = 0;
  high_bidder_ = -1;
  passes_ = 0;
  out_.assign(players_.size(), false);
  if (auction_ >= static_cast<int>(data_->privates.size())) {
    StartStockRound(true);  // 3.7
    return;
  }
  opener_ = (opener_ + 1) % n;  // 3.2: the next auction begins with the player to the left
  to_act_ = opener_;
  round_ = Round::kAuction;
}

Status T1947Game::SetBnrPar(int player, int par) {
  if (round_ != Round::kBnrPar) return Illegal("3.1", "only the buyer of the P9 sets the BNR's par, on buying it");
  if (player != high_bidder_) return Error{ErrorKind::kNotYourTurn, "3.1", players_[high_bidder_].name + " sets the BNR's par"};
  const std::string& band = data_->phases[0].par_band;
  for (const MarketCell& c : data_->market.par.at(band)) {
    if (data_->market.Value(c) != par) continue;
    int bnr = data_->RailwayIndex("BNR");
    Railway1947& r = railways_[bnr];
    const RailwayDef& def = data_->railways[bnr];
    r.par = par;
    r.token = c;
    r.president_sold = true;
    r.io_units -= def.president_percent / 10;
    r.operational = true;                            // 5.2.3
    r.treasury = par * def.president_percent / 10;  // 5.2.3: the par of the president's certificate
    Player1947& p = players_[player];
    p.units[bnr] += def.president_percent / 10;
    p.president[bnr] = true;
    NextPrivate();
    return OkStatus();
  }
  return Illegal("5.2", "the par must be one of the " + band + " band's prices");
}

int T1947Game::WealthPoints(int player) const {
  const Player1947& p = players_[player];
  int points = static_cast<int>(p.privates.size());
  for (size_t r = 0; r < railways_.size(); ++r) points += p.units[r];  // 3.6: 30% → 3, 20% → 2, 10% → 1
  return points;
}

int T1947Game::Certificates(int player) const {
  const Player1947& p = players_[player];
  int count = static_cast<int>(p.privates.size());
  for (size_t r = 0; r < railways_.size(); ++r) {
    if (p.units[r] == 0) continue;
    int pres = p.president[r] ? data_->railways[r].president_percent / 10 : 0;
    count += (p.president[r] ? 1 : 0) + (p.units[r] - pres);  // 5.7: a president's certificate counts 1
  }
  return count;
}

int T1947Game::MarketValue(const std::string& initials) const {
  const Railway1947& r = railway(initials);
  return r.par == 0 ? 0 : data_->market.Value(r.token);
}

void T1947Game::DealOrder(bool wealthiest_first) {
  // 3.6: certificates (wealth points), then bonds, then cash; an absolute tie swaps the cards.
  std::vector<int> previous_card(players_.size());
  for (size_t k = 0; k < order_.size(); ++k) previous_card[order_[k]] = static_cast<int>(k);
  std::vector<int> next = order_;
  std::stable_sort(next.begin(), next.end(), [&](int a, int b) {
    auto key = [&](int i) { return std::tuple(WealthPoints(i), players_[i].bonds, players_[i].cash); };
    if (key(a) != key(b)) return wealthiest_first ? key(a) > key(b) : key(a) < key(b);
    return previous_card[a] > previous_card[b];
  });
  order_ = next;
}

void T1947Game::StartStockRound(bool wealthiest_first) {
  DealOrder(wealthiest_first);
  round_ = Round::kStockRound;
  sr_to_act_ = 0;
  consecutive_passes_ = 0;
  traded_ = false;
  for (auto& row : sold_this_round_) row.assign(railways_.size(), false);
}

Status T1947Game::Buy(int player, const std::string& initials, bool from_pool, int par) {
  if (round_ != Round::kStockRound) return Illegal("5.0", "certificates are bought in a stock round");
  if (Status s = CheckTurn(player); !s) return Error{s.error().kind, "5.0", s.error().message};
  int ri = data_->RailwayIndex(initials);
  if (ri < 0) return Malformed("no railway company " + initials);
  const RailwayDef& def = data_->railways[ri];
  Railway1947& r = railways_[ri];
  Player1947& p = players_[player];
  if (sold_this_round_[player][ri]) return Illegal("5.3", "a player who sold " + initials + " may not buy it again this stock round");
  int limit = data_->player_counts.at(static_cast<int>(players_.size())).certificate_limit;
  if (Certificates(player) + 1 > limit) return Illegal("5.7", "the certificate limit is " + std::to_string(limit));
  if (!r.president_sold) {
    if (from_pool) return Illegal("5.3.1", "the bank pool share of " + initials + " may be bought only once its president's certificate is bought and its par set");
    if (def.incremental && round_ == Round::kStockRound && private_owner_.back() == -1 && hammer_.back() >= 0) {
      return Illegal("3.1", "the BNR's president's certificate went with the P9");
    }
    const std::string& band = data_->phases[0].par_band;
    const MarketCell* cell = nullptr;
    for (const MarketCell& c : data_->market.par.at(band)) {
      if (data_->market.Value(c) == par) cell = &c;
    }
    if (!cell) return Illegal("5.2", "the par must be one of the " + band + " band's prices");
    int cost = par * def.president_percent / 10;  // 5.2: 2 x par (3 x for the BNR)
    if (cost > p.cash) return Illegal("5.2", "the president's certificate costs Rs." + std::to_string(cost));
    p.cash -= cost;
    r.par = par;
    r.token = *cell;
    r.president_sold = true;
    r.io_units -= def.president_percent / 10;
    p.units[ri] += def.president_percent / 10;
    p.president[ri] = true;
    if (def.incremental) {
      r.operational = true;  // 5.2.3: the BNR operates with its president's certificate sold (P9 removed, 3.2)
      r.treasury += cost;
    }
  } else {
    if (par != 0) return Illegal("5.2", "only the buyer of the president's certificate sets the par");
    int price = from_pool ? data_->market.Value(r.token) : r.par;  // 5.3.1, 5.3.2
    if (from_pool ? r.pool_units == 0 : r.io_units == 0) {
      return Illegal(from_pool ? "5.3.1" : "5.3.2", std::string("no ") + initials + " share is left in the " + (from_pool ? "bank pool" : "initial offer"));
    }
    if (first_sr_ && (p.units[ri] + 1) * 10 > 60) return Illegal("5.8", "in the first stock round no player may own more than 60% of a company");
    if (price > p.cash) return Illegal("5.3", "the share costs Rs." + std::to_string(price));
    p.cash -= price;
    p.units[ri] += 1;
    if (from_pool) {
      r.pool_units -= 1;
    } else {
      r.io_units -= 1;
      if (def.incremental) r.treasury += price;  // 5.2.3: the BNR receives what its initial offer sells for
    }
  }
  if (!r.operational && !def.incremental && r.io_units <= 4) {
    r.operational = true;          // 5.2.1: 60% out of the initial offer (the drawn pool share counts)
    r.treasury += 10 * r.par;      // 5.2.2
  }
  traded_ = true;
  EndSrTurn(false);
  return OkStatus();
}

Status T1947Game::Pass(int player) {
  if (round_ != Round::kStockRound) return Illegal("5.1", "passing ends a stock round turn; there is no stock round now");
  if (Status s = CheckTurn(player); !s) return Error{s.error().kind, "5.1", s.error().message};
  EndSrTurn(true);
  return OkStatus();
}

void T1947Game::EndSrTurn(bool passed) {
  consecutive_passes_ = passed ? consecutive_passes_ + 1 : 0;
  if (consecutive_passes_ == static_cast<int>(players_.size())) {
    EndStockRound();  // 4.1: all players passed consecutively
    return;
  }
  sr_to_act_ = (sr_to_act_ + 1) % static_cast<int>(order_.size());
}

void T1947Game::EndStockRound() {
  if (traded_) DealOrder(false);  // 5.12.1: poorest first; unchanged when nobody bought or sold
  // 5.12.2: a company whose shares are all owned by players moves up (down and right from the top).
  for (Railway1947& r : railways_) {
    if (!r.president_sold || r.io_units > 0 || r.pool_units > 0) continue;
    MarketCell up{r.token.row - 1, r.token.column};
    if (data_->market.Exists(up)) {
      r.token = up;
    } else {
      MarketCell down_right{r.token.row + 1, r.token.column + 1};
      if (data_->market.Exists(down_right)) r.token = down_right;
    }
  }
  first_sr_ = false;
  round_ = Round::kOperatingRound;  // part II: operating rounds are not supported yet
}

}  // namespace mailrun::engine::t1947

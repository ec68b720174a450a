// 1947 setup, the private company auction, the P9 and P4, and the player order cards
// (see game.h).
#include <algorithm>
#include <numeric>
#include <tuple>

#include "engine/core/structured_text.h"
#include "engine/titles/t1947/game.h"

namespace mailrun::engine::t1947 {

int Player1947::TotalBonds() const {
  int total = 0;
  for (size_t r = 0; r < bonds.size(); ++r) total += bonds[r] + new_bonds[r];
  return total;
}

Result<T1947Game> T1947Game::Setup(const T1947Data& data, std::vector<std::string> players, std::vector<int> cards,
                                   std::vector<std::string> pool_draws) {
  int n = static_cast<int>(players.size());
  auto count = data.player_counts.find(n);
  if (count == data.player_counts.end()) return Illegal("1947.refusal.auction.1947_3_6_players", "1.0", "1947 is for 3 to 6 players");
  std::vector<int> sorted = cards;
  std::sort(sorted.begin(), sorted.end());
  std::vector<int> expected(n);
  std::iota(expected.begin(), expected.end(), 1);
  if (sorted != expected) return Illegal("1947.refusal.auction.each_player_receives_one_player", "2.1", "each player receives one player order card, 1 to " + std::to_string(n)).With({param::Count("players", n)});
  T1947Game g;
  g.data_ = &data;
  size_t railways = data.railways.size();
  g.railways_.resize(railways);
  g.shares_ = ShareLedger(n, static_cast<int>(railways), kUnitsPerRailway);
  for (size_t r = 0; r < railways; ++r) g.railways_[r].bonds_unissued = data.railways[r].bonds;
  std::vector<int> groups;
  for (const std::string& name : pool_draws) {
    int i = data.RailwayIndex(name);
    if (i < 0 || data.railways[i].pool_draw_group == 0) return Illegal("1947.refusal.auction.not_among_railways_whose_share", "2.3", name + " is not among the railways whose share is drawn").With({param::Text("company", name)});
    int group = data.railways[i].pool_draw_group;
    if (std::count(groups.begin(), groups.end(), group)) return Illegal("1947.refusal.auction.one_share_drawn_each_group", "2.3", "one share is drawn from each group");
    groups.push_back(group);
    g.shares_.Move(ShareHolder::Bank(), ShareHolder::Pool(), i, 1);
  }
  if (groups.size() != 2) return Illegal("1947.refusal.auction.one_share_drawn_each_two", "2.3", "one share is drawn from each of the two groups");
  for (int i = 0; i < n; ++i) {
    Player1947 p;
    p.name = players[i];
    p.cash = count->second.starting_cash;  // 2.3 m
    p.savings.assign(railways, 0);
    p.president.assign(railways, false);
    p.protected_units.assign(railways, 0);
    p.bonds.assign(railways, 0);
    p.new_bonds.assign(railways, 0);
    g.players_.push_back(std::move(p));
  }
  g.order_.assign(n, 0);
  for (int i = 0; i < n; ++i) g.order_[cards[i] - 1] = i;
  g.hammer_.assign(data.privates.size(), -1);
  g.private_owner_.assign(data.privates.size(), -1);
  g.removed_.assign(data.privates.size(), false);
  g.private_railway_.assign(data.privates.size(), -1);
  g.out_.assign(n, false);
  g.sold_this_round_.assign(n, std::vector<bool>(railways, false));
  for (const TrainDef& t : data.trains) g.bank_trains_.push_back(t.count);  // 2.3, Appendix 3
  g.rusted_trains_.assign(data.trains.size(), 0);
  g.board_ = Board1947::Start(data);  // 2.3: every tile in the supply, the sites' workers on them
  return g;
}

int T1947Game::ActivePlayer() const {
  if (finished_) return -1;
  switch (round_) {
    case Round::kAuction: return order_[to_act_];
    case Round::kBnrPar: return high_bidder_;
    case Round::kStockRound:
      if (protection_) return PresidentOf(protection_->railway);
      if (bond_offer_) return bond_offer_->to_ask.front();
      if (conversion_) return PresidentOf(conversion_->railway);
      return order_[sr_to_act_];
    case Round::kOperatingRound:
      if (train_sale_) return PresidentOf(train_sale_->seller);
      if (private_purchase_) return private_owner(private_purchase_->private_number);  // 3.3
      if (!excess_.empty()) return PresidentOf(excess_.front());
      return or_set_.company < 0 ? -1 : PresidentOf(or_set_.company);
  }
  return -1;
}

Status T1947Game::CheckAuctionTurn(int player) const {
  if (round_ != Round::kAuction) return Illegal("1947.refusal.auction.no_private_company_being_auctioned", "3.2", "no private company is being auctioned");
  if (player < 0 || player >= player_count()) return Malformed("1947.refusal.auction.no_such_player", "no such player");
  if (ActivePlayer() != player) return OutOfTurn("1947.refusal.auction.s_turn_bid_pass", "3.2", "it is " + players_[ActivePlayer()].name + "'s turn to bid or pass").With({param::Seat("seat", ActivePlayer())});
  return OkStatus();
}

void T1947Game::AdvanceBidder() {
  int n = player_count();
  do { to_act_ = (to_act_ + 1) % n; } while (out_[order_[to_act_]] || order_[to_act_] == high_bidder_);
}

Status T1947Game::Bid(int player, int amount) {
  if (Status s = CheckAuctionTurn(player); !s) return s;
  if (amount > players_[player].cash) return Illegal("1947.refusal.auction.bid_not_exceed_player_s", "3.2", "a bid may not exceed the player's cash");
  if (high_bidder_ < 0 && amount < data_->minimum_bid) return Illegal("1947.refusal.auction.minimum_bid_rs", "3.2", "the minimum bid is Rs." + std::to_string(data_->minimum_bid)).With({param::Amount("min", data_->minimum_bid)});
  if (high_bidder_ >= 0 && amount < high_bid_ + data_->bid_increment) {
    return Illegal("1947.refusal.auction.bid_must_raise_last_one", "3.2", "a bid must raise the last one by at least Rs." + std::to_string(data_->bid_increment)).With({param::Amount("increment", data_->bid_increment)});
  }
  high_bid_ = amount;
  high_bidder_ = player;
  passes_ = 0;
  AdvanceBidder();
  return OkStatus();
}

Status T1947Game::PassBid(int player) {
  if (Status s = CheckAuctionTurn(player); !s) return s;
  int n = player_count();
  if (high_bidder_ < 0) {
    // With no bid standing a pass keeps the player in: a second round of the table follows, and
    // after two rounds of passes the private is removed from the game (3.2, docs/rulings.md 1947 #7).
    if (++passes_ == 2 * n) {
      removed_[auction_] = true;
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
  AdvanceBidder();
  return OkStatus();
}

void T1947Game::AwardPrivate() {
  Player1947& p = players_[high_bidder_];
  p.cash -= high_bid_;
  hammer_[auction_] = high_bid_;  // 3.2: noted on the hammer price sheet
  const PrivateDef& def = data_->privates[auction_];
  if (def.power == "president_certificate") {
    removed_[auction_] = true;  // 3.1 P9: discarded; its buyer takes the certificate and sets the par
    round_ = Round::kBnrPar;
    return;
  }
  p.privates.push_back(def.number);
  private_owner_[auction_] = high_bidder_;
  NextPrivate();
}

void T1947Game::NextPrivate() {
  ++auction_;
  high_bid_ = 0;
  high_bidder_ = -1;
  passes_ = 0;
  out_.assign(players_.size(), false);
  if (auction_ >= static_cast<int>(data_->privates.size())) {
    DealOrder(true);  // 3.7: the only time the wealthiest takes card 1
    StartStockRound();
    return;
  }
  opener_ = (opener_ + 1) % player_count();  // 3.2: the next auction begins to the left
  to_act_ = opener_;
  round_ = Round::kAuction;
}

Status T1947Game::SetBnrPar(int player, int par) {
  if (round_ != Round::kBnrPar) return Illegal("1947.refusal.auction.bnr_s_par_set_buyer", "3.1", "the BNR's par is set by the buyer of the P9 when buying it");
  if (player != high_bidder_) return OutOfTurn("1947.refusal.auction.sets_bnr_s_par", "3.1", players_[high_bidder_].name + " sets the BNR's par").With({param::Seat("seat", high_bidder_)});
  const std::string& band = data_->phases[CurrentPhase() - 1].par_band;
  int bnr = RailwayOf("BNR");
  const RailwayDef& def = data_->railways[bnr];
  for (const MarketCell& c : data_->market.par.at(band)) {
    if (data_->market.Value(c) != par) continue;
    Railway1947& r = railways_[bnr];
    r.par = par;
    r.token = c;
    r.president_sold = true;
    shares_.Move(ShareHolder::Bank(), ShareHolder::Player(player), bnr, def.president_percent / 10);
    r.floated_in_sr = 1;                             // bought before the first stock round
    r.operational = true;                            // 5.2.3
    r.treasury = par * def.president_percent / 10;  // 5.2.3, 8.0: "with Rs.300 in the Company Treasury"
    players_[player].president[bnr] = true;
    high_bidder_ = -1;
    NextPrivate();
    return OkStatus();
  }
  return Illegal("1947.refusal.auction.par_must_one_band_s", "5.2", "the par must be one of the " + band + " band's prices").With({param::Text("band", band)});
}

int T1947Game::WealthPoints(int player) const {
  const Player1947& p = players_[player];
  int points = static_cast<int>(p.privates.size());
  for (size_t r = 0; r < railways_.size(); ++r) points += shares_.HeldBy(player, r) + p.savings[r];  // 3.6: 30% → 3, 20% → 2
  return points;
}

int T1947Game::Certificates(int player) const {
  const Player1947& p = players_[player];
  int count = static_cast<int>(p.privates.size());
  for (size_t r = 0; r < railways_.size(); ++r) {
    int pres = p.president[r] ? data_->railways[r].president_percent / 10 : 0;
    count += (p.president[r] ? 1 : 0) + (shares_.HeldBy(player, r) - pres);  // 5.7: a president's certificate counts 1
    count += (p.savings[r] + 1) / 2;                              // 5.7: a pair of one company's savings counts 1
  }
  return count;
}

int T1947Game::MarketValue(const std::string& initials) const {
  const Railway1947& r = railway(initials);
  return r.president_sold ? data_->market.Value(r.token) : 0;
}

void T1947Game::DealOrder(bool wealthiest_first) {
  // 3.6: certificates (wealth points), then convertible bonds, then cash; an absolute tie swaps the
  // tied players' cards (the higher card goes lower and the lower higher).
  std::vector<int> previous(players_.size());
  for (size_t k = 0; k < order_.size(); ++k) previous[order_[k]] = static_cast<int>(k);
  std::vector<int> next = order_;
  std::stable_sort(next.begin(), next.end(), [&](int a, int b) {
    auto key = [&](int i) { return std::tuple(WealthPoints(i), players_[i].TotalBonds(), players_[i].cash); };
    if (key(a) != key(b)) return wealthiest_first ? key(a) > key(b) : key(a) < key(b);
    return previous[a] > previous[b];
  });
  order_ = next;
}

Status T1947Game::UseInsiderTrading(int player) {
  if (round_ != Round::kStockRound) return Illegal("1947.refusal.auction.p4_used_beginning_stock_round", "3.1", "the P4 is used at the beginning of a stock round");
  if (player < 0 || player >= player_count()) return Malformed("1947.refusal.auction.no_such_player", "no such player");
  const Player1947& p = players_[player];
  if (std::find(p.privates.begin(), p.privates.end(), 4) == p.privates.end()) return Illegal("1947.refusal.auction.does_not_own_p4", "3.1", p.name + " does not own the P4").With({param::Seat("seat", player)});
  if (anyone_acted_) return Illegal("1947.refusal.auction.p4_only_used_beginning_stock", "3.1", "the P4 may only be used at the beginning of a stock round, before the first turn");
  // 5.6.2: the P4 counts as an ordinary share and the ratio "must always be respected at the end of
  // the player's own Stock Round turn"; a turn that has done nothing ends with a pass, so a use
  // that leaves more than one savings share for every two ordinary shares is refused (1947
  // ruling 50).
  if (!SavingsRatioKeptWithoutAPrivate(player)) {
    return Illegal("1947.refusal.auction.p4_savings_ratio", "5.6.2",
                   p.name + " would own more than one savings share for every two ordinary shares without the P4")
        .With({param::Seat("seat", player)});
  }
  // 3.1 P4: discarded; its owner takes card 1, the others keep their relative order.
  players_[player].privates.erase(std::find(players_[player].privates.begin(), players_[player].privates.end(), 4));
  private_owner_[3] = -1;
  removed_[3] = true;
  order_.erase(std::find(order_.begin(), order_.end(), player));
  order_.insert(order_.begin(), player);
  sr_to_act_ = 0;
  return OkStatus();
}

}  // namespace mailrun::engine::t1947

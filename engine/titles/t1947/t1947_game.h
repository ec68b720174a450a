// The opening of a 1947 game: setup (2.1-2.3), the private company auction (3.2) with the P9 and
// the BNR (3.1, 5.2.3), the player order cards (3.6, 3.7, 5.12.1) and the purchases and passes of
// the stock round (5.1-5.3, 5.7, 5.8) with floating (5.2.1, 5.2.2). Selling, convertible bonds,
// savings shares and price protection are not implemented yet (see docs/board-data-1947.md and the
// t1947 report). Every refusal names its rule. A T1947Game is a value; not thread-safe.
#pragma once

#include <string>
#include <vector>

#include "engine/core/result.h"
#include "engine/titles/t1947/t1947_data.h"

namespace mailrun::engine::t1947 {

enum class Round { kAuction, kBnrPar, kStockRound, kOperatingRound };

struct Player1947 {
  std::string name;
  int cash = 0;
  std::vector<int> privates;         // numbers 1..9
  std::vector<int> units;            // per railway: 10% units held (president's certificate included)
  std::vector<bool> president;       // per railway
  int bonds = 0;
};

struct Railway1947 {
  int io_units = 10;        // 10% units still in the initial offer (president's certificate included)
  int pool_units = 0;
  bool president_sold = false;
  int par = 0;
  MarketCell token;
  bool operational = false;
  int treasury = 0;
};

class T1947Game {
 public:
  // Players in seating order; cards[i] is the player order card dealt to player i (2.1: 1 = first);
  // pool_draws are the railways whose 10% share the setup drew into the bank pool (2.3 d, e).
  static Result<T1947Game> Setup(const T1947Data& data, std::vector<std::string> players, std::vector<int> cards,
                                 std::vector<std::string> pool_draws);

  // 3.2: bid `amount` on the private being auctioned, or pass.
  Status Bid(int player, int amount);
  Status PassBid(int player);
  // 3.1 P9: the buyer of the P9 sets the BNR's par.
  Status SetBnrPar(int player, int par);
  // 5.2, 5.3: buy one certificate of `railway` from the initial offer or the bank pool; `par` when
  // it is the president's certificate. Ends the player's turn.
  Status Buy(int player, const std::string& railway, bool from_pool, int par = 0);
  Status Pass(int player);

  Round round() const { return round_; }
  int ActivePlayer() const;                 // -1 when nobody is to act
  const std::vector<int>& order() const { return order_; }  // player index by card: order()[0] holds card 1
  const Player1947& player(int i) const { return players_[i]; }
  const Railway1947& railway(const std::string& initials) const { return railways_[data_->RailwayIndex(initials)]; }
  int hammer_price(int private_number) const { return hammer_[private_number - 1]; }  // -1: unsold or removed
  int private_owner(int private_number) const { return private_owner_[private_number - 1]; }
  int auction_private() const { return auction_ + 1; }
  int WealthPoints(int player) const;       // 3.6
  int Certificates(int player) const;       // 5.7
  int MarketValue(const std::string& initials) const;

 private:
  const T1947Data* data_ = nullptr;
  std::vector<Player1947> players_;
  std::vector<Railway1947> railways_;
  std::vector<int> order_;
  std::vector<int> hammer_;
  std::vector<int> private_owner_;
  Round round_ = Round::kAuction;
  // auction (3.2)
  int auction_ = 0;            // index of the private being auctioned
  int opener_ = 0;             // position in order_ of the player who opens it
  int to_act_ = 0;             // position in order_
  int high_bid_ = 0;
  int high_bidder_ = -1;       // player index
  std::vector<bool> out_;      // per player: passed with a bid standing
  int passes_ = 0;             // consecutive passes with no bid standing
  // stock round (5)
  bool first_sr_ = true;
  int sr_to_act_ = 0;          // position in order_
  int consecutive_passes_ = 0;
  bool traded_ = false;
  std::vector<std::vector<bool>> sold_this_round_;

  Status CheckTurn(int player) const;
  void AwardPrivate();
  void NextPrivate();
  void StartStockRound(bool wealthiest_first);
  void DealOrder(bool wealthiest_first);
  void EndStockRound();
  void EndSrTurn(bool passed);
};

}  // namespace mailrun::engine::t1947

// 6.15.5: the president's own sales in a forced purchase of a train (T1947Game::ForcedSale).
#include <algorithm>

#include "engine/core/structured_text.h"
#include "engine/titles/t1947/game.h"
#include "engine/titles/t1947/rules/market.h"

namespace mailrun::engine::t1947 {

bool T1947Game::ForcedSaleDue() const {
  if (round_ != Round::kOperatingRound || or_set_.company < 0 || or_set_.step != OrStep::kBuyTrains || train_sale_ || temple_choice_ || site_advance_) return false;
  Result<bool> must = MustBuyTrain();
  if (!must.ok() || !*must) return false;
  const int cheapest = CheapestTrain();
  const int president = PresidentOf(or_set_.company);
  return cheapest >= 0 && president >= 0 && railways_[or_set_.company].treasury + players_[president].cash < cheapest;
}

Status T1947Game::ForcedSale(int player, const std::string& initials, int count, bool bonds) {
  if (Status turn = CheckOrTurn(player, "6.15.5"); !turn.ok()) return turn;
  const std::string& buyer = data_->railways[or_set_.company].initials;
  if (!ForcedSaleDue()) {
    return Illegal("1947.refusal.forced_sale.not_short", "6.15.5",
                   "shares and bonds are sold in an operating round only to make up the price of a train " + buyer + " must buy")
        .With({param::Company("company", buyer)});
  }
  const int ri = RailwayOf(initials);
  if (ri < 0) return Malformed("1947.refusal.forced_sale.no_railway_company", "no railway company " + initials).With({param::Text("company", initials)});
  if (count < 1) return Malformed("1947.refusal.forced_sale.sell_at_least_one", "sell at least one");
  Player1947& p = players_[player];
  Railway1947& r = railways_[ri];
  const int value = data_->market.Value(r.token);
  if (bonds) {
    // 5.4.2: bonds bought in the last stock round are not for sale in the operating round after it.
    if (count > p.bonds[ri]) {
      return Illegal("1947.refusal.forced_sale.bonds_held", "5.4.2", p.name + " may sell " + std::to_string(p.bonds[ri]) + " " + initials + " bonds")
          .With({param::Seat("seat", player), param::Count("count", p.bonds[ri]), param::Company("company", initials)});
    }
    p.bonds[ri] -= count;
    p.cash += count * (value / 2);  // 5.4.6: half the market value, no price change
    r.bonds_pool += count;
    return OkStatus();
  }
  const bool savings = p.savings[ri] > 0;
  const int held = savings ? p.savings[ri] : shares_.HeldBy(player, ri);
  if (count > held) {
    return Illegal("1947.refusal.forced_sale.holds_shares", "6.15.5", p.name + " holds " + std::to_string(held) + " " + initials + " shares")
        .With({param::Seat("seat", player), param::Count("count", held), param::Company("company", initials)});
  }
  if (shares_.InPool(ri) + count > 5) {  // 6.15.5: the bank pool holds at most 50%
    return Illegal("1947.refusal.forced_sale.bank_pool_full", "6.15.5", "the bank pool may hold at most 50% of " + initials)
        .With({param::Company("company", initials), param::Count("percent", 50)});
  }
  const std::vector<Player1947> players_before = players_;
  const ShareLedger shares_before = shares_;
  const auto undo = [&] {
    players_ = players_before;
    shares_ = shares_before;
  };
  if (savings) {
    p.savings[ri] -= count;
  } else {
    shares_.Remove(ShareHolder::Player(player), ri, count);  // to the pool below
  }
  p.cash += value * count;  // 5.5: each share at the market value
  const int ordinary = shares_.HeldBy(player, ri);
  p.protected_units[ri] = std::min(p.protected_units[ri], ordinary);
  if (p.president[ri]) {
    // 6.15.5: never the operating railway's presidency; another railway's president's certificate
    // only in exchange for another player's 10% shares (5.9).
    const int units = data_->railways[ri].president_percent / 10;
    int best = 0;
    for (int other = 0; other < player_count(); ++other) {
      if (other != player) best = std::max(best, shares_.HeldBy(other, ri));
    }
    if (ordinary < units || best > ordinary) {
      if (ri == or_set_.company) {
        undo();
        return Illegal("1947.refusal.forced_sale.presidency", "6.15.5", "the sale would pass the presidency of " + initials + " to another player")
            .With({param::Company("company", initials)});
      }
      if (best < units || best <= ordinary) {
        undo();
        return Illegal("1947.refusal.forced_sale.president_certificate", "6.15.5",
                       "the president's certificate of " + initials + " can be sold only in exchange for another player's " +
                           std::to_string(units) + " ordinary 10% shares")
            .With({param::Company("company", initials), param::Count("shares", units)});
      }
      ChangePresidency(ri, player);
    }
  }
  if (!SavingsRatioKept(player)) {  // 5.6.2: kept in a forced sale too
    undo();
    return Illegal("1947.refusal.forced_sale.ratio", "5.6.2", "the sale would leave more than one savings share for every two ordinary shares");
  }
  shares_.Add(ShareHolder::Pool(), ri, count);
  r.token = MoveDown(data_->market, r.token, count);  // 6.15.5: the tokens move (5.5: a row per share)
  return OkStatus();
}

}  // namespace mailrun::engine::t1947

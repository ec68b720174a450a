// The end of a 1947 game (7.0): a company at the market's end value, bankruptcy after a forced
// train purchase (6.15.5), and what a company that must own a train has to pay (see game.h).
#include <algorithm>

#include "engine/core/structured_text.h"
#include "engine/titles/t1947/game.h"

namespace mailrun::engine::t1947 {

void T1947Game::NoteMarketEnd() {
  for (const Railway1947& r : railways_) {
    if (r.president_sold && data_->market.Value(r.token) >= data_->market.end_value) market_end_ = true;
  }
}

void T1947Game::Finish(std::string reason) {
  finished_ = true;
  end_reason_ = std::move(reason);
  or_set_.EndTurn();
}

int T1947Game::CheapestTrain() const {
  int cheapest = -1;
  if (const TrainDef* next = AvailableTrain()) cheapest = next->price;
  for (const std::string& name : pool_trains_) {
    const int price = data_->trains[data_->TrainIndex(name)].price;
    if (cheapest < 0 || price < cheapest) cheapest = price;
  }
  return cheapest;
}

// 6.15: once floated, unless it has no legal route, a company must own a train.
Result<bool> T1947Game::MustBuyTrain() const {
  if (!railways_[or_set_.company].trains.empty()) return false;
  return hooks_->has_legal_route(*this, or_set_.company);
}

Status T1947Game::DeclareBankruptcy(int player) {
  if (Status turn = CheckOrTurn(player, "6.15.5"); !turn.ok()) return turn;
  const Railway1947& r = railways_[or_set_.company];
  const std::string& name = data_->railways[or_set_.company].initials;
  Result<bool> must = MustBuyTrain();
  if (!must.ok()) return must.error();
  if (or_set_.step != OrStep::kBuyTrains || !*must) {
    return Illegal("1947.refusal.end.no_forced_purchase", "6.15.5", name + " need not buy a train now").With({param::Company("company", name)});
  }
  const int cheapest = CheapestTrain();
  if (cheapest >= 0 && r.treasury + players_[player].cash >= cheapest) {
    return Illegal("1947.refusal.end.can_pay_cheapest", "6.15.5",
                   name + "'s " + "Rs." + std::to_string(r.treasury) + " and " + players_[player].name + "'s Rs." + std::to_string(players_[player].cash) + " pay the cheapest train")
        .With({param::Company("company", name), param::Amount("treasury", r.treasury), param::Seat("seat", player), param::Amount("cash", players_[player].cash)});
  }
  // 6.15.5: only a president who "fails to raise enough money" by selling shares and bonds is
  // bankrupt (docs/rulings.md, 1947 ruling 49): while any sale can be made, they sell first.
  for (const RailwayDef& def : data_->railways) {
    for (bool bonds : {false, true}) {
      T1947Game trial = *this;
      if (trial.ForcedSale(player, def.initials, 1, bonds).ok()) {
        return Illegal("1947.refusal.end.sell_first", "6.15.5",
                       players_[player].name + " can still sell " + (bonds ? "bonds" : "shares") + " of " + def.initials + " to raise the money")
            .With({param::Seat("seat", player), param::Company("company", def.initials)});
      }
    }
  }
  // 7.0 (2): the game ends.
  Finish(players_[player].name + " went bankrupt (6.15.5, 7.0)");
  return OkStatus();
}

}  // namespace mailrun::engine::t1947

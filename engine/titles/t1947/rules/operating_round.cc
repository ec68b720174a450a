// 1947's operating rounds (4.2, 6.0): the set of 1-3 rounds after each stock round, the season
// (6.1, 6.13.1), private revenue (3.4, 6.2), the operating order (4.2.1) and a company's steps in
// the order of 4.2 and 6.3 (see game.h). The steps' own actions (track, stations, workers,
// runs) are carried out by the game's OperatingHooks (DefaultOperatingHooks, game.h).
#include <algorithm>

#include "engine/core/structured_text.h"
#include "engine/titles/t1947/game.h"
#include "engine/titles/t1947/rules/market.h"

namespace mailrun::engine::t1947 {

void NoteTokenMovesAfterAction(T1947Game& game) { game.NoteTokenMoves(); }

// 4.2.1: "Each time a Stock Market Token enters a new space, it is placed under any already present."
void T1947Game::NoteTokenMoves() {
  for (Railway1947& r : railways_) {
    if (!r.president_sold || r.arrived_at == r.token) continue;
    r.arrived_at = r.token;
    r.arrival = ++arrivals_;
  }
  NoteMarketEnd();
}

std::vector<int> T1947Game::OperatingOrder() const {
  std::vector<int> order;
  for (size_t r = 0; r < railways_.size(); ++r) {
    if (railways_[r].operational) order.push_back(static_cast<int>(r));
  }
  const MarketDef& m = data_->market;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    const Railway1947& x = railways_[a];
    const Railway1947& y = railways_[b];
    if (m.Value(x.token) != m.Value(y.token)) return m.Value(x.token) > m.Value(y.token);  // highest value first
    if (x.token.column != y.token.column) return x.token.column > y.token.column;          // the column furthest right
    return x.arrival < y.arrival;                                                            // top of the stack first
  });
  return order;
}

void T1947Game::StartOperatingRound() {
  NoteTokenMoves();
  round_ = Round::kOperatingRound;
  or_set_.BeginRound();
  season_ = (season_ + 1) % 4;  // 6.1, 6.13.1 (docs/rulings.md, 1947: the first operating round is in the monsoon)
  for (int p = 0; p < player_count(); ++p) {  // 3.4, 6.2: to player owners only; the P9 pays nothing
    for (int number : players_[p].privates) players_[p].cash += data_->privates[number - 1].revenue;
  }
  for (Railway1947& r : railways_) r.operated = false;
  RemoveTemplesOfNewRailways();
  NextRailway();
}

// 4.2.1: the next to operate is the one first in the order now among those that have not
// operated, so a token moved during the round counts where it stands (docs/rulings.md, 1947).
void T1947Game::NextRailway() {
  NoteTokenMoves();
  for (int r : OperatingOrder()) {
    if (railways_[r].operated) continue;
    or_set_.BeginTurn(r, OrStep::kLayTrack);
    railways_[r].operated = true;
    BeginTurn();
    return;
  }
  or_set_.EndTurn();
  if (market_end_) {  // 7.0 (1): at the end of the operating round in which a company reached the end
    Finish("a company reached the end of the stock market (7.0)");
  } else if (or_set_.MoreRounds()) {  // 4.0: the number of rounds in a set was fixed after the stock round
    StartOperatingRound();
  } else {
    StartStockRound();
  }
}

Status T1947Game::CheckOrTurn(int player, const char* rule) const {
  if (round_ != Round::kOperatingRound || or_set_.company < 0) return Illegal("1947.refusal.operating.no_operating_round", rule, "there is no operating round now");
  if (player < 0 || player >= player_count()) return Malformed("1947.refusal.operating.no_such_player", "no such player");
  if (train_sale_) {
    const int seat = PresidentOf(train_sale_->seller);
    return OutOfTurn("1947.refusal.operating.train_offer_first", "6.15.2", players_[seat].name + " answers the offer for a train first")
        .With({param::Seat("seat", seat)});
  }
  if (private_purchase_) {
    const int seat = private_owner(private_purchase_->private_number);
    return OutOfTurn("1947.refusal.operating.private_offer_first", "3.3", players_[seat].name + " answers the offer for a private first")
        .With({param::Seat("seat", seat)});
  }
  if (temple_choice_) {
    const int seat = PresidentOf(*temple_choice_);
    return OutOfTurn("1947.refusal.operating.temple_bonus_first", "6.8.2", players_[seat].name + " first takes or refuses the temple's expatriation bonus")
        .With({param::Seat("seat", seat)});
  }
  if (site_advance_) {
    const int seat = PresidentOf(site_advance_->railway);
    return OutOfTurn("1947.refusal.operating.site_advance_first", "6.10", players_[seat].name + " first advances the token or declines")
        .With({param::Seat("seat", seat)});
  }
  if (!excess_.empty()) {
    const int seat = PresidentOf(excess_.front());
    const std::string& name = data_->railways[excess_.front()].initials;
    return OutOfTurn("1947.refusal.operating.excess_first", "6.15.5", players_[seat].name + " first puts " + name + "'s excess train in the bank pool")
        .With({param::Seat("seat", seat), param::Company("company", name)});
  }
  const int president = PresidentOf(or_set_.company);
  if (player != president) {
    return OutOfTurn("1947.refusal.operating.president_operates", "4.2", players_[president].name + " operates " + data_->railways[or_set_.company].initials)
        .With({param::Seat("seat", president), param::Company("company", data_->railways[or_set_.company].initials)});
  }
  return OkStatus();
}

Status T1947Game::OperateStep(int player, OrStep step, const std::function<Status(T1947Game&, int)>& body) {
  if (Status turn = CheckOrTurn(player, "4.2"); !turn.ok()) return turn;
  if (or_set_.Passed(step)) return Illegal("1947.refusal.operating.step_passed", "4.2", "the company's turn has passed that step");
  T1947Game next = *this;
  next.or_set_.Reach(step);  // 4.2: a later step ends the earlier ones
  if (Status s = body(next, or_set_.company); !s.ok()) return s;
  if (step == OrStep::kRunTrains) next.or_set_.Reach(OrStep::kBuyTrains);  // 4.2: one run, then trains are bought
  *this = std::move(next);
  return OkStatus();
}

// 4.2, 6.3: the president ends the current step; the last one ends the company's turn.
Status T1947Game::FinishStep(int player) {
  if (Status turn = CheckOrTurn(player, "4.2"); !turn.ok()) return turn;
  const Railway1947& r = railways_[or_set_.company];
  const std::string& name = data_->railways[or_set_.company].initials;
  switch (or_set_.step) {
    case OrStep::kLayTrack:
    case OrStep::kPlaceStation:
    case OrStep::kUseWorkers: break;
    case OrStep::kRunTrains:
      if (!r.trains.empty()) {  // 6.14: a company with trains runs them (a run may earn nothing)
        return Illegal("1947.refusal.operating.must_run", "6.14", name + " runs its trains before buying trains").With({param::Company("company", name)});
      }
      // 6.14: "If the Company has not been able to run trains for any reason (eg: not owning a
      // train) its revenue is therefore equal to Rs. 0, so the Token will move one column to the
      // left" (8.0: each railway of the first operating round).
      railways_[or_set_.company].token = MoveLeft(data_->market, railways_[or_set_.company].token);
      railways_[or_set_.company].last_runs.clear();  // it ran no train this turn
      railways_[or_set_.company].last_revenue = 0;
      break;
    case OrStep::kBuyTrains: {
      if (r.trains.empty()) {  // 6.15: a company with a legal route must own a train
        Result<bool> must = MustBuyTrain();
        if (!must.ok()) return must.error();
        if (*must) return Illegal("1947.refusal.operating.must_own_train", "6.15", name + " has a legal route and must buy a train").With({param::Company("company", name)});
      }
      NextRailway();
      return OkStatus();
    }
  }
  or_set_.NextStep();
  return OkStatus();
}

}  // namespace mailrun::engine::t1947

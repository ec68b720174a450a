// 1947's trains and phases (4.0, 6.15): the bank's roster sold in order of size, the bank pool,
// sales between companies at an agreed price, the train limit, the phase each first train starts,
// rusting and excess trains (see game.h).
#include <algorithm>

#include "engine/core/structured_text.h"
#include "engine/titles/t1947/game.h"

namespace mailrun::engine::t1947 {
namespace {

std::string Money(int rupees) { return "Rs." + std::to_string(rupees); }

}  // namespace

const TrainDef* T1947Game::AvailableTrain() const {
  for (size_t t = 0; t < data_->trains.size(); ++t) {  // 6.15.1: in order of increasing size
    if (bank_trains_[t] > 0 || data_->trains[t].unlimited) return &data_->trains[t];
  }
  return nullptr;
}

int T1947Game::TrainLimit() const { return engine::TrainLimit(data_->phases, phase_); }

Status T1947Game::BuyTrain(int player, const std::string& train, const std::string& from, int price) {
  if (Status turn = CheckOrTurn(player, "6.15"); !turn.ok()) return turn;
  if (or_set_.step != OrStep::kBuyTrains) return OutOfTurn("1947.refusal.trains.bought_after_run", "4.2", "trains are bought after the company has run its trains");
  return BuyTrainAtAnyStep(player, train, from, price, /*p8=*/false);
}

// 6.15 (and 3.1 P8, `p8`: the P8 is discarded once the train is the buyer's).
Status T1947Game::BuyTrainAtAnyStep(int player, const std::string& train, const std::string& from, int price, bool p8) {
  const int buyer = or_set_.company;
  const std::string& buyer_name = data_->railways[buyer].initials;
  const int type = data_->TrainIndex(train);
  if (type < 0) return Malformed("1947.refusal.trains.no_such_train", "no train " + train + " in 1947").With({param::Train("train", train)});
  Railway1947& r = railways_[buyer];
  if (static_cast<int>(r.trains.size()) >= TrainLimit()) {  // 6.15.4
    return Illegal("1947.refusal.trains.at_train_limit", "6.15.4", buyer_name + " is at the train limit of " + std::to_string(TrainLimit()))
        .With({param::Company("company", buyer_name), param::Count("limit", TrainLimit())});
  }
  const int face = data_->trains[type].price;
  if (from.empty() || from == "pool") {
    if (from.empty()) {
      const TrainDef* next = AvailableTrain();
      if (next == nullptr || next->name != train) {  // 6.15.1
        const std::string available = next == nullptr ? "none" : next->name;
        return Illegal("1947.refusal.trains.bank_sells_in_order", "6.15.1", "the bank sells trains in order of size: the next is " + available)
            .With({param::Train("train", available)});
      }
    } else if (std::find(pool_trains_.begin(), pool_trains_.end(), train) == pool_trains_.end()) {  // 6.15.3
      return Illegal("1947.refusal.trains.not_in_pool", "6.15.3", "the bank pool holds no " + train).With({param::Train("train", train)});
    }
    const int president_pays = face - r.treasury;
    if (president_pays > 0 && face == CheapestTrain() && r.trains.empty()) {
      // 6.15.5: a forced purchase of the cheapest train; the president makes up the difference.
      Result<bool> must = MustBuyTrain();
      if (!must.ok()) return must.error();
      if (*must && players_[player].cash >= president_pays) {
        players_[player].cash -= president_pays;
        r.treasury = face;
      } else if (*must) {
        return Illegal("1947.refusal.trains.forced_purchase_short", "6.15.5",
                       players_[player].name + " cannot make up the " + Money(president_pays) + " the " + train + " costs beyond " + buyer_name + "'s treasury")
            .With({param::Seat("seat", player), param::Amount("amount", president_pays), param::Train("train", train), param::Company("company", buyer_name)});
      }
    }
    if (r.treasury < face) {  // 6.3: no credit
      return Illegal("1947.refusal.trains.treasury_short", "6.3", buyer_name + " has " + Money(r.treasury) + ", the " + train + " costs " + Money(face))
          .With({param::Company("company", buyer_name), param::Amount("treasury", r.treasury), param::Train("train", train), param::Amount("price", face)});
    }
    r.treasury -= face;
    r.trains.push_back(train);
    if (from.empty()) {
      if (!data_->trains[type].unlimited) --bank_trains_[type];
      if (std::optional<int> phase = PhaseStartedBy(data_->phases, phase_, train)) EnterPhase(*phase, buyer);  // 6.15.1, 4.0
    } else {
      pool_trains_.erase(std::find(pool_trains_.begin(), pool_trains_.end(), train));
    }
    if (p8) DiscardPrivate(8);
    return OkStatus();
  }
  // 6.15.2: from another company at an agreed price of at least Rs.1.
  const int seller = data_->RailwayIndex(from);
  if (seller < 0) return Malformed("1947.refusal.trains.no_such_seller", "no 1947 railway company " + from).With({param::Text("company", from)});
  if (seller == buyer) return Illegal("1947.refusal.trains.own_train", "6.15.2", buyer_name + " cannot buy its own train").With({param::Company("company", buyer_name)});
  const Railway1947& s = railways_[seller];
  if (std::find(s.trains.begin(), s.trains.end(), train) == s.trains.end()) {
    return Illegal("1947.refusal.trains.seller_has_no_train", "6.15.2", from + " owns no " + train).With({param::Company("company", from), param::Train("train", train)});
  }
  if (price < 1) return Illegal("1947.refusal.trains.price_at_least_1", "6.15.2", "a train costs at least Rs.1 between companies, not " + Money(price)).With({param::Amount("price", price)});
  if (r.treasury < price) {
    return Illegal("1947.refusal.trains.treasury_short", "6.3", buyer_name + " has " + Money(r.treasury) + ", the " + train + " costs " + Money(price))
        .With({param::Company("company", buyer_name), param::Amount("treasury", r.treasury), param::Train("train", train), param::Amount("price", price)});
  }
  if (PresidentOf(seller) == player) {  // the same president agrees with themself
    TransferTrain(buyer, train, price, seller);
    if (p8) DiscardPrivate(8);
  } else {
    train_sale_ = PendingTrainSale{buyer, seller, train, price, p8};
  }
  return OkStatus();
}

Status T1947Game::AnswerTrainSale(int player, bool accept) {
  if (!train_sale_) return Illegal("1947.refusal.trains.no_train_offer", "6.15.2", "no company has asked to buy a train");
  const int seller_president = PresidentOf(train_sale_->seller);
  if (player != seller_president) {
    return OutOfTurn("1947.refusal.trains.seller_answers", "6.15.2", players_[seller_president].name + " answers for " + data_->railways[train_sale_->seller].initials)
        .With({param::Seat("seat", seller_president), param::Company("company", data_->railways[train_sale_->seller].initials)});
  }
  PendingTrainSale sale = *train_sale_;
  train_sale_.reset();
  if (accept) TransferTrain(sale.buyer, sale.train, sale.price, sale.seller);
  if (accept && sale.p8) DiscardPrivate(8);  // 3.1 P8: refused, the railway keeps its P8
  return OkStatus();
}

void T1947Game::TransferTrain(int buyer, const std::string& train, int price, int seller) {
  std::vector<std::string>& sold = railways_[seller].trains;
  sold.erase(std::find(sold.begin(), sold.end(), train));
  railways_[seller].treasury += price;
  railways_[buyer].treasury -= price;
  railways_[buyer].trains.push_back(train);
}

// 4.0, 6.15.5: the new phase rusts the trains its train card names, in the companies and in the
// bank pool; every company over the new limit must discard, the buyer first, then the others in
// operating order (docs/rulings.md, 1947).
void T1947Game::EnterPhase(int phase, int buyer) {
  phase_ = phase;
  auto rusted = [&](const std::string& name) {
    const int t = data_->TrainIndex(name);
    if (!Rusted(data_->trains[t], phase_)) return false;
    ++rusted_trains_[t];
    return true;
  };
  for (Railway1947& r : railways_) std::erase_if(r.trains, rusted);
  std::erase_if(pool_trains_, rusted);
  excess_.clear();
  if (static_cast<int>(railways_[buyer].trains.size()) > TrainLimit()) excess_.push_back(buyer);
  for (int r : OperatingOrder()) {
    if (r != buyer && static_cast<int>(railways_[r].trains.size()) > TrainLimit()) excess_.push_back(r);
  }
}

Status T1947Game::DiscardTrain(int player, const std::string& railway, const std::string& train) {
  if (excess_.empty()) return Illegal("1947.refusal.trains.no_excess", "6.15.5", "no company has more trains than the limit");
  const int r = RailwayOf(railway);
  const int must = excess_.front();
  const std::string& name = data_->railways[must].initials;
  if (r != must) return OutOfTurn("1947.refusal.trains.other_discards_first", "6.15.5", name + " discards first").With({param::Company("company", name)});
  if (player != PresidentOf(must)) {
    return OutOfTurn("1947.refusal.trains.president_discards", "6.15.5", players_[PresidentOf(must)].name + " chooses " + name + "'s excess train")
        .With({param::Seat("seat", PresidentOf(must)), param::Company("company", name)});
  }
  std::vector<std::string>& trains = railways_[must].trains;
  auto it = std::find(trains.begin(), trains.end(), train);
  if (it == trains.end()) return Illegal("1947.refusal.trains.discard_not_owned", "6.15.5", name + " owns no " + train).With({param::Company("company", name), param::Train("train", train)});
  trains.erase(it);
  pool_trains_.push_back(train);  // 6.15.5: to the bank pool, with no compensation
  if (static_cast<int>(trains.size()) <= TrainLimit()) excess_.erase(excess_.begin());
  return OkStatus();
}

}  // namespace mailrun::engine::t1947

#include "engine/titles/t1947/bot.h"

#include <map>

#include "engine/core/rng.h"

namespace mailrun::engine::t1947 {
namespace {

using Kind = mailrun::v1::Action::KindCase;

// The weight of a kind of action, shared among the listed actions of that kind (so that the
// number of tiles and rotations on offer does not drown ending the step, say). A weight of 0 is
// never chosen while anything else is listed.
double KindWeight(const mailrun::v1::Action& a, int64_t min_bid, int64_t cash) {
  switch (a.kind_case()) {
    case Kind::kBidPrivate1947: return min_bid * 3 <= cash ? 2.0 : 0.3;  // 3.2: bid while it is cheap
    case Kind::kPassPrivate1947: return 1.0;
    case Kind::kUseInsiderTrading1947: return 0.3;                        // 3.1 P4
    case Kind::kBuyPresidentCertificate1947: return 2.0;                  // 5.2
    case Kind::kBuyShare1947: return a.buy_share_1947().savings() ? 0.5 : 4.0;  // 5.3, 5.6.3
    case Kind::kSellShares1947: return a.sell_shares_1947().count() == 1 ? 0.4 : 0.0;  // 5.5
    case Kind::kIssueBonds1947: return 0.2;                               // 5.4.2
    case Kind::kBuyBond1947: return 0.3;                                  // 5.4.3
    case Kind::kSellBonds1947: return a.sell_bonds_1947().count() == 1 ? 0.2 : 0.0;  // 5.4.6
    case Kind::kConvertShares1947: return 0.1;                            // 5.6.4
    case Kind::kEndTurn1947: return 1.0;                                  // 5.1; ends a step in an OR
    case Kind::kPassTurn1947: return 1.0;
    case Kind::kLayTrack1947: return 6.0;                                 // 6.4
    case Kind::kPlaceStation1947: return 4.0;                             // 6.7
    case Kind::kUseWorkers1947: return 0.3;                               // 6.11
    case Kind::kRunTrains1947: return a.run_trains_1947().pay_out() ? 9.0 : 1.0;  // 6.14.2
    case Kind::kBuyTrain1947: {                                           // 6.15.1-6.15.3
      const std::string& source = a.buy_train_1947().source();
      return source.empty() ? 5.0 : source == "pool" ? 3.0 : 0.2;
    }
    case Kind::kAnswerTrainSale1947: return 1.0;                          // 6.15.2
    case Kind::kBuyPrivate1947: return 0.3;                               // 3.3: now and then
    case Kind::kUsePrivatePower1947: return 0.3;                          // 3.1 P6, P8
    case Kind::kChooseTempleBonus1947: return a.choose_temple_bonus_1947().take() ? 3.0 : 1.0;  // 6.8.2
    case Kind::kAdvanceToken1947:                                         // 6.10, 6.12
      return a.advance_token_1947().direction() == mailrun::v1::TOKEN_ADVANCE_1947_DECLINE ? 1.0 : 2.0;
    default: return 1.0;  // answers (bonds, protection, consent), the BNR's par, discards, bankruptcy
  }
}

// Actions of one kind share its weight; a buy or sell of bonds by count, or a run paid out or
// withheld, are kinds of their own.
int GroupOf(const mailrun::v1::Action& a) {
  const int kind = static_cast<int>(a.kind_case());
  if (a.kind_case() == Kind::kRunTrains1947) return kind * 2 + (a.run_trains_1947().pay_out() ? 1 : 0);
  if (a.kind_case() == Kind::kBuyShare1947) return kind * 2 + (a.buy_share_1947().savings() ? 1 : 0);
  if (a.kind_case() == Kind::kChooseTempleBonus1947) return kind * 2 + (a.choose_temple_bonus_1947().take() ? 1 : 0);
  if (a.kind_case() == Kind::kAdvanceToken1947) return kind * 2 + (a.advance_token_1947().direction() == mailrun::v1::TOKEN_ADVANCE_1947_DECLINE ? 1 : 0);
  if (a.kind_case() == Kind::kBuyTrain1947) {
    const std::string& source = a.buy_train_1947().source();
    return kind * 4 + (source.empty() ? 0 : source == "pool" ? 1 : 2);
  }
  return kind * 4;
}

}  // namespace

mailrun::v1::Action ChooseBotAction(const std::vector<mailrun::v1::LegalAction>& legal, int64_t cash, uint64_t& rng) {
  std::map<int, int> group_size;
  for (const auto& l : legal) ++group_size[GroupOf(l.action())];
  std::vector<double> weights;
  double total = 0;
  for (const auto& l : legal) {
    const double w = KindWeight(l.action(), l.min_amount(), cash) / group_size[GroupOf(l.action())];
    weights.push_back(w);
    total += w;
  }
  if (total <= 0) return legal[RandomBelow(rng, legal.size())].action();
  // A draw in millionths of the total: deterministic, independent of the platform's random numbers.
  double pick = static_cast<double>(RandomBelow(rng, 1000000)) / 1000000.0 * total;
  for (size_t i = 0; i < legal.size(); ++i) {
    if (pick < weights[i]) return legal[i].action();
    pick -= weights[i];
  }
  for (size_t i = legal.size(); i-- > 0;) {
    if (weights[i] > 0) return legal[i].action();
  }
  return legal.front().action();
}

}  // namespace mailrun::engine::t1947

// Sharing out a 1947 railway's revenue (see rules/dividends.h).
#include "engine/titles/t1947/rules/dividends.h"

namespace mailrun::engine::t1947 {

DividendSplit SplitRevenue(int revenue, const std::vector<Holding>& holdings, int pool_units, bool pay_out) {
  DividendSplit split;
  int paid = 0;
  for (const Holding& h : holdings) {
    int amount = h.savings_units * revenue / 20;            // 5.6.1: half of 10% per savings share, always
    if (pay_out) amount += h.ordinary_units * revenue / 10;  // 6.14.2
    split.to_players.push_back(amount);
    paid += amount;
  }
  int savings = 0;
  for (const Holding& h : holdings) savings += h.savings_units;
  if (pay_out) {
    split.to_treasury = pool_units * revenue / 10;  // 6.14.2: the bank pool pays the treasury
  } else {
    // 5.6.1: withheld, the treasury keeps what the savings shares do not take; their other half is
    // lost to the bank (docs/rulings.md, 1947 ruling 13).
    split.to_treasury = revenue - paid - savings * revenue / 20;
  }
  split.to_bank = revenue - paid - split.to_treasury;
  return split;
}

}  // namespace mailrun::engine::t1947

// Paying out or withholding (see rules/payout.h).
#include "engine/titles/t1947/rules/payout.h"

#include "engine/titles/t1947/rules/market.h"

namespace mailrun::engine::t1947 {

Payout PayOrWithhold(const MarketDef& market, MarketCell token, int revenue, const std::vector<Holding>& holdings,
                     int pool_units, bool pay_out) {
  Payout payout;
  payout.split = SplitRevenue(revenue, holdings, pool_units, pay_out);
  // 6.14: withheld, or no revenue at all, one column left; paid out, right as the red line allows.
  payout.token = pay_out && revenue > 0 ? MoveForDividend(market, token, revenue) : MoveLeft(market, token);
  return payout;
}

}  // namespace mailrun::engine::t1947

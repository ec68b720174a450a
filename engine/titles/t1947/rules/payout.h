// Paying out or withholding a 1947 railway's revenue (6.14, 6.14.2): who receives what
// (SplitRevenue, rules/dividends.h: savings shares always, half rupees to the bank) and where the
// company's token moves (left when withheld or when the revenue is 0, right when paid out, with
// the red line of 5.11.1).
#pragma once

#include <vector>

#include "engine/titles/t1947/edition/edition_data.h"
#include "engine/titles/t1947/rules/dividends.h"

namespace mailrun::engine::t1947 {

struct Payout {
  DividendSplit split;
  MarketCell token;
};

Payout PayOrWithhold(const MarketDef& market, MarketCell token, int revenue, const std::vector<Holding>& holdings,
                     int pool_units, bool pay_out);

}  // namespace mailrun::engine::t1947

// How a 1947 railway's revenue is shared out (5.6.1, 6.14.2): ordinary shares in players' hands
// receive 10% of the revenue each when it is paid out; savings shares always receive half of that,
// also when the revenue is withheld; shares in the bank pool pay into the treasury; shares in the
// initial offer pay nothing. Used by the operating round and by the examples of 5.6.1.
#pragma once

#include <vector>

namespace mailrun::engine::t1947 {

struct Holding {
  int ordinary_units = 0;  // the president's certificate counts per 10%
  int savings_units = 0;
};

struct DividendSplit {
  std::vector<int> to_players;  // per holding, in rupees
  int to_treasury = 0;
  int to_bank = 0;              // what nobody receives: the initial offer's part, the savings' other half
};

DividendSplit SplitRevenue(int revenue, const std::vector<Holding>& holdings, int pool_units, bool pay_out);

}  // namespace mailrun::engine::t1947

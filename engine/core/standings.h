// Final standings as both titles rank them (1853 5.2.3, 1947 7.0): the wealthiest player wins and
// equal wealth is equal rank, so a player's rank is one more than the number of players strictly
// wealthier. Pure.
#pragma once

#include <vector>

namespace mailrun::engine {

// The rank of each entry of `wealth` (a player's, by seat): 1 for the wealthiest.
std::vector<int> WealthRanks(const std::vector<int>& wealth);

}  // namespace mailrun::engine

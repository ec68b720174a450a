// Ranks by wealth (see standings.h).
#include "engine/core/standings.h"

#include <algorithm>

namespace mailrun::engine {

std::vector<int> WealthRanks(const std::vector<int>& wealth) {
  std::vector<int> ranks;
  ranks.reserve(wealth.size());
  for (const int w : wealth) {
    ranks.push_back(1 + static_cast<int>(std::count_if(wealth.begin(), wealth.end(), [w](int other) { return other > w; })));
  }
  return ranks;
}

}  // namespace mailrun::engine

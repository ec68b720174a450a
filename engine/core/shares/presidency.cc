// Choosing a company's president by holdings (see presidency.h).
#include "engine/core/shares/presidency.h"

namespace mailrun::engine {

int LargestHolder(const std::vector<Holding>& holdings, int minimum) {
  const Holding* best = nullptr;
  for (const Holding& h : holdings) {
    if (h.amount < minimum) continue;
    if (!best || h.amount > best->amount || (h.amount == best->amount && h.tie_rank < best->tie_rank)) best = &h;
  }
  return best ? best->seat : -1;
}

int PresidencyTakenBy(const std::vector<Holding>& rivals, int president_amount, int minimum) {
  const int rival = LargestHolder(rivals, minimum);
  if (rival < 0) return -1;
  for (const Holding& h : rivals) {
    if (h.seat == rival) return h.amount > president_amount ? rival : -1;
  }
  return -1;
}

}  // namespace mailrun::engine

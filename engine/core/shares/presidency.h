// Who controls a company: the player with the largest holding, a tie settled by an order the title
// supplies (1853: who has held shares the longest, 2.9.2; 1947: the lowest player order card,
// 5.9), and the rule common to 18xx titles that a president (1853: director) gives way only to a
// strictly larger holding. What a holding counts (shares, 10% units) and the smallest holding that
// may control are the title's.
#pragma once

#include <cstdint>
#include <vector>

namespace mailrun::engine {

// One player's holding in one company.
struct Holding {
  int seat = 0;
  int amount = 0;        // in the title's unit
  int64_t tie_rank = 0;  // the title's tie order: the lower rank wins a tie
};

// The seat with the largest holding of at least `minimum`, a tie to the lowest tie rank; -1 if
// no holding reaches the minimum.
int LargestHolder(const std::vector<Holding>& holdings, int minimum);

// The seat that takes the presidency from a president holding `president_amount`: the largest of
// the other players' `rivals` (at least `minimum`) if it holds strictly more, else -1.
int PresidencyTakenBy(const std::vector<Holding>& rivals, int president_amount, int minimum);

}  // namespace mailrun::engine

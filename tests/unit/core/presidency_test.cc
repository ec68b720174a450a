// The core's choice of a company's president by holdings (engine/core/shares/presidency.h).
#include "engine/core/shares/presidency.h"

#include <gtest/gtest.h>

namespace mailrun::engine {
namespace {

TEST(Presidency, LargestHoldingWinsAndTheTitlesOrderSettlesATie) {
  // Seats 0-3; seat 2 held its shares the longest (lowest rank), seat 1 most recently.
  const std::vector<Holding> holdings{{0, 3, 20}, {1, 4, 40}, {2, 4, 10}, {3, 1, 30}};
  EXPECT_EQ(LargestHolder(holdings, 2), 2);
  EXPECT_EQ(LargestHolder(holdings, 5), -1);
  EXPECT_EQ(LargestHolder({{0, 1, 5}, {1, 1, 3}}, 2), -1);
  EXPECT_EQ(LargestHolder({{0, 1, 5}, {1, 1, 3}}, 1), 1);
}

TEST(Presidency, OnlyAStrictlyLargerHoldingTakesThePresidency) {
  const std::vector<Holding> rivals{{1, 3, 1}, {2, 3, 0}};
  EXPECT_EQ(PresidencyTakenBy(rivals, 3, 2), -1);  // equal is not enough
  EXPECT_EQ(PresidencyTakenBy(rivals, 2, 2), 2);   // the tie between the rivals goes to rank 0
  EXPECT_EQ(PresidencyTakenBy(rivals, 2, 4), -1);  // no rival reaches the minimum
  EXPECT_EQ(PresidencyTakenBy({}, 0, 0), -1);
}

}  // namespace
}  // namespace mailrun::engine

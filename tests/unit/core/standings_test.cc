// The core's ranking of final standings (engine/core/standings.h): the wealthiest first, equal
// wealth equal rank, the next rank after a tie skipping the places the tie took.
#include "engine/core/standings.h"

#include <gtest/gtest.h>

namespace mailrun::engine {
namespace {

TEST(Standings, TheWealthiestFirstAndEqualWealthEqualRank) {
  EXPECT_EQ(WealthRanks({100, 300, 100, 200}), (std::vector<int>{3, 1, 3, 2}));
  EXPECT_EQ(WealthRanks({500, 500, 400}), (std::vector<int>{1, 1, 3}));
  EXPECT_EQ(WealthRanks({-50, 0}), (std::vector<int>{2, 1}));
  EXPECT_TRUE(WealthRanks({}).empty());
}

}  // namespace
}  // namespace mailrun::engine

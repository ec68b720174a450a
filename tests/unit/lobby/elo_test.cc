// Multi-player Elo against hand calculations (K = 32, each pair of players one result).
#include <gtest/gtest.h>

#include <numeric>

#include "services/lobby/elo.h"

namespace mailrun::lobby {
namespace {

TEST(Elo, ExpectedScoreFollowsTheLogisticCurve) {
  // 1 / (1 + 10^(-100/400)) = 1 / 1.562341 = 0.640065
  EXPECT_NEAR(EloExpected(1600, 1500), 0.640065, 1e-6);
  // 1 / (1 + 10^(-200/400)) = 1 / 1.316228 = 0.759747
  EXPECT_NEAR(EloExpected(1600, 1400), 0.759747, 1e-6);
  EXPECT_DOUBLE_EQ(EloExpected(1500, 1500), 0.5);
  EXPECT_NEAR(EloExpected(1500, 1600) + EloExpected(1600, 1500), 1.0, 1e-12);
}

TEST(Elo, FavouriteWinsThreePlayerGame) {
  // A 1600 (1st), B 1500 (2nd), C 1400 (3rd).
  // A: (1 - 0.640065) + (1 - 0.759747) = 0.600188; x 32/2 = +9.603
  // B: (0 - 0.359935) + (1 - 0.640065) = 0;          x 16  =  0
  // C: (0 - 0.240253) + (0 - 0.359935) = -0.600188; x 16  = -9.603
  const auto changes = EloChanges({{1600, 1}, {1500, 2}, {1400, 3}});
  ASSERT_EQ(changes.size(), 3u);
  EXPECT_NEAR(changes[0], 9.603009, 1e-5);
  EXPECT_NEAR(changes[1], 0.0, 1e-9);
  EXPECT_NEAR(changes[2], -9.603009, 1e-5);
}

TEST(Elo, UnderdogWinGainsMore) {
  // C 1400 wins, B 1500 2nd, A 1600 last: C gets (1 - 0.240253) + (1 - 0.359935) = 1.399812, x 16.
  const auto changes = EloChanges({{1600, 3}, {1500, 2}, {1400, 1}});
  EXPECT_NEAR(changes[0], -22.396991, 1e-5);
  EXPECT_NEAR(changes[1], 0.0, 1e-9);
  EXPECT_NEAR(changes[2], 22.396991, 1e-5);
}

TEST(Elo, TiedWinnersAtFourEqualPlayers) {
  // Everyone 1500, ranks 1, 1, 3, 4; every expected score is 0.5; K / (n - 1) = 32/3.
  // Winners: 0 (vs each other) + 0.5 + 0.5 = 1 -> +10.667. Third: -0.5 - 0.5 + 0.5 = -0.5 -> -5.333.
  // Last: -1.5 -> -16.
  const auto changes = EloChanges({{1500, 1}, {1500, 1}, {1500, 3}, {1500, 4}});
  EXPECT_NEAR(changes[0], 32.0 / 3.0, 1e-9);
  EXPECT_NEAR(changes[1], 32.0 / 3.0, 1e-9);
  EXPECT_NEAR(changes[2], -16.0 / 3.0, 1e-9);
  EXPECT_NEAR(changes[3], -16.0, 1e-9);
}

TEST(Elo, ChangesOfAGameSumToZero) {
  const auto changes = EloChanges({{1712.5, 2}, {1499, 1}, {1388, 4}, {1550, 3}, {1620, 5}, {1300, 6}});
  EXPECT_NEAR(std::accumulate(changes.begin(), changes.end(), 0.0), 0.0, 1e-9);
}

TEST(Elo, FewerThanTwoPlayersChangeNothing) {
  EXPECT_EQ(EloChanges({{1500, 1}}), std::vector<double>{0.0});
  EXPECT_TRUE(EloChanges({}).empty());
}

}  // namespace
}  // namespace mailrun::lobby

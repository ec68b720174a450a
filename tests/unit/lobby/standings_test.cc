// Placement points, wealth shares and the ranking of standings, against hand calculations.
#include <gtest/gtest.h>

#include "services/lobby/standings.h"

namespace mailrun::lobby {
namespace {

TEST(PlacementPoints, EvenStepsFromSixtyToZeroForEveryTableSize) {
  EXPECT_EQ(PlacementPoints({1, 2, 3}), (std::vector<double>{60, 30, 0}));
  EXPECT_EQ(PlacementPoints({1, 2, 3, 4}), (std::vector<double>{60, 40, 20, 0}));
  EXPECT_EQ(PlacementPoints({1, 2, 3, 4, 5}), (std::vector<double>{60, 45, 30, 15, 0}));
  EXPECT_EQ(PlacementPoints({1, 2, 3, 4, 5, 6}), (std::vector<double>{60, 48, 36, 24, 12, 0}));
}

TEST(PlacementPoints, OrderOfPlayersDoesNotMatter) {
  EXPECT_EQ(PlacementPoints({3, 1, 4, 2}), (std::vector<double>{20, 60, 0, 40}));
}

TEST(PlacementPoints, TiedPlayersShareThePointsOfTheirPlaces) {
  // Two tied winners of three cover places 1 and 2: (60 + 30) / 2 = 45.
  EXPECT_EQ(PlacementPoints({1, 1, 3}), (std::vector<double>{45, 45, 0}));
  // Dense ranks mean the same.
  EXPECT_EQ(PlacementPoints({1, 1, 2}), (std::vector<double>{45, 45, 0}));
  // Three tied for places 2..4 of four: (40 + 20 + 0) / 3 = 20.
  EXPECT_EQ(PlacementPoints({1, 2, 2, 2}), (std::vector<double>{60, 20, 20, 20}));
  // Five players, places 3 and 4 tied: (30 + 15) / 2 = 22.5.
  EXPECT_EQ(PlacementPoints({1, 2, 3, 3, 5}), (std::vector<double>{60, 45, 22.5, 22.5, 0}));
}

TEST(WealthShares, ShareOfTheTablesTotal) {
  EXPECT_EQ(WealthShares({3000, 1000, 0}), (std::vector<double>{0.75, 0.25, 0.0}));
  const auto shares = WealthShares({1000, 1000, 1000});
  EXPECT_NEAR(shares[0], 1.0 / 3.0, 1e-12);
  EXPECT_EQ(WealthShares({0, 0, 0}), (std::vector<double>{0, 0, 0}));
}

TEST(RankStandings, PointsThenWealthShareThenSharedPositions) {
  std::vector<StandingLine> lines = {
      {.user_id = "c", .placement_points = 90, .wealth_share = 0.50, .seed = 3},
      {.user_id = "a", .placement_points = 90, .wealth_share = 0.70, .seed = 1},
      {.user_id = "d", .placement_points = 30, .wealth_share = 0.20, .seed = 4},
      {.user_id = "b", .placement_points = 120, .wealth_share = 0.10, .seed = 2},
      {.user_id = "e", .placement_points = 30, .wealth_share = 0.20, .seed = 0},
  };
  RankStandings(lines);
  std::vector<std::string> order;
  std::vector<int> positions;
  for (const auto& line : lines) {
    order.push_back(line.user_id);
    positions.push_back(line.position);
  }
  EXPECT_EQ(order, (std::vector<std::string>{"b", "a", "c", "d", "e"}));
  // d and e are equal in points and share: they share 4th place, listed by seed (unseeded last).
  EXPECT_EQ(positions, (std::vector<int>{1, 2, 3, 4, 4}));
}

TEST(RankStandings, FinalistsComeFirstInTheirFinalOrder) {
  std::vector<StandingLine> lines = {
      {.user_id = "top", .placement_points = 200},
      {.user_id = "f2", .placement_points = 100, .final_place = 2},
      {.user_id = "f1", .placement_points = 50, .final_place = 1},
  };
  RankStandings(lines);
  EXPECT_EQ(lines[0].user_id, "f1");
  EXPECT_EQ(lines[1].user_id, "f2");
  EXPECT_EQ(lines[2].user_id, "top");
  EXPECT_EQ(lines[2].position, 3);
}

}  // namespace
}  // namespace mailrun::lobby

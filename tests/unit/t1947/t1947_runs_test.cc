// A 1947 company's best runs on the shared optimiser: the route examples of 6.14.1 and 6.14.2 on
// hand-made graphs marked the 1947 way, and 6.14.3's largest train from the first T8, with the
// revenue then computed by OperatingRevenue.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/titles/t1947/rules/revenue.h"
#include "engine/titles/t1947/rules/runs.h"
#include "tests/unit/routes/test_board.h"

namespace mailrun::engine::t1947 {
namespace {

using routes::testing::TestBoard;

const RevenueRules& Rules() { return **RevenueRules1947(); }

// 6.14.2's picture: A (20, the SIR's station) - B (track) - C (40) - E (30), and A - D (track) - C.
class SirExample : public ::testing::Test {
 protected:
  void SetUp() override {
    a_ = b_.Hex(0, 1);
    bh_ = b_.Hex(0, 3);
    c_ = b_.Hex(0, 5);
    e_ = b_.Hex(0, 7);
    d_ = b_.Hex(2, 3);
    city_a_ = b_.City(a_, 0, 20, 0, true);
    city_c_ = b_.City(c_, 0, 40, 1);
    city_e_ = b_.City(e_, 0, 30, 2);
    b_.Link(city_a_, a_, bh_);
    b_.Link(city_a_, a_, d_);
    b_.Track(bh_, a_, c_);
    b_.Track(d_, a_, c_);
    b_.Link(city_c_, c_, bh_);
    b_.Link(city_c_, c_, d_);
    b_.Link(city_c_, c_, e_);
    b_.Link(city_e_, e_, c_);
    ASSERT_TRUE(b_.g.Check().ok());
  }
  TestBoard b_;
  int a_ = -1, bh_ = -1, c_ = -1, e_ = -1, d_ = -1;
  int city_a_ = -1, city_c_ = -1, city_e_ = -1;
};

TEST_F(SirExample, TwoT3sOf6_14_2) {
  // The first T3 runs A-B-C-E for Rs.90, the second A-D-C for Rs.60 (it cannot go on to E on the
  // first's track): Rs.150.
  auto best = FindBestRuns(Rules(), b_.g, {{"t1", "T3"}, {"t2", "T3"}}, 2);
  ASSERT_TRUE(best.ok()) << best.error().ToString();
  ASSERT_EQ(best->plan.runs.size(), 2u);
  EXPECT_EQ(best->plan.run_revenue, 150);
  std::vector<int> revenues = {best->plan.runs[0].revenue, best->plan.runs[1].revenue};
  std::sort(revenues.begin(), revenues.end());
  EXPECT_EQ(revenues, (std::vector<int>{60, 90}));
  EXPECT_FALSE(best->second_train);
}

TEST_F(SirExample, OneT3NeverVisitsACityTwiceOf6_14_1) {
  // 6.14.1's 2nd example: no A-B-C-D-A (A twice); with E there, A-B-C-E is the best (Rs.90).
  auto best = FindBestRuns(Rules(), b_.g, {{"t1", "T3"}}, 1);
  ASSERT_TRUE(best.ok());
  EXPECT_EQ(best->plan.run_revenue, 90);
  // A T2 makes two stops, one of them the SIR's A: A + C (Rs.60); C + E (70) has no SIR station.
  EXPECT_EQ(FindBestRuns(Rules(), b_.g, {{"t1", "T2"}}, 1)->plan.run_revenue, 60);
}

TEST_F(SirExample, LargestTrainRunsFromTheFirstT8Of6_14_3) {
  // Phase 6: only the T8 runs (A, C, E: Rs.90); the T5 has a run of its own and adds its 50%.
  auto best = FindBestRuns(Rules(), b_.g, {{"t1", "T5"}, {"t2", "T8"}}, 6);
  ASSERT_TRUE(best.ok()) << best.error().ToString();
  ASSERT_EQ(best->plan.runs.size(), 1u);
  EXPECT_EQ(best->plan.runs[0].train, 1);  // the T8, as the company's trains are numbered
  EXPECT_EQ(best->plan.run_revenue, 90);
  ASSERT_TRUE(best->second_train);
  EXPECT_EQ(*best->second_train, "T5");
  // The company's revenue (the title turns the planned run into its stops): 90 + 50% = 140.
  OperatingTurn turn;
  turn.phase = 6;
  turn.season = Season::kIntermediate;
  turn.owns_train = true;
  turn.second_train = best->second_train;
  std::vector<Stop> stops;
  for (int node : best->plan.runs[0].nodes) {
    const routes::RouteNode& n = b_.g.nodes()[node];
    if (n.kind == routes::NodeKind::kStation) stops.push_back(Stop{StopKind::kCity, n.name, n.station.revenue, Zone::kDry, n.station.company_base, false});
  }
  auto revenue = OperatingRevenue(Rules(), {{"T8", stops}}, turn);
  ASSERT_TRUE(revenue.ok()) << revenue.error().ToString();
  EXPECT_EQ(revenue->runs, 90);
  EXPECT_EQ(revenue->second_train_increase, 50);  // 45, rounded up (docs/rulings.md, 1947)
  EXPECT_EQ(revenue->revenue, 140);
  // Phase 5: both run (the T5 takes A-B-C-E, the T8 A-D-C, or the other way round).
  EXPECT_EQ(FindBestRuns(Rules(), b_.g, {{"t1", "T5"}, {"t2", "T8"}}, 5)->plan.run_revenue, 150);
  EXPECT_EQ(FindBestRuns(Rules(), b_.g, {{"t1", "T9"}}, 5).error().rule, "6.14.1");
  EXPECT_EQ(FindBestRuns(Rules(), b_.g, {{"t1", "T5"}}, 9).error().rule, "4.0");
}

}  // namespace
}  // namespace mailrun::engine::t1947

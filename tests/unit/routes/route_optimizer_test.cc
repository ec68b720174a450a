// The optimiser on hand-made boards whose best plans are known: the mail trade-off of 4.6.6,
// separate track for two trains (4.5.10), blocked and terminal stations, must-run-over hexes,
// bad input, determinism and the proto view.
#include "engine/core/routes/route_optimizer.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/core/routes/plan_proto.h"
#include "engine/core/routes/run_validator.h"
#include "tests/unit/routes/test_board.h"

namespace mailrun::engine::routes {
namespace {

using testing::TestBoard;
using testing::Train;

// Row A: Aa.s0 town 10 - Ac.s0 base city 40 - Ae.s0 city 30 - Ag.s0 town 10 - Ai.s0 city 20.
class LineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    for (int col = 1; col <= 9; col += 2) hexes_.push_back(b_.Hex(0, col));
    stations_ = {b_.Town(hexes_[0], 0, 10), b_.City(hexes_[1], 0, 40, 0, true), b_.City(hexes_[2], 0, 30, 1),
                 b_.Town(hexes_[3], 0, 10), b_.City(hexes_[4], 0, 20, 2)};
    for (size_t i = 0; i + 1 < hexes_.size(); ++i) {
      b_.Link(stations_[i], hexes_[i], hexes_[i + 1]);
      b_.Link(stations_[i + 1], hexes_[i + 1], hexes_[i]);
    }
  }

  std::string Describe(const PlannedRun& run) { return DescribeRun(b_.g, run); }
  // The run's places in either direction (a run has no direction).
  void ExpectRun(const PlannedRun& run, std::vector<int> nodes) {
    if (run.nodes != nodes) std::reverse(nodes.begin(), nodes.end());
    EXPECT_EQ(run.nodes, nodes) << Describe(run);
  }
  std::vector<int> Line(int from, int to) {  // stations from..to with the boundaries between
    std::vector<int> nodes;
    for (int i = from; i <= to; ++i) {
      if (i > from) nodes.push_back(b_.g.AddBoundary(hexes_[i - 1], hexes_[i]));
      nodes.push_back(stations_[i]);
    }
    return nodes;
  }

  TestBoard b_;
  std::vector<int> hexes_;
  std::vector<int> stations_;
};

TEST_F(LineTest, MailCanMakeAShorterRunBetter) {
  // A '2' train: Aa-Ac-Ae-Ag earns 90 with mail 10 + 10; Ac-Ae earns 70 with mail 40 + 30 (4.6.6 note).
  Result<OptimizedRuns> result = Optimize(b_.g, {Train("T", "2")});
  ASSERT_TRUE(result.ok()) << result.error().ToString();
  EXPECT_TRUE(result->proven_optimal);
  ASSERT_EQ(result->best_total.runs.size(), 1u);
  EXPECT_EQ(Describe(result->best_total.runs[0]), "Ac.s0-Ac/Ae-Ae.s0");
  EXPECT_EQ(result->best_total.run_revenue, 70);
  EXPECT_EQ(result->best_total.mail_revenue, 70);
  EXPECT_EQ(result->best_total.mail_run, 0);
  // The best dividend: Aa-Ac-Ae-Ag, 90, mail only 10 + 10.
  ASSERT_EQ(result->best_dividend.runs.size(), 1u);
  ExpectRun(result->best_dividend.runs[0], Line(0, 3));
  EXPECT_EQ(result->best_dividend.run_revenue, 90);
  EXPECT_EQ(result->best_dividend.mail_revenue, 20);
}

TEST_F(LineTest, TrainNumberLimitsLargeStationsNotTowns) {
  // A '3' train calls at all five: 3 large stations, any number of towns (4.5.4).
  Result<OptimizedRuns> result = Optimize(b_.g, {Train("T", "3")});
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result->best_dividend.run_revenue, 110);
  ExpectRun(result->best_dividend.runs[0], Line(0, 4));
}

TEST_F(LineTest, TwoTrainsRunOnSeparateTrack) {
  // Only one line: the second train gets what the first leaves, meeting at a station (4.5.10).
  b_.Info(stations_[4]).company_base = true;
  Result<OptimizedRuns> result = Optimize(b_.g, {Train("A", "2"), Train("B", "2")});
  ASSERT_TRUE(result.ok());
  const RunPlan& plan = result->best_dividend;
  ASSERT_EQ(plan.runs.size(), 2u);
  // Aa-Ac-Ae (80) and Ae-Ag-Ai (60) share only the station Ae.
  EXPECT_EQ(plan.run_revenue, 140);
  EXPECT_TRUE(CheckPlan(b_.g, {Train("A", "2"), Train("B", "2")}, plan.runs, plan.mail_run).ok());
}

TEST_F(LineTest, BlockedStationEndsTheRun) {
  b_.Info(stations_[2]).blocked = true;  // Ae full of other companies' tokens (4.5.6)
  Result<OptimizedRuns> result = Optimize(b_.g, {Train("T", "4")});
  ASSERT_TRUE(result.ok());
  EXPECT_EQ(result->best_dividend.run_revenue, 80);  // Aa-Ac-Ae, no further
  ExpectRun(result->best_dividend.runs[0], Line(0, 2));
}

TEST_F(LineTest, MustRunOverForcesTheRun) {
  // Without the constraint the best total is Ac-Ae; Aa must now be run over (4.2.3).
  OptimizeOptions options;
  options.constraints.must_run_over.push_back(HexCoord{0, 1});
  Result<OptimizedRuns> result = Optimize(b_.g, {Train("T", "2")}, options);
  ASSERT_TRUE(result.ok());
  ExpectRun(result->best_total.runs[0], Line(0, 2));  // 80 + mail 40 beats Aa-Ac (50 + 50)
  // Ai cannot be reached by a '2' train from the base: no legal plan.
  options.constraints.must_run_over = {HexCoord{0, 9}};
  Result<OptimizedRuns> impossible = Optimize(b_.g, {Train("T", "2")}, options);
  ASSERT_FALSE(impossible.ok());
  EXPECT_EQ(impossible.error().kind, ErrorKind::kIllegal);
  EXPECT_EQ(impossible.error().rule, "4.2.3");
}

TEST_F(LineTest, NoTrainsOrNoRunGiveAnEmptyPlan) {
  Result<OptimizedRuns> none = Optimize(b_.g, {});
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->best_total.runs.empty());
  // A metre train has no metre track here.
  Result<OptimizedRuns> metre = Optimize(b_.g, {Train("M", "4M")});
  ASSERT_TRUE(metre.ok());
  EXPECT_EQ(metre->best_total.total(), 0);
}

TEST_F(LineTest, BadTrainsAreMalformed) {
  Result<OptimizedRuns> twice = Optimize(b_.g, {Train("T", "2"), Train("T", "3")});
  ASSERT_FALSE(twice.ok());
  EXPECT_EQ(twice.error().kind, ErrorKind::kMalformed);
  TrainSpec dual = Train("D", "2");
  dual.gauge = Gauge::kDual;
  EXPECT_EQ(Optimize(b_.g, {dual}).error().kind, ErrorKind::kMalformed);
}

TEST_F(LineTest, ProtoViewAndResubmission) {
  std::vector<TrainSpec> trains = {Train("T", "2")};
  Result<OptimizedRuns> result = Optimize(b_.g, trains);
  ASSERT_TRUE(result.ok());
  mailrun::v1::RunPlan view = ToProto(b_.g, trains, result->best_total);
  ASSERT_EQ(view.runs_size(), 1);
  EXPECT_EQ(view.runs(0).train_id(), "T");
  EXPECT_EQ(view.runs(0).stations_size(), 2);
  // Stations are named for people: the hex's city (none named yet here: the hex).
  EXPECT_EQ(view.runs(0).stations(0), "Ac");
  EXPECT_EQ(view.runs(0).nodes(0), "Ac.s0");
  b_.g.SetPlace(hexes_[1], "Lahore");
  EXPECT_EQ(ToProto(b_.g, trains, result->best_total).runs(0).stations(0), "Lahore");
  EXPECT_EQ(view.mail_train_id(), "T");
  EXPECT_EQ(view.total(), 140);
  Result<RunPlan> again = ValidateRuns(b_.g, trains, ToSubmitted(b_.g, trains, result->best_total), "T");
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->total(), 140);
}

TEST(Optimizer, TerminalStationsAndDeterminism) {
  // A terminal big city (two stations of one city, 4.2.12) between two lines: a run may end at
  // one station, never pass, and never visit both.
  TestBoard b;
  int aa = b.Hex(0, 1), ac = b.Hex(0, 3), ae = b.Hex(0, 5);
  int west = b.City(aa, 0, 30, 0, true);
  b.Link(west, aa, ac);
  int s0 = b.City(ac, 0, 50, 9);
  int s1 = b.City(ac, 1, 50, 9);
  b.Info(s0).terminal = true;
  b.Info(s1).terminal = true;
  b.Link(s0, ac, aa);
  b.Link(s1, ac, ae);
  int east = b.City(ae, 0, 40, 1, true);
  b.Link(east, ae, ac);
  std::vector<TrainSpec> trains = {Train("A", "3"), Train("B", "3")};
  Result<OptimizedRuns> first = Optimize(b.g, trains);
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(first->best_dividend.run_revenue, 80 + 90);  // Aa-Ac.s0 and Ac.s1-Ae
  Result<OptimizedRuns> second = Optimize(b.g, trains);
  ASSERT_TRUE(second.ok());
  ASSERT_EQ(first->best_total.runs.size(), second->best_total.runs.size());
  for (size_t i = 0; i < first->best_total.runs.size(); ++i) {
    EXPECT_EQ(first->best_total.runs[i].nodes, second->best_total.runs[i].nodes);
    EXPECT_EQ(first->best_total.runs[i].train, second->best_total.runs[i].train);
  }
}

}  // namespace
}  // namespace mailrun::engine::routes

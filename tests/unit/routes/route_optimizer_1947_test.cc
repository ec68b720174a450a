// The shared optimiser in the mode of titles whose trains count every stop and have no mail
// (1947, 6.14.1): the graph marks every city, town and expatriation site as a counting (large)
// station and a P7 trading post as a non-counting terminal one, trains ask two counting stops
// (TrainSpec::min_large_stations), and OptimizeOptions::mail is off. A hand-made line shows the
// difference from 1853's counting; thousands of random boards, made 1947-shaped, compare the
// optimiser with ExhaustiveSearch. 1853's own tests and recorded games are untouched by the mode.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "bench/route_boards.h"
#include "engine/core/routes/exhaustive_search.h"
#include "engine/core/routes/plan_proto.h"
#include "engine/core/routes/route_optimizer.h"
#include "engine/core/routes/run_validator.h"
#include "tests/unit/routes/test_board.h"

namespace mailrun::engine::routes {
namespace {

using testing::TestBoard;

TrainSpec Train1947(const std::string& id, int stops) {
  TrainSpec train;
  train.id = id;
  train.name = "T" + std::to_string(stops);
  train.large_stations = stops;
  train.min_large_stations = 2;
  train.min_large_rule = "6.14.1";
  return train;
}

OptimizeOptions NoMail() {
  OptimizeOptions options;
  options.mail = false;
  return options;
}

// Row A: a trading post (20, the P7's) - town 10 - base city 40 - town 10 - city 30 - site (0).
class Line1947 : public ::testing::Test {
 protected:
  void SetUp() override {
    for (int col = 1; col <= 11; col += 2) hexes_.push_back(b_.Hex(0, col));
    stations_ = {b_.Town(hexes_[0], 0, 20), b_.Town(hexes_[1], 0, 10), b_.City(hexes_[2], 0, 40, 0, true),
                 b_.Town(hexes_[3], 0, 10), b_.City(hexes_[4], 0, 30, 1), b_.Town(hexes_[5], 0, 0)};
    b_.Info(stations_[0]).terminal = true;  // 3.1 P7: a trading post ends a run and does not count
    for (int i : {1, 3, 5}) b_.Info(stations_[i]).large = true;  // 6.14.1: towns and sites count
    b_.Info(stations_[5]).terminal = true;  // 6.10: a site is always a terminus
    for (size_t i = 0; i + 1 < hexes_.size(); ++i) {
      b_.Link(stations_[i], hexes_[i], hexes_[i + 1]);
      b_.Link(stations_[i + 1], hexes_[i + 1], hexes_[i]);
    }
  }
  TestBoard b_;
  std::vector<int> hexes_;
  std::vector<int> stations_;
};

TEST_F(Line1947, TownsAndSitesCountTradingPostsDoNot) {
  // A T2 makes two counting stops: the trading post rides along (20 + 10 + 40 = 70), where an
  // 1853 '2' (towns free) would take post, town, city, town, city (110).
  auto t2 = Optimize(b_.g, {Train1947("a", 2)}, NoMail());
  ASSERT_TRUE(t2.ok()) << t2.error().ToString();
  EXPECT_EQ(t2->best_dividend.run_revenue, 70);
  EXPECT_EQ(t2->best_dividend.mail_run, -1);
  EXPECT_EQ(t2->best_total.run_revenue, 70);
  EXPECT_EQ(t2->best_total.mail_revenue, 0);
  // A T3: three counting stops and the post: 20 + 10 + 40 + 10 = 80 (or 40 + 10 + 30).
  EXPECT_EQ(Optimize(b_.g, {Train1947("a", 3)}, NoMail())->best_dividend.run_revenue, 80);
  // A T5 reaches everything; the site (5th stop) adds nothing: 20 + 10 + 40 + 10 + 30 = 110.
  EXPECT_EQ(Optimize(b_.g, {Train1947("a", 5)}, NoMail())->best_dividend.run_revenue, 110);
}

TEST_F(Line1947, ATradingPostAndOneStopIsNoRun) {
  // 6.14.1: two counting stops at least. Post, town, base city: two, Rs.70.
  const std::vector<std::string> run = {"Aa.s0", "Aa/Ac", "Ac.s0", "Ac/Ae", "Ae.s0"};
  auto plan = ValidateRuns(b_.g, {Train1947("a", 2)}, {{"a", run}}, "");
  ASSERT_TRUE(plan.ok()) << plan.error().ToString();
  EXPECT_EQ(plan->run_revenue, 70);
  b_.Info(stations_[1]).large = false;  // the town as 1853 counts it: then the run has one
  auto refused = ValidateRuns(b_.g, {Train1947("a", 2)}, {{"a", run}}, "");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().rule, "6.14.1");
}

// A random 1853-style board made 1947-shaped: every station counts, except some towns that become
// trading posts (terminal, not counting, no base); some terminals become sites worth nothing.
void Make1947(RouteGraph* graph, uint64_t seed) {
  for (int n = 0; n < static_cast<int>(graph->nodes().size()); ++n) {
    StationInfo* s = graph->MutableStation(n);
    if (s == nullptr) continue;
    if (s->city < 0 && (n + seed) % 5 == 0) {
      s->large = false;
      s->terminal = true;
      s->company_base = false;
      continue;
    }
    s->large = true;
    if (s->terminal && (n + seed) % 3 == 0) s->revenue = 0;
  }
}

std::vector<TrainSpec> RandomTrains1947(uint64_t seed) {
  static const int kStops[] = {2, 3, 4, 5, 6, 8};
  std::mt19937_64 rng(seed * 7919 + 11);
  std::vector<TrainSpec> trains;
  const int count = std::uniform_int_distribution<int>(1, 3)(rng);
  for (int i = 0; i < count; ++i) trains.push_back(Train1947("T" + std::to_string(i + 1), kStops[std::uniform_int_distribution<int>(0, 5)(rng)]));
  return trains;
}

TEST(RandomBoards1947, OptimiserEqualsExhaustiveSearch) {
  int compared = 0, multi_train = 0, with_post = 0;
  for (uint64_t seed = 500'001; compared < 1000; ++seed) {
    bench::Board board = bench::MakeBoard(bench::RandomSmallParams(seed), seed);
    Make1947(&board.graph, seed);
    const std::vector<TrainSpec> trains = RandomTrains1947(seed);
    Result<ExhaustiveResult> reference = ExhaustiveSearch(board.graph, trains, {}, 400'000);
    ASSERT_TRUE(reference.ok()) << "seed " << seed << ": " << reference.error().ToString();
    if (!reference->finished) continue;
    ++compared;
    Result<OptimizedRuns> optimised = Optimize(board.graph, trains, NoMail());
    ASSERT_TRUE(optimised.ok()) << "seed " << seed << ": " << optimised.error().ToString();
    EXPECT_TRUE(optimised->proven_optimal) << "seed " << seed;
    const RunPlan& plan = optimised->best_dividend;
    ASSERT_EQ(plan.run_revenue, reference->best_dividend.run_revenue) << "seed " << seed;
    EXPECT_EQ(plan.mail_run, -1) << "seed " << seed;
    EXPECT_EQ(optimised->best_total.run_revenue, plan.run_revenue) << "seed " << seed;
    Result<RunPlan> again = ValidateRuns(board.graph, trains, ToSubmitted(board.graph, trains, plan), "");
    ASSERT_TRUE(again.ok()) << "seed " << seed << ": " << again.error().ToString();
    EXPECT_EQ(again->run_revenue, plan.run_revenue) << "seed " << seed;
    if (plan.runs.size() >= 2) ++multi_train;
    for (const PlannedRun& run : plan.runs) {
      for (int node : {run.nodes.front(), run.nodes.back()}) {
        const StationInfo& s = board.graph.nodes()[node].station;
        if (!s.large) ++with_post;
      }
    }
  }
  std::printf("1947 mode: compared %d boards; %d best plans run two or more trains; %d runs end at a trading post\n",
              compared, multi_train, with_post);
  EXPECT_GT(multi_train, 200);
  EXPECT_GT(with_post, 50);
}

}  // namespace
}  // namespace mailrun::engine::routes

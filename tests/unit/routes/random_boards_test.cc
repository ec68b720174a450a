// The optimiser against the exhaustive reference on thousands of small random boards (hex grids
// with towns, cities, big cities with several stations, terminals, junctions, hubs, all gauges,
// parallel track, blocked stations, one or two bases, one to three trains including '1M' and
// metre trains, and sometimes a hex that must be run over). Both plans (best total, best
// dividend) must score exactly what the exhaustive search finds, and must survive the validator
// when resubmitted by node names.
#include <gtest/gtest.h>

#include <random>

#include "bench/route_boards.h"
#include "engine/core/routes/exhaustive_search.h"
#include "engine/core/routes/plan_proto.h"
#include "engine/core/routes/route_optimizer.h"
#include "engine/core/routes/run_validator.h"

namespace mailrun::engine::routes {
namespace {

constexpr int64_t kBudget = 400'000;

struct Tally {
  int compared = 0;
  int skipped = 0;        // the exhaustive search ran out of budget
  int with_runs = 0;      // the best plan runs at least one train
  int multi_train = 0;    // ... at least two trains
  int must_run_over = 0;  // boards with a hex that must be run over
  int no_plan = 0;        // boards where no plan covers that hex
  int64_t index_jumps = 0;  // the combination search's group index was used
};

void ExpectSamePlanValue(const RunPlan& optimised, const RunPlan& reference, uint64_t seed, const char* which) {
  EXPECT_EQ(optimised.total(), reference.total()) << which << " seed " << seed;
  EXPECT_EQ(optimised.run_revenue, reference.run_revenue) << which << " seed " << seed;
  EXPECT_EQ(optimised.mail_revenue, reference.mail_revenue) << which << " seed " << seed;
}

void ExpectResubmittable(const RouteGraph& graph, const std::vector<TrainSpec>& trains, const RunPlan& plan,
                         const RunConstraints& constraints, uint64_t seed) {
  Result<RunPlan> again =
      ValidateRuns(graph, trains, ToSubmitted(graph, trains, plan), MailTrainId(trains, plan), constraints);
  ASSERT_TRUE(again.ok()) << "seed " << seed << ": " << again.error().ToString();
  EXPECT_EQ(again->total(), plan.total()) << "seed " << seed;
  EXPECT_EQ(again->run_revenue, plan.run_revenue) << "seed " << seed;
}

enum class Variant { kOptimiser, kWeakBound, kListEverything };

Tally CompareRange(uint64_t first_seed, int boards, Variant variant) {
  Tally tally;
  for (uint64_t seed = first_seed; tally.compared < boards; ++seed) {
    bench::Board board = bench::MakeBoard(bench::RandomSmallParams(seed), seed);
    std::vector<TrainSpec> trains = bench::RandomTrains(seed);
    RunConstraints constraints;
    if (seed % 5 == 0 && !board.graph.edges().empty()) {
      // A hex with track on it: some run must include it.
      const RouteEdge& edge = board.graph.edges()[seed % board.graph.edges().size()];
      constraints.must_run_over.push_back(board.graph.hexes()[edge.hex].coord);
      ++tally.must_run_over;
    }
    Result<ExhaustiveResult> reference = ExhaustiveSearch(board.graph, trains, constraints, kBudget);
    if (reference.ok() && !reference->finished) {
      ++tally.skipped;
      continue;
    }
    ++tally.compared;
    OptimizeOptions options;
    options.constraints = constraints;
    options.reach_bound = variant != Variant::kWeakBound;
    options.threshold_listing = variant != Variant::kListEverything;
    OptimizeStats stats;
    options.stats = &stats;
    Result<OptimizedRuns> optimised = Optimize(board.graph, trains, options);
    if (!reference.ok()) {
      EXPECT_EQ(reference.error().rule, "4.2.3") << "seed " << seed;
      EXPECT_FALSE(optimised.ok()) << "seed " << seed << ": optimiser found a plan the reference says is impossible";
      if (!optimised.ok()) {
        EXPECT_EQ(optimised.error().rule, "4.2.3") << "seed " << seed;
      }
      ++tally.no_plan;
      continue;
    }
    if (!optimised.ok()) {
      ADD_FAILURE() << "seed " << seed << ": " << optimised.error().ToString();
      break;
    }
    EXPECT_TRUE(optimised->proven_optimal) << "seed " << seed;
    ExpectSamePlanValue(optimised->best_total, reference->best_total, seed, "total");
    ExpectSamePlanValue(optimised->best_dividend, reference->best_dividend, seed, "dividend");
    ExpectResubmittable(board.graph, trains, optimised->best_total, constraints, seed);
    ExpectResubmittable(board.graph, trains, optimised->best_dividend, constraints, seed);
    tally.index_jumps += stats.index_jumps;
    if (!reference->best_total.runs.empty()) ++tally.with_runs;
    if (reference->best_total.runs.size() >= 2) ++tally.multi_train;
    if (::testing::Test::HasFailure()) break;  // one seed's story is enough
  }
  return tally;
}

void Report(const Tally& tally) {
  std::printf("compared %d boards (%d skipped: reference over budget); best plan runs a train on %d, two or more "
              "trains on %d; %d with a hex to run over, %d of them impossible; group index used %lld times\n",
              tally.compared, tally.skipped, tally.with_runs, tally.multi_train, tally.must_run_over, tally.no_plan,
              static_cast<long long>(tally.index_jumps));
}

// The comparison is split so CTest can run the parts in parallel.
TEST(RandomBoards, OptimiserEqualsExhaustiveSearchPart1) {
  Tally tally = CompareRange(1, 2000, Variant::kOptimiser);
  Report(tally);
  EXPECT_GT(tally.multi_train, 300);  // the interesting cases are really there
  EXPECT_GT(tally.index_jumps, 0);
}

TEST(RandomBoards, OptimiserEqualsExhaustiveSearchPart2) {
  Tally tally = CompareRange(100'001, 2000, Variant::kOptimiser);
  Report(tally);
  EXPECT_GT(tally.multi_train, 300);
}

TEST(RandomBoards, OptimiserEqualsExhaustiveSearchPart3) {
  Tally tally = CompareRange(200'001, 2000, Variant::kOptimiser);
  Report(tally);
  EXPECT_GT(tally.with_runs, 1000);
}

// The weak static bound (used only to measure the gain) must be exact as well.
TEST(RandomBoards, OptimiserWithoutReachBoundEqualsExhaustiveSearch) {
  Tally tally = CompareRange(300'001, 600, Variant::kWeakBound);
  Report(tally);
  EXPECT_GT(tally.with_runs, 200);
}

// So must listing every run and combining (the other baseline).
TEST(RandomBoards, ListingEveryRunEqualsExhaustiveSearch) {
  Tally tally = CompareRange(400'001, 600, Variant::kListEverything);
  Report(tally);
  EXPECT_GT(tally.with_runs, 200);
}

}  // namespace
}  // namespace mailrun::engine::routes

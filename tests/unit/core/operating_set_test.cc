// The core's operating rounds (engine/core/rounds/operating_set.h), on a made-up list of steps.
#include "engine/core/rounds/operating_set.h"

#include <gtest/gtest.h>

namespace mailrun::engine {
namespace {

enum class Step { kChoose, kTrack, kRun, kBuy };
using Set = OperatingSet<Step, Step::kBuy>;

TEST(OperatingSet, ASetCountsItsRoundsAndTakesAnAddedOne) {
  Set ors;
  ors.BeginSet(2);
  EXPECT_EQ(ors.in_set, 0);
  ors.BeginRound();
  EXPECT_EQ(ors.in_set, 1);
  EXPECT_TRUE(ors.MoreRounds());
  ors.BeginRound();
  EXPECT_FALSE(ors.MoreRounds()) << "the second of two rounds is the set's last";
  ors.AddRound();
  EXPECT_TRUE(ors.MoreRounds()) << "an added round follows";
  ors.BeginRound();
  EXPECT_EQ(ors.in_set, 3);
  EXPECT_FALSE(ors.MoreRounds());
  ors.BeginSet(1);
  EXPECT_EQ(ors.in_set, 0) << "a new set starts its count again";
  EXPECT_EQ(ors.set_size, 1);
}

TEST(OperatingSet, ATurnGoesThroughTheStepsInOrderAndEndsAfterTheLast) {
  Set ors;
  ors.BeginSet(1);
  ors.BeginRound();
  EXPECT_EQ(ors.company, -1) << "no company operates before the first turn";
  ors.BeginTurn(3, Step::kTrack);
  EXPECT_EQ(ors.company, 3);
  EXPECT_TRUE(ors.Passed(Step::kChoose));
  EXPECT_FALSE(ors.Passed(Step::kTrack));
  EXPECT_TRUE(ors.NextStep());
  EXPECT_EQ(ors.step, Step::kRun);
  EXPECT_TRUE(ors.NextStep());
  EXPECT_EQ(ors.step, Step::kBuy);
  EXPECT_FALSE(ors.NextStep()) << "the last step ends the turn";
  EXPECT_EQ(ors.step, Step::kBuy);
  ors.EndTurn();
  EXPECT_EQ(ors.company, -1);
}

TEST(OperatingSet, ReachingALaterStepEndsTheEarlierOnesButNeverGoesBack) {
  Set ors(0, Step::kTrack);
  EXPECT_EQ(ors.step, Step::kTrack) << "the title's resting step";
  EXPECT_EQ(ors.set_size, 0);
  ors.BeginTurn(0, Step::kChoose);
  ors.Reach(Step::kRun);
  EXPECT_EQ(ors.step, Step::kRun);
  ors.Reach(Step::kTrack);
  EXPECT_EQ(ors.step, Step::kRun) << "a step once left is not taken again";
}

}  // namespace
}  // namespace mailrun::engine

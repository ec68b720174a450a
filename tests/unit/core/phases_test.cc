// The core's trains and phases (engine/core/trains/phases.h), on a made-up three-phase game whose
// phases carry a field of their own, as a title's do.
#include "engine/core/trains/phases.h"

#include <gtest/gtest.h>

#include <utility>

namespace mailrun::engine {
namespace {

struct TitlePhase : Phase {
  std::string colour;
};

TitlePhase MakePhase(int number, std::string introduced_by, int train_limit, std::string colour) {
  TitlePhase phase;
  phase.number = number;
  phase.introduced_by = std::move(introduced_by);
  phase.train_limit = train_limit;
  phase.colour = std::move(colour);
  return phase;
}

std::vector<TitlePhase> Phases() {
  return {MakePhase(1, "", 4, "yellow"), MakePhase(2, "3", 3, "green"), MakePhase(3, "4", 2, "brown")};
}

TEST(Phases, TheFirstTrainOfATypeStartsTheLaterPhaseItIntroduces) {
  EXPECT_EQ(PhaseStartedBy(Phases(), 1, "3"), 2);
  EXPECT_EQ(PhaseStartedBy(Phases(), 1, "4"), 3);      // a phase may be skipped
  EXPECT_EQ(PhaseStartedBy(Phases(), 2, "3"), std::nullopt);  // already in that phase
  EXPECT_EQ(PhaseStartedBy(Phases(), 3, "3"), std::nullopt);  // never back
  EXPECT_EQ(PhaseStartedBy(Phases(), 1, "2"), std::nullopt);  // introduces no phase
  EXPECT_EQ(PhaseIntroducedBy(Phases(), "4"), 3);
}

TEST(Phases, TrainLimitAndRusting) {
  EXPECT_EQ(TrainLimit(Phases(), 1), 4);
  EXPECT_EQ(TrainLimit(Phases(), 3), 2);
  TrainType two{"2", 80, 6, 3};
  EXPECT_FALSE(Rusted(two, 2));
  EXPECT_TRUE(Rusted(two, 3));
  EXPECT_FALSE(Rusted(TrainType{"4", 300, 4, std::nullopt}, 3));
}

}  // namespace
}  // namespace mailrun::engine

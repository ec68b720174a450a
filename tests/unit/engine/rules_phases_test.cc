// Phases (4.10, TABLE 6) and the end of a railway round (4.9): the first train of a new type
// starts a phase; the phase sets the tile colours, the trains on sale and obsolete, the train
// limit (rules_trains_test.cc) and the number of railway rounds between dealing rounds, which
// changes only after the next dealing round; the Elephant's holder may call one extra round.
#include <gtest/gtest.h>

#include <set>

#include "tests/unit/engine/train_positions.h"

namespace mailrun::engine::t1853::testing {
namespace {

// The colours of the tiles `seat` may lay or promote to now.
std::set<TileColour> ColoursListed(const Game& game, int seat) {
  std::set<TileColour> colours;
  for (const auto& legal : game.LegalActions(seat)) {
    const auto& a = legal.action();
    const std::string id = a.has_lay_tile() ? a.lay_tile().tile() : a.has_promote_tile() ? a.promote_tile().tile() : "";
    if (const TileDef* tile = id.empty() ? nullptr : game.data().Tile(id)) colours.insert(tile->colour);
  }
  return colours;
}

TEST(Phases, TableSixAsData) {
  const Game game = SampleGameAt("railway_round_1");
  const auto& phases = game.data().phases;
  ASSERT_EQ(phases.size(), 4u);
  const std::vector<int> limits = {4, 4, 3, 2}, rounds = {1, 2, 3, 3};
  for (size_t i = 0; i < phases.size(); ++i) {
    EXPECT_EQ(phases[i].train_limit, limits[i]) << "phase " << i + 1;
    EXPECT_EQ(phases[i].railway_rounds, rounds[i]) << "phase " << i + 1;
    EXPECT_EQ(phases[i].tile_colours.size(), i + 1) << "phase " << i + 1;
  }
  EXPECT_EQ(game.state().phase, 1) << "4.10.2: the game starts in phase 1";
}

TEST(Phases, EachPhaseBeginsWithTheFirstTrainOfItsType) {
  // Edited from Railway Round 4: phase 1 again with the seven 2/1M cards sold (the first round
  // is long over), the NWR at its purchases with £5,000 and no trains.
  EditedPosition position(SampleGameAt("railway_round_4"));
  position.SetPhase(1);
  position.state().first_three_bought = false;
  position.SetTrains("NWR", {});
  position.SetTreasury("NWR", 5000);
  position.AtBuyStep("NWR");
  Game game = position.Build();
  MustApply(game, BuyTrain(kBeth, "3"));
  EXPECT_EQ(game.state().phase, 2) << "4.10.3";
  EXPECT_EQ(game.state().phase_for_round_count, 1) << "the round count waits for the next dealing round";
  // Each further step: the remaining cards of the type bought (an edit), then the next type.
  for (const auto& [sold_out, next, phase] : std::vector<std::tuple<std::string, std::string, int>>{
           {"3", "4", 3}, {"4", "5", 4}, {"5", "6", 4}}) {
    EditedPosition step(game);
    step.SetStock(sold_out, sold_out == "5" ? 2 : 0);
    step.SetTrains("NWR", {});
    game = step.Build();
    MustApply(game, BuyTrain(kBeth, next));
    EXPECT_EQ(game.state().phase, phase) << "after the first '" << next << "'";
  }
}

TEST(Phases, TileColoursFollowThePhase) {
  // Phase 1 (Railway Round 2 of the sample game, the EIR): yellow only; no promotion (4.10.2).
  Game phase_1 = SampleGameAfter(SampleCheckpoint("rr2_eir_lays") - 1);
  ASSERT_EQ(phase_1.state().phase, 1);
  ASSERT_EQ(phase_1.state().railway.step, TurnStep::kTrack);
  EXPECT_EQ(ColoursListed(phase_1, kAdam), std::set<TileColour>{TileColour::kYellow});
  const Error green = MustRefuse(phase_1, Promote(kAdam, "Iaa", "87", 4));
  EXPECT_EQ(green.rule, "4.2.1");
  EXPECT_NE(green.message.find("green tiles are not available in phase 1"), std::string::npos) << green.message;
  // Phase 2 (Railway Round 3): green promotions (4.10.3).
  Game phase_2 = SampleGameAt("railway_round_3");
  EXPECT_EQ(ColoursListed(phase_2, kAdam), (std::set<TileColour>{TileColour::kYellow, TileColour::kGreen}));
  const Error brown = MustRefuse(phase_2, Promote(kAdam, "Jab", "104"));
  EXPECT_NE(brown.message.find("brown tiles are not available in phase 2"), std::string::npos) << brown.message;
  // Phase 3 (edited): brown (4.10.4). The EIR promotes Calcutta to #104.
  EditedPosition to_3(phase_2);
  to_3.SetPhase(3);
  Game phase_3 = to_3.Build();
  EXPECT_EQ(ColoursListed(phase_3, kAdam),
            (std::set<TileColour>{TileColour::kYellow, TileColour::kGreen, TileColour::kBrown}));
  MustApply(phase_3, Promote(kAdam, "Jab", "104"));
  // Phase 4 (edited, the EIR's track step again): grey (4.10.5).
  EditedPosition again(phase_3);
  again.AtStep("EIR", TurnStep::kTrack);
  Game still_3 = again.Build();
  const Error grey = MustRefuse(still_3, Promote(kAdam, "Jab", "110"));
  EXPECT_NE(grey.message.find("grey tiles are not available in phase 3"), std::string::npos) << grey.message;
  again.SetPhase(4);
  Game phase_4 = again.Build();
  EXPECT_TRUE(ColoursListed(phase_4, kAdam).count(TileColour::kGrey));
  MustApply(phase_4, Promote(kAdam, "Jab", "110"));
}

TEST(Phases, TheNumberOfRailwayRoundsChangesOnlyAfterTheNextDealingRound) {
  Game game = SampleGameAt("railway_round_1");
  EXPECT_EQ(game.state().railway.set_size, 1) << "phase 1: one railway round";
  // Railway Round 4 (the second of phase 2's two), edited: the 3s sold out, £1,000 for the NWR.
  EditedPosition position(SampleGameAt("railway_round_4"));
  position.SetStock("3", 0);
  position.SetTreasury("NWR", 1000);
  game = position.Build();
  ASSERT_EQ(game.state().railway.in_set, 2);
  ASSERT_EQ(game.state().railway.set_size, 2);
  for (const char* company : {"EIR", "GIP"}) {
    ToBuyStepOf(game, company);
    EndTurnOf(game, company);
  }
  ToBuyStepOf(game, "NWR");
  MustApply(game, BuyTrain(kBeth, "4"));
  ASSERT_EQ(game.state().phase, 3);
  EndTurnOf(game, "NWR");
  for (const char* company : {"BBCI", "SIR"}) {
    ToBuyStepOf(game, company);
    EndTurnOf(game, company);
  }
  // The set of two ends here, not after three (4.10.1 note).
  ASSERT_EQ(game.state().stage, Stage::kExtraRound);
  EXPECT_EQ(game.state().railway.number, 4);
  MustApply(game, CallExtraRound(kBeth, false));
  ASSERT_EQ(game.state().stage, Stage::kDealing);
  for (int guard = 0; guard < 12 && game.state().stage == Stage::kDealing; ++guard) {
    MustApply(game, EndTurn(game.state().dealing.current));
  }
  MustApply(game, KeepElephant(game.state().elephant));
  EXPECT_EQ(game.state().railway.set_size, 3) << "phase 3: three railway rounds";
  EXPECT_EQ(game.state().railway.in_set, 1);
  EXPECT_EQ(game.state().railway.number, 5);
  // Three rounds, then the Elephant's choice.
  for (int round = 5; round <= 7; ++round) {
    for (int turns = 0; turns < 5 && game.state().stage == Stage::kRailway; ++turns) {
      ToBuyStep(game);
      EndTurnOf(game, OperatingCompany(game));
    }
    if (round < 7) {
      EXPECT_EQ(game.state().stage, Stage::kRailway) << "after Railway Round " << round;
    }
  }
  EXPECT_EQ(game.state().stage, Stage::kExtraRound);
  EXPECT_EQ(game.state().railway.number, 7);
}

TEST(Phases, TheElephantsHolderMayCallOneExtraRailwayRound) {
  Game game = SampleGameAt("rr1_end");  // Railway Round 1, the only one of its set, has ended
  ASSERT_EQ(game.state().stage, Stage::kExtraRound);
  ASSERT_EQ(game.state().elephant, kBeth);
  const Error not_holder = MustRefuse(game, CallExtraRound(kAdam, true));
  EXPECT_EQ(not_holder.rule, "3.1.11");
  EXPECT_EQ(not_holder.kind, ErrorKind::kNotYourTurn);
  EXPECT_EQ(game.LegalActions(kBeth).size(), 2u);
  Game declined = game;
  MustApply(declined, CallExtraRound(kBeth, false));
  EXPECT_EQ(declined.state().stage, Stage::kDealing);
  EXPECT_EQ(declined.state().dealing.number, 2);
  EXPECT_EQ(declined.state().railway.number, 1);
  MustApply(game, CallExtraRound(kBeth, true));
  EXPECT_EQ(game.state().stage, Stage::kRailway);
  EXPECT_EQ(game.state().railway.number, 2);
  EXPECT_EQ(game.state().railway.in_set, 2);
  EXPECT_EQ(game.state().railway.set_size, 2);
  EXPECT_EQ(MustRefuse(game, CallExtraRound(kBeth, true)).kind, ErrorKind::kIllegal) << "not during a round";
  // After the extra round the dealing round follows, with no second call.
  PlaySampleActions(game, SampleCheckpoint("rr1_end") + 1, SampleCheckpoint("dealing_round_2"));
  EXPECT_EQ(game.state().stage, Stage::kDealing);
  EXPECT_EQ(game.state().dealing.number, 2);
  EXPECT_EQ(game.state().railway.number, 2);
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing

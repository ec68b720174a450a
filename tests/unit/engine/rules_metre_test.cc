// Metre-gauge trains (2.8.4, 4.8.11 - 4.8.19): alternatives that never change the phase; older
// metre trains on sale beside the new ones; the next design only after the broad train that brings
// its phase; none for majors before phase 2; the 2/1M cards when a minor formed in the first
// dealing round, all seven before the first '3'; the first railway round's extra 2/1M trains; the
// minors' once-per-game special token.
#include <gtest/gtest.h>

#include "tests/unit/engine/train_positions.h"

namespace mailrun::engine::t1853::testing {
namespace {

using Names = std::vector<std::string>;

// ---- The sample game's first railway round (phase 1; the minor SIR formed in the first dealing
// round, so the seven '2' cards are 2/1M cards) ------------------------------------------------

// The EIR and the GIP buy two 2s each (£400 and £360 left).
void EirAndGipBuyTwoEach(Game& game) {
  ToBuyStepOf(game, "EIR");
  MustApply(game, BuyTrain(kAdam, "2"));
  MustApply(game, BuyTrain(kAdam, "2"));
  EndTurnOf(game, "EIR");
  ToBuyStepOf(game, "GIP");
  MustApply(game, BuyTrain(kDora, "2"));
  MustApply(game, BuyTrain(kDora, "2"));
  EndTurnOf(game, "GIP");
}

// ... and the NWR three more: the seven cards are sold (the NWR keeps £20).
void SevenCardsSold(Game& game) {
  EirAndGipBuyTwoEach(game);
  ToBuyStepOf(game, "NWR");
  for (int i = 0; i < 3; ++i) MustApply(game, BuyTrain(kBeth, "2"));
  EndTurnOf(game, "NWR");
}

TEST(Metre, AllSevenTwoOneMCardsComeBeforeTheFirstThree) {
  Game game = SampleGameAt("railway_round_1");
  EXPECT_EQ(StockLeft(game, "2"), 7) << "2.8.4: one '2' more";
  EXPECT_EQ(StockLeft(game, "2M"), 3);
  EXPECT_EQ(StockLeft(game, "3M"), 4);
  EirAndGipBuyTwoEach(game);
  ToBuyStepOf(game, "NWR");
  const Error three = MustRefuse(game, BuyTrain(kBeth, "3"));
  EXPECT_EQ(three.rule, "4.8.16");
  EXPECT_NE(three.message.find("3 left"), std::string::npos) << three.message;
  MustApply(game, BuyTrain(kBeth, "2"));
  MustApply(game, BuyTrain(kBeth, "2"));
  EXPECT_EQ(MustRefuse(game, BuyTrain(kBeth, "3")).rule, "4.8.16") << "the seventh is still in the bank";
  MustApply(game, BuyTrain(kBeth, "2"));
  EXPECT_EQ(StockLeft(game, "2"), 0);
  // Now the '3' is on sale (the NWR's £20 does not reach it).
  EXPECT_EQ(MustRefuse(game, BuyTrain(kBeth, "3")).rule, "4.8.2");
}

TEST(Metre, InTheFirstRailwayRoundExtraTwoOneMTrainsUntilTheFirstThree) {
  Game game = SampleGameAt("railway_round_1");
  SevenCardsSold(game);
  ToBuyStepOf(game, "BBCI");  // a major, £840
  EXPECT_EQ(TrainsOnSale(game, kClive), (Names{"2", "3"})) << "4.8.17: a '3', or more 2s";
  EXPECT_EQ(MustRefuse(game, BuyTrain(kClive, "1M")).rule, "4.8.18") << "minors alone buy the 1M";
  MustApply(game, BuyTrain(kClive, "2"));
  EXPECT_EQ(StockLeft(game, "2"), 0) << "an additional card, not one of the seven";
  EXPECT_EQ(CompanyOf(game, "BBCI").trains.back().id, "2-8");
  EXPECT_EQ(CompanyOf(game, "BBCI").treasury, 540);
  // Having bought an additional train it may still buy the first '3' at once.
  MustApply(game, BuyTrain(kClive, "3"));
  EXPECT_EQ(game.state().phase, 2);
  EXPECT_EQ(MustRefuse(game, BuyTrain(kClive, "2")).rule, "4.8.17");
  EndTurnOf(game, "BBCI");
  // Once the first '3' is bought no company may add 2/1M trains.
  ToBuyStepOf(game, "SIR");
  const Error extra = MustRefuse(game, BuyTrain(kEd, "1M"));
  EXPECT_EQ(extra.rule, "4.8.17");
  EXPECT_NE(extra.message.find("first '3'"), std::string::npos) << extra.message;
  EXPECT_EQ(MustRefuse(game, BuyTrain(kEd, "2")).rule, "4.8.17");
  EXPECT_EQ(TrainsOnSale(game, kEd), (Names{"2M", "3"}));
}

TEST(Metre, AMinorMayBuyExtraOneMTrainsThenAThree) {
  Game game = SampleGameAt("railway_round_1");
  SevenCardsSold(game);
  ToBuyStepOf(game, "BBCI");
  EndTurnOf(game, "BBCI");
  ToBuyStepOf(game, "SIR");  // £750
  EXPECT_EQ(TrainsOnSale(game, kEd), (Names{"1M", "2", "3"}));
  MustApply(game, BuyTrain(kEd, "1M"));
  EXPECT_EQ(CompanyOf(game, "SIR").treasury, 570) << "4.8.18 a): a 1M costs £180";
  EXPECT_EQ(game.state().phase, 1) << "4.8.11: a metre train never changes the phase";
  MustApply(game, BuyTrain(kEd, "3"));
  EXPECT_EQ(game.state().phase, 2);
  EXPECT_EQ(TrainNames(game, "SIR"), (Names{"1M", "3"}));
}

TEST(Metre, AfterTheFirstRailwayRoundNoExtraTrainsButTheSpecialToken) {
  Game game = SampleGameAt("railway_round_1");
  SevenCardsSold(game);
  ToBuyStepOf(game, "BBCI");
  EndTurnOf(game, "BBCI");
  ToBuyStepOf(game, "SIR");
  const Error first_round = MustRefuse(game, BuyWithToken(kEd, "2M"));
  EXPECT_EQ(first_round.rule, "4.8.19");
  EXPECT_NE(first_round.message.find("first railway round"), std::string::npos) << first_round.message;
  EndTurnOf(game, "SIR");
  // Beth calls the extra railway round (4.9): Railway Round 2, still phase 1.
  MustApply(game, CallExtraRound(kBeth, true));
  ToBuyStepOf(game, "EIR");
  const Error extra = MustRefuse(game, BuyTrain(kAdam, "2"));
  EXPECT_EQ(extra.rule, "4.8.17");
  EXPECT_NE(extra.message.find("only in the first railway round"), std::string::npos) << extra.message;
  EXPECT_EQ(MustRefuse(game, BuyTrain(kAdam, "3")).rule, "4.8.2") << "the '3' is on sale: only money is lacking";
  for (const char* company : {"EIR", "GIP", "NWR"}) {
    EndTurnOf(game, company);
    ToBuyStep(game);
  }
  ASSERT_EQ(OperatingCompany(game), "BBCI");
  EXPECT_EQ(MustRefuse(game, BuyWithToken(kClive, "2M")).rule, "4.8.19") << "majors have no special token";
  EndTurnOf(game, "BBCI");
  // 4.8.19: no metre train is left in phase 1, so the SIR may hand in its token for a '2M'.
  ToBuyStepOf(game, "SIR");
  EXPECT_EQ(MustRefuse(game, BuyTrain(kEd, "2M")).rule, "4.8.13") << "not without the token";
  EXPECT_EQ(MustRefuse(game, BuyWithToken(kEd, "3M")).rule, "4.8.19") << "only the next phase's design";
  EXPECT_TRUE(ListsTrain(game, kEd, "2M", /*token=*/true));
  MustApply(game, BuyWithToken(kEd, "2M"));
  EXPECT_EQ(game.state().phase, 1) << "the premature train does not start phase 2";
  EXPECT_FALSE(CompanyOf(game, "SIR").special_token);
  EXPECT_EQ(StockLeft(game, "2M"), 2);
  EXPECT_EQ(TrainNames(game, "SIR"), (Names{"2M"}));
  const Error again = MustRefuse(game, BuyWithToken(kEd, "2M"));
  EXPECT_EQ(again.rule, "4.8.19");
  EXPECT_NE(again.message.find("no special token"), std::string::npos) << again.message;
}

TEST(Metre, NoMetreTrainsForMajorsBeforePhaseTwo) {
  Game game = SampleGameAt("railway_round_1");
  ToBuyStepOf(game, "EIR");
  EXPECT_EQ(MustRefuse(game, BuyTrain(kAdam, "1M")).rule, "4.8.18");
  EXPECT_EQ(MustRefuse(game, BuyTrain(kAdam, "2M")).rule, "4.8.15");
  EXPECT_EQ(TrainsOnSale(game, kAdam), (Names{"2"}));
  // In phase 2 a major may (Railway Round 3: the NWR, £280).
  Game phase_2 = SampleGameAt("rr3_nwr_runs");
  EXPECT_EQ(TrainsOnSale(phase_2, kBeth), (Names{"2M"}));
}

TEST(Metre, TheSpecialTokenWaitsWhileAMetreTrainOfThePhaseIsOnSale) {
  // Railway Round 2 of the sample game, phase 2: the SIR buys a '2M' while others are left.
  Game game = SampleGameAfter(SampleCheckpoint("rr2_sir_runs"));
  ASSERT_EQ(OperatingCompany(game), "SIR");
  ASSERT_EQ(game.state().phase, 2);
  const Error refused = MustRefuse(game, BuyWithToken(kEd, "3M"));
  EXPECT_EQ(refused.rule, "4.8.19");
  EXPECT_NE(refused.message.find("'2M'"), std::string::npos) << refused.message;
  EXPECT_FALSE(ListsTrain(game, kEd, "3M", /*token=*/true));
}

// ---- Edited positions from the sample game's Railway Round 4 (phase 2) ---------------------------

// The company at its purchases with £2,000 and no trains; the bank's stock as given.
Game Buying(const std::string& company, int phase, const std::map<std::string, int>& stock) {
  EditedPosition position(SampleGameAt("railway_round_4"));
  position.SetPhase(phase);
  for (const auto& [type, left] : stock) position.SetStock(type, left);
  position.SetTrains(company, {});
  position.SetTreasury(company, 2000);
  position.AtBuyStep(company);
  return position.Build();
}

TEST(Metre, TheNextDesignOnlyAfterTheBroadTrainThatBringsItsPhase) {
  Game game = Buying("NWR", 2, {{"3", 0}, {"2M", 0}});
  EXPECT_EQ(TrainsOnSale(game, kBeth), (Names{"4"}));
  const Error early = MustRefuse(game, BuyTrain(kBeth, "3M"));
  EXPECT_EQ(early.rule, "4.8.13");
  MustApply(game, BuyTrain(kBeth, "4"));
  EXPECT_EQ(game.state().phase, 3);
  EXPECT_EQ(TrainsOnSale(game, kBeth), (Names{"3M", "4"}));
  MustApply(game, BuyTrain(kBeth, "3M"));
  EXPECT_EQ(game.state().phase, 3);
}

TEST(Metre, OlderMetreTrainsStayOnSaleUntilTheyAreObsolete) {
  Game game = Buying("NWR", 2, {{"3", 0}, {"2M", 1}});
  MustApply(game, BuyTrain(kBeth, "4"));
  ASSERT_EQ(game.state().phase, 3);
  EXPECT_EQ(TrainsOnSale(game, kBeth), (Names{"2M", "3M", "4"})) << "4.8.12: a free choice";
  Game phase_4 = Buying("NWR", 3, {{"3", 0}, {"4", 0}, {"2M", 1}, {"3M", 2}});
  MustApply(phase_4, BuyTrain(kBeth, "5"));
  ASSERT_EQ(phase_4.state().phase, 4);
  EXPECT_EQ(StockLeft(phase_4, "2M"), 0) << "obsolete in phase 4: out of the game";
  EXPECT_EQ(TrainsOnSale(phase_4, kBeth), (Names{"3M", "4M", "5", "6"}));
}

TEST(Metre, AReturnedMetreTrainIsOnSaleSoTheTokenWaits) {
  // Phase 3, no '2M' or '3M' left in the stock, but an excess '2M' back in the bank (4.8.6).
  EditedPosition position(SampleGameAt("railway_round_4"));
  position.SetPhase(3);
  position.SetStock("3", 0);
  position.SetStock("2M", 0);
  position.SetStock("3M", 0);
  position.state().returned_trains.push_back({"2M-3", "2M", false});
  position.SetTrains("SIR", {});
  position.SetTreasury("SIR", 1000);
  position.AtBuyStep("SIR");
  Game game = position.Build();
  const Error waits = MustRefuse(game, BuyWithToken(kEd, "4M"));
  EXPECT_EQ(waits.rule, "4.8.19");
  EXPECT_NE(waits.message.find("'2M'"), std::string::npos) << waits.message;
  MustApply(game, BuyTrain(kEd, "2M"));
  MustApply(game, BuyWithToken(kEd, "4M"));
  EXPECT_EQ(game.state().phase, 3) << "the premature '4M' does not start phase 4";
  EXPECT_EQ(StockLeft(game, "4M"), 1);
  EXPECT_EQ(TrainNames(game, "SIR"), (Names{"2M", "4M"}));
}

TEST(Metre, InPhaseFourTheTokenHasNoNextPhase) {
  Game game = Buying("SIR", 4, {{"3", 0}, {"4", 0}, {"5", 2}, {"2M", 0}, {"3M", 0}, {"4M", 0}});
  EXPECT_EQ(MustRefuse(game, BuyWithToken(kEd, "4M")).rule, "4.8.19");
  EXPECT_EQ(MustRefuse(game, BuyTrain(kEd, "4M")).rule, "4.8.12");
}

// ---- No minor in the first dealing round ---------------------------------------------------------

// A four-player game in which only the NWR forms in the first dealing round, and the minor SIR in
// the second. Bonds 63 to 60 seat the players 0 to 3. Bids: seat 0 Peshawar, Rawalpindi, Lahore
// (NWR x3); seat 1 Multan, Karachi (NWR x2), Patna (EIR); seat 2 Lucknow (EIR), Nagpur (GIP),
// Hyderabad (BNR); seat 3 Ajmer (GIP), Bangalore (SIR), Ahmadabad (BBCI). Five NWR shares float it
// (TABLE 3); nobody buys in the first dealing round. Railway Round 1: the NWR buys one '2'.
// Dealing Round 2: seats 0, 1, 2, 3 and 0 buy SIR shares, which floats it with seat 3 (two shares)
// as director.
Game SirFormsInTheSecondDealingRound() {
  auto created = Game::Create(Config(4));
  if (!created.ok()) throw std::runtime_error(created.error().ToString());
  Game game = std::move(*created);
  for (int seat = 0; seat < 4; ++seat) Play(game, Bond(seat, 63 - seat));
  const std::vector<std::vector<std::pair<std::string, std::string>>> rounds = {
      {{"Peshawar", "NWR"}, {"Multan", "NWR"}, {"Lucknow", "EIR"}, {"Ajmer", "GIP"}},
      {{"Rawalpindi", "NWR"}, {"Karachi", "NWR"}, {"Nagpur", "GIP"}, {"Bangalore", "SIR"}},
      {{"Lahore", "NWR"}, {"Patna", "EIR"}, {"Hyderabad", "BNR"}, {"Ahmadabad", "BBCI"}},
  };
  for (const auto& round : rounds) {
    for (int seat = 0; seat < 4; ++seat) Play(game, Claim(seat, round[seat].first, round[seat].second));
  }
  for (int guard = 0; guard < 8 && game.state().stage == Stage::kDealing; ++guard) {
    Play(game, EndTurn(game.state().dealing.current));
  }
  Play(game, KeepElephant(game.state().elephant));
  ToBuyStepOf(game, "NWR");
  Play(game, BuyTrain(0, "2"));
  EndTurnOf(game, "NWR");
  if (game.state().stage == Stage::kExtraRound) Play(game, CallExtraRound(game.state().elephant, false));
  for (int seat : {0, 1, 2, 3, 0}) {
    if (game.state().dealing.current != seat) throw std::runtime_error("unexpected dealing turn");
    Play(game, Buy(seat, "SIR"));
    Play(game, EndTurn(seat));
  }
  while (game.state().stage == Stage::kDealing) Play(game, EndTurn(game.state().dealing.current));
  Play(game, KeepElephant(game.state().elephant));
  return game;
}

TEST(Metre, WithoutAMinorInTheFirstDealingRoundNoOneMTrains) {
  Game game = SirFormsInTheSecondDealingRound();
  EXPECT_FALSE(game.state().minor_formed_in_first_round);
  EXPECT_EQ(StockLeft(game, "2"), 5) << "six 2s, one bought (TABLE 5)";
  EXPECT_EQ(StockLeft(game, "2M"), 2);
  EXPECT_EQ(StockLeft(game, "3M"), 3);
  const CompanyState& sir = CompanyOf(game, "SIR");
  ASSERT_EQ(sir.status, CompanyStatus::kFormed);
  EXPECT_FALSE(sir.major);
  EXPECT_EQ(sir.director, 3);
  EXPECT_TRUE(sir.special_token);
  ToBuyStepOf(game, "NWR");
  EndTurnOf(game, "NWR");
  ToBuyStepOf(game, "SIR");
  const Error one_m = MustRefuse(game, BuyTrain(3, "1M"));
  EXPECT_EQ(one_m.rule, "4.8.16");
  EXPECT_EQ(TrainsOnSale(game, 3), (Names{"2"}));
  // Phase 1 has no metre train in this game at all, so the token may buy a '2M' (4.8.19).
  MustApply(game, BuyWithToken(3, "2M"));
  EXPECT_EQ(game.state().phase, 1);
  EXPECT_EQ(TrainNames(game, "SIR"), (Names{"2M"}));
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing

// Track construction (4.1): how many tiles a company lays and what a second lay costs (4.1.2 -
// 4.1.4), yellow tiles only and never on the large cities (4.1.5), both gauges (4.1.6), railheads
// (4.1.7, dual gauge 4.2.8), two lays from different bases over separate track (4.1.8), home
// tiles (4.1.9), the right tile for the hex (4.1.10), the sea and the margins (4.1.11), terrain
// costs (4.1.13), Ajmer (4.1.14) and frontier posts (4.1.15). Every check goes through Apply and
// LegalActions: an accepted lay was listed, a refused one was not and changed nothing.
#include <gtest/gtest.h>

#include "tests/unit/engine/railway_position.h"

namespace mailrun::engine::t1853::testing {
namespace {

using mailrun::v1::DOUBLE_LAY_FROM_PHASE_2;
using mailrun::v1::DOUBLE_LAY_PAY_PER_USE;

// ---- 4.1.2 - 4.1.4: one or two lays ----------------------------------------------------------

TEST(Track, TheDoubleLayChoiceComesFirstAndNamesTheFee) {
  // Appendix 4 at the start of Railway Round 1: the EIR's director chooses before laying.
  Game game = RailwayPosition().Operate("EIR", TurnStep::kDoubleLayChoice);
  const Error early = Refuse(game, Lay(kAdam, "Iaa", "58", 5));
  EXPECT_EQ(early.rule, "4.1.3");
  EXPECT_EQ(early.message, "the EIR is at its step 'choose the double-lay option': 'lay or promote track' comes later in its turn");
  EXPECT_EQ(Refuse(game, EndStep(kAdam)).rule, "4.1.3");
  const auto legal = game.LegalActions(kAdam);
  ASSERT_EQ(legal.size(), 2u);
  EXPECT_NE(legal[1].description().find("£50"), std::string::npos) << legal[1].description();  // company 1
  Game gip = RailwayPosition().Operate("GIP", TurnStep::kDoubleLayChoice);
  EXPECT_NE(gip.LegalActions(kDora)[1].description().find("£20"), std::string::npos);  // companies 2 - 5
  Accept(game, ChooseDoubleLay(kAdam, DOUBLE_LAY_PAY_PER_USE));
  EXPECT_EQ(CompanyOf(game, "EIR").double_lay, DoubleLay::kPayPerUse);
  EXPECT_TRUE(StillLaying(game));
  EXPECT_EQ(Refuse(game, ChooseDoubleLay(kAdam, DOUBLE_LAY_FROM_PHASE_2)).rule, "4.1.3");
}

TEST(Track, MinorsLayOneTile) {
  Game game = RailwayPosition().Operate("SIR");  // the SIR's first turn: no choice for a minor
  Accept(game, Lay(kEd, "Tp", "76", 4));
  EXPECT_FALSE(StillLaying(game)) << "after its one lay the track step is over (4.1.2)";
  // The refusal names the reason the step ended, not the order of the steps.
  const Error second = Refuse(game, Lay(kEd, "Tr", "72", 1));
  EXPECT_EQ(second.rule, "4.1.2");
  EXPECT_EQ(second.message, "the SIR may lay 1 tile a turn");
}

TEST(Track, OptionOneLaysOneTileInPhaseOneAndTwoFreeFromPhaseTwo) {
  RailwayPosition position;
  position.DoubleLay("EIR", DoubleLay::kFromPhase2);
  Game phase1 = position.Operate("EIR");
  Accept(phase1, Lay(kAdam, "Iaa", "58", 5));
  EXPECT_FALSE(StillLaying(phase1)) << "option 1: one tile until phase 2 (4.1.3)";
  EXPECT_EQ(Refuse(phase1, Lay(kAdam, "Hx", "5", 0)).rule, "4.1.3");

  Game phase2 = position.Phase(2).Operate("EIR");
  Accept(phase2, Lay(kAdam, "Iaa", "58", 5));
  EXPECT_TRUE(StillLaying(phase2));
  Accept(phase2, Lay(kAdam, "Hx", "5", 0));   // Patna: multiple river, £60, no fee
  EXPECT_EQ(Treasury(phase2, "EIR"), 940);
}

TEST(Track, OptionTwoPaysFiftyForTheEirsSecondLayAndTwentyForTheOthers) {
  RailwayPosition position;
  position.DoubleLay("EIR", DoubleLay::kPayPerUse).DoubleLay("GIP", DoubleLay::kPayPerUse)
      .DoubleLay("BBCI", DoubleLay::kPayPerUse);
  Game eir = position.Operate("EIR");
  const int credits = eir.state().credits;
  Accept(eir, Lay(kAdam, "Iaa", "58", 5));
  EXPECT_EQ(Treasury(eir, "EIR"), 1000);
  Accept(eir, Lay(kAdam, "Hx", "5", 0));  // £60 terrain + £50
  EXPECT_EQ(Treasury(eir, "EIR"), 890);
  EXPECT_EQ(eir.state().credits, credits + 110) << "paid to the bank in Company Credits";

  Game gip = position.Operate("GIP");
  Accept(gip, Lay(kDora, "Ht", "6", 0));   // Allahabad: multiple river £60
  Accept(gip, Lay(kDora, "Nj", "73", 2));  // metre gauge mountain £70 + £20
  EXPECT_EQ(Treasury(gip, "GIP"), 960 - 60 - 90);

  Game bbci = position.Operate("BBCI");  // a major BBCI pays as companies 2 - 4 do
  Accept(bbci, Lay(kClive, "Hj", "6", 2));   // Ajmer £70 (4.1.14)
  Accept(bbci, Lay(kClive, "Lj", "58", 0));  // hill and river £120 + £20
  EXPECT_EQ(Treasury(bbci, "BBCI"), 840 - 70 - 140);
}

TEST(Track, OptionTwoChargesNothingForASingleLayAndStillChargesInPhaseTwo) {
  RailwayPosition position;
  position.DoubleLay("EIR", DoubleLay::kPayPerUse);
  Game one = position.Operate("EIR");
  Accept(one, Lay(kAdam, "Iaa", "58", 5));
  Accept(one, EndStep(kAdam));
  EXPECT_EQ(Treasury(one, "EIR"), 1000);

  Game phase2 = position.Phase(2).Operate("EIR");
  Accept(phase2, Lay(kAdam, "Iaa", "58", 5));
  Accept(phase2, Lay(kAdam, "Hx", "5", 0));
  EXPECT_EQ(Treasury(phase2, "EIR"), 890) << "option 2 pays whenever two tiles are laid (4.1.3)";
}

TEST(Track, TheFeeAndTheTerrainMustBothBeAffordable) {
  RailwayPosition position;
  position.DoubleLay("EIR", DoubleLay::kPayPerUse).Treasury("EIR", 100);
  Game game = position.Operate("EIR");
  Accept(game, Lay(kAdam, "Iaa", "58", 5));
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Hx", "5", 0)).rule, "4.1.13");  // £60 + £50 > £100
  Game first = position.Operate("EIR");
  Accept(first, Lay(kAdam, "Hx", "5", 0));  // as the first lay it is only £60
  EXPECT_EQ(Treasury(first, "EIR"), 40);
}

TEST(Track, TheBarLaysTwoTilesFromOneBaseInItsFirstTurnOnly) {
  RailwayPosition position;
  position.Form("BAR", kAdam);
  Game first = position.Operate("BAR");
  EXPECT_EQ(first.state().railway.step, TurnStep::kTrack) << "a minor makes no double-lay choice";
  Accept(first, Lay(kAdam, "Jah", "6", 2));  // Chittagong: its home
  EXPECT_TRUE(StillLaying(first));
  Accept(first, Lay(kAdam, "Jaj", "9", 1));  // from the same base (4.1.4), mountain £140, no fee
  EXPECT_EQ(Treasury(first, "BAR"), 700 - 140);
  EXPECT_FALSE(StillLaying(first));
  const Error third = Refuse(first, Lay(kAdam, "Jak", "9", 1));
  EXPECT_EQ(third.rule, "4.1.4") << third.message;
  EXPECT_EQ(third.message, "in its first turn the BAR lays two tiles, no more");

  Game later = position.TurnsDone("BAR", 1).Operate("BAR");
  Accept(later, Lay(kAdam, "Jah", "6", 2));
  EXPECT_FALSE(StillLaying(later)) << "only in the BAR's first railway round (4.1.4)";
  EXPECT_EQ(Refuse(later, Lay(kAdam, "Jaj", "9", 1)).rule, "4.1.2") << "a minor lays one tile";
}

TEST(Track, TheBarMayPromoteInsteadInItsFirstTurnFromPhaseTwo) {
  RailwayPosition position;
  position.Form("BAR", kAdam).Tile("Jah", "6", 2).Phase(2);
  Game game = position.Operate("BAR");
  Accept(game, Promote(kAdam, "Jah", "15", 2));
  EXPECT_TRUE(HasTile(game, "Jah", "15"));
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Jaj", "9", 1)).rule, "4.2.1");
}

// ---- 4.1.5 - 4.1.7: what is laid where ------------------------------------------------------

TEST(Track, OnlyYellowTilesAreLaidAndNeverOnTheLargeCities) {
  RailwayPosition position;
  position.DoubleLay("EIR", DoubleLay::kPayPerUse).Tile("Iaa", "58", 5).Phase(2);
  Game game = position.Operate("EIR");
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Iy", "82", 1)).rule, "4.1.5");  // green
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Jab", "58", 0)).rule, "4.1.5");  // Calcutta
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Iaa", "3", 4)).rule, "4.1.5");   // already has a tile
}

TEST(Track, BothGaugesMayBeLaidAndTheLineKeepsItsGauge) {
  RailwayPosition position;
  position.DoubleLay("EIR", DoubleLay::kFromPhase2);
  // Calcutta's track is dual gauge (4.2.12): a metre line may leave it in phase 1 (4.1.6).
  Game metre = position.Operate("EIR");
  Accept(metre, Lay(kAdam, "Iaa", "73", 5));
  // Beyond a metre tile the line is metre gauge (4.1.7).
  Game on = RailwayPosition(metre).Operate("EIR");
  EXPECT_EQ(Refuse(on, Lay(kAdam, "Iy", "9", 1)).rule, "4.1.7");
  Accept(on, Lay(kAdam, "Iy", "79", 1));
}

TEST(Track, DualGaugeTrackCarriesALineOfEitherGauge) {
  // 4.2.8: Calcutta (dual) - Iaa (broad) - Iy (brown, dual) - railhead at Iw: still a broad line.
  RailwayPosition position;
  position.DoubleLay("EIR", DoubleLay::kFromPhase2).Tile("Iaa", "58", 5).Tile("Iy", "108", 1).Phase(3);
  Game game = position.Operate("EIR");
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Iw", "74", 1)).rule, "4.1.7");  // metre: the line is broad
  Accept(game, Lay(kAdam, "Iw", "4", 1));
}

TEST(Track, ANewTileMustExtendARailhead) {
  RailwayPosition position;
  position.DoubleLay("EIR", DoubleLay::kFromPhase2).Tile("Iaa", "58", 5);
  Game game = position.Operate("EIR");
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Iu", "9", 0)).rule, "4.1.7");   // nowhere near the EIR's track
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Iy", "9", 0)).rule, "4.1.7");   // next to it, but not joining it
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Ht", "6", 0)).rule, "4.1.7");   // the GIP's home, not the EIR's
  Accept(game, Lay(kAdam, "Iy", "9", 1));
}

TEST(Track, ARailheadMayBeAnyDistanceFromTheBase) {
  RailwayPosition position;
  position.DoubleLay("EIR", DoubleLay::kFromPhase2).Tile("Iaa", "58", 5).Tile("Iy", "9", 1);
  Game game = position.Operate("EIR");
  Accept(game, Lay(kAdam, "Iw", "4", 1));  // river £40
  EXPECT_EQ(Treasury(game, "EIR"), 960);
}

TEST(Track, AnotherCompanysFullStationBlocksTheLine) {
  // The GIP's line Allahabad - Benares; beyond Benares a railhead at Iw.
  RailwayPosition position;
  position.DoubleLay("GIP", DoubleLay::kFromPhase2).TurnsDone("GIP", 1).Tile("Ht", "6", 2).Tile("Hv", "6", 5);
  Game open = position.Operate("GIP");
  EXPECT_TRUE(Listed(open, Lay(kDora, "Iw", "4", 2)));
  // An EIR base fills Benares' only token space: the GIP may not pass (4.1.7).
  Game blocked = RailwayPosition(position).Base("EIR", "Hv").Operate("GIP");
  EXPECT_EQ(Refuse(blocked, Lay(kDora, "Iw", "4", 2)).rule, "4.1.7");
  // A station with a vacant space blocks nothing (4.2.9).
  Game vacant = RailwayPosition(position).Tile("Hv", "14", 1).Base("EIR", "Hv").Phase(2).Operate("GIP");
  Accept(vacant, Lay(kDora, "Iw", "4", 2));
}

// ---- 4.1.8: two lays -----------------------------------------------------------------------

// The EIR with a line from Calcutta to Iy and, separately, Patna with exits to Hz and Iw.
RailwayPosition TwoLines() {
  RailwayPosition position;
  position.DoubleLay("EIR", DoubleLay::kPayPerUse).Tile("Iaa", "58", 5).Tile("Hx", "6", 4);
  return position;
}

TEST(Track, TwoLaysFromDifferentBasesAreAllowed) {
  Game game = TwoLines().Operate("EIR");
  Accept(game, Lay(kAdam, "Iy", "9", 1));  // from Calcutta
  Accept(game, Lay(kAdam, "Hz", "9", 1));  // from Patna: river £40 + £50
  EXPECT_EQ(Treasury(game, "EIR"), 910);
}

TEST(Track, TheSecondLayMustConnectToTheOtherBase) {
  Game game = TwoLines().Operate("EIR");
  Accept(game, Lay(kAdam, "Iy", "9", 1));  // from Calcutta; Iw now has railheads from both bases
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Iw", "4", 1)).rule, "4.1.8");   // only Calcutta's
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Iw", "58", 2)).rule, "4.1.8");  // only Calcutta's
  Accept(game, Lay(kAdam, "Iw", "4", 0));  // Patna's
  Game both = TwoLines().Operate("EIR");
  Accept(both, Lay(kAdam, "Iy", "9", 1));
  Accept(both, Lay(kAdam, "Iw", "3", 3));  // joins both lines, Patna's among them
}

TEST(Track, TwoConnectionsMayNotShareTrack) {
  // Calcutta - Iaa - Iy - Patna - Benares: both bases reach Benares only over Patna's western exit.
  RailwayPosition position;
  position.DoubleLay("EIR", DoubleLay::kPayPerUse).Tile("Iaa", "58", 5).Tile("Iy", "8", 2).Tile("Hx", "6", 5);
  Game game = position.Operate("EIR");
  Accept(game, Lay(kAdam, "Hv", "6", 4));
  // Every second lay would share that exit with the first: none is possible, the step is over.
  EXPECT_FALSE(StillLaying(game));
  // With a second way out of Iaa (a green town) the EIR may lay again, but not beyond Benares.
  Game wider = RailwayPosition(position).Phase(2).Tile("Iaa", "87", 5).Operate("EIR");
  Accept(wider, Lay(kAdam, "Hv", "6", 4));
  ASSERT_TRUE(StillLaying(wider));
  EXPECT_EQ(Refuse(wider, Lay(kAdam, "Iu", "9", 0)).rule, "4.1.8");
  Accept(wider, Lay(kAdam, "Hz", "7", 4));  // from Iaa's north-west exit: Calcutta's own line
}

TEST(Track, TwoConnectionsMayMeetAtAStation) {
  // Calcutta's line and Patna's line both end at the town of Iw (green, four exits).
  RailwayPosition position;
  position.DoubleLay("EIR", DoubleLay::kFromPhase2).Phase(2).Tile("Iaa", "58", 5).Tile("Iy", "9", 1)
      .Tile("Hx", "6", 4).Tile("Iw", "87", 1);
  Game game = position.Operate("EIR");
  Accept(game, Lay(kAdam, "Iu", "9", 1));  // from the town, reached by either base
  Accept(game, Lay(kAdam, "Hv", "6", 3));  // from the town too: the lines share only its station
}

TEST(Track, TheListedSecondLaysAreExactlyTheAcceptedOnes) {
  Game game = TwoLines().Operate("EIR");
  Accept(game, Lay(kAdam, "Iy", "9", 1));
  const auto listed = ListedTrackMoves(game);
  EXPECT_FALSE(listed.empty());
  EXPECT_EQ(listed, AcceptedTrackMoves(game));
}

// ---- 4.1.9 - 4.1.11 --------------------------------------------------------------------------

TEST(Track, AHomeTileNeedsNoRailhead) {
  Game game = RailwayPosition().Operate("EIR", TurnStep::kTrack);
  Accept(game, Lay(kAdam, "Hx", "5", 0));  // Patna: nothing of the EIR's near it (4.1.9)
  EXPECT_TRUE(HasTile(game, "Hx", "5"));
}

TEST(Track, TheTileMustSuitTheHex) {
  RailwayPosition position;
  position.DoubleLay("EIR", DoubleLay::kPayPerUse);
  Game game = position.Operate("EIR");
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Iaa", "9", 5)).rule, "4.1.10");   // plain track on a town
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Iaa", "6", 5)).rule, "4.1.10");   // a large station on a town
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Iaa", "1", 5)).rule, "4.1.10");   // two towns on one
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Hx", "58", 0)).rule, "4.1.10");   // a town on a city
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Hx", "8", 0)).rule, "4.1.10");    // plain track on a city
  // Two towns take a tile with two small stations; one line joining the railhead is enough.
  Game towns = RailwayPosition(position).Tile("Iaa", "3", 4).Operate("EIR");
  EXPECT_EQ(Refuse(towns, Lay(kAdam, "Iac", "4", 1)).rule, "4.1.10");
  Accept(towns, Lay(kAdam, "Iac", "1", 0));  // multiple river £60
}

TEST(Track, NoTrackRunsIntoTheSeaOrTheMargins) {
  RailwayPosition position;
  position.Form("BAR", kAdam);
  Game bar = position.Operate("BAR");
  EXPECT_EQ(Refuse(bar, Lay(kAdam, "Jah", "6", 0)).rule, "4.1.11");  // into the Bay of Bengal
  EXPECT_EQ(Refuse(bar, Lay(kAdam, "Jaf", "6", 0)).rule, "4.1.11");  // a sea hex
  Accept(bar, Lay(kAdam, "Jah", "6", 2));
  Accept(bar, Lay(kAdam, "Jaj", "9", 1));  // off the board at a buff edge: allowed (4.1.11)
  Game eir = RailwayPosition().Operate("EIR", TurnStep::kTrack);
  EXPECT_EQ(Refuse(eir, Lay(kAdam, "Hx", "6", 1)).rule, "4.1.11");  // Patna's north-east: dark grey margin
}

// ---- 4.1.13 - 4.1.15: costs and frontier posts ------------------------------------------------

TEST(Track, TerrainIsPaidBeforeTheLayAtTheGaugesRate) {
  RailwayPosition position;
  position.DoubleLay("EIR", DoubleLay::kFromPhase2);
  Game broad = position.Operate("EIR");
  Accept(broad, Lay(kAdam, "Hx", "5", 0));
  EXPECT_EQ(Treasury(broad, "EIR"), 940);  // multiple river, broad: £60
  Game metre = position.Operate("EIR");
  Accept(metre, Lay(kAdam, "Hx", "75", 0));
  EXPECT_EQ(Treasury(metre, "EIR"), 960);  // metre: £40
  Game poor = RailwayPosition(position).Treasury("EIR", 59).Operate("EIR");
  const Error error = Refuse(poor, Lay(kAdam, "Hx", "5", 0));
  EXPECT_EQ(error.rule, "4.1.13");
  EXPECT_NE(error.message.find("£60"), std::string::npos) << error.message;
  Accept(poor, Lay(kAdam, "Hx", "75", 0));
  EXPECT_EQ(Treasury(poor, "EIR"), 19);
}

TEST(Track, Rule3_4_6_AManagerPaysTrackFromTheTreasury) {
  // The SIR run by a manager (Ed): Trichinopoly laid, and the metre river crossing at Tr costs £30
  // from the treasury when it is laid; there is no credit for anything but a train (3.4.3).
  RailwayPosition position;
  position.Manager("SIR", kEd).TurnsDone("SIR", 1).Tile("Tp", "76", 4);
  Game game = position.Operate("SIR");
  Accept(game, Lay(kEd, "Tr", "72", 1));
  EXPECT_EQ(Treasury(game, "SIR"), 750 - 30);
  Game poor = RailwayPosition(position).Treasury("SIR", 29).Operate("SIR");
  EXPECT_EQ(Refuse(poor, Lay(kEd, "Tr", "72", 1)).rule, "4.1.13");
}

TEST(Track, Rule4_1_12_ALineMayEndAgainstANeighboursBlankEdge) {
  // A straight tile on Iy runs north-west to south-east, leaving its east edge, towards Iaa, blank.
  // The EIR's #58 on Iaa points west, at that blank edge: it is laid all the same.
  RailwayPosition position;
  position.DoubleLay("EIR", DoubleLay::kFromPhase2).Tile("Iy", "9", {"Hx", "Jz"});
  Game game = position.Operate("EIR");
  Accept(game, Lay(kAdam, "Iaa", "58", 5));
  EXPECT_TRUE(HasTile(game, "Iaa", "58"));
}

TEST(Track, AjmerCostsAMajorBbciSeventyPounds) {
  RailwayPosition position;
  position.DoubleLay("BBCI", DoubleLay::kFromPhase2);
  Game major = position.Operate("BBCI");
  Accept(major, Lay(kClive, "Hj", "6", 2));
  EXPECT_EQ(Treasury(major, "BBCI"), 770);  // 4.1.14 instead of the mountain's £140
  // A minor BBCI pays the mountain (2.6.3).
  RailwayPosition minor_position;
  minor_position.state().companies[CompanyIndexOf(major, "BBCI")].major = false;
  std::erase_if(minor_position.state().companies[CompanyIndexOf(major, "BBCI")].bases,
                [](const engine::Base& b) { return HexName(b.hex) == "Mi"; });
  Game minor = minor_position.Operate("BBCI");
  Accept(minor, Lay(kClive, "Hj", "6", 2));
  EXPECT_EQ(Treasury(minor, "BBCI"), 700);
}

TEST(Track, AFrontierPostPaysOnceAfterTheTurnsLays) {
  // The NWR's line Delhi - Em leads to the frontier post of Dn (40).
  RailwayPosition position;
  position.DoubleLay("NWR", DoubleLay::kFromPhase2).Phase(2).Tile("Em", "58", 3);
  Game game = position.Operate("NWR");
  const int credits = game.state().credits;
  Accept(game, Lay(kBeth, "Dn", "4", 0));  // mountain £140
  EXPECT_EQ(Treasury(game, "NWR"), 780) << "nothing is paid before the turn's lays are finished";
  EXPECT_TRUE(game.state().board.frontier_paid.empty());
  Accept(game, Lay(kBeth, "Ck", "5", 5));  // Lahore, the other home; the track step ends
  EXPECT_FALSE(StillLaying(game));
  EXPECT_EQ(Treasury(game, "NWR"), 780 + 40);
  EXPECT_EQ(game.state().credits, credits + 140 - 40) << "paid in Company Credits";
  ASSERT_EQ(game.state().board.frontier_paid.size(), 1u);
  EXPECT_EQ(HexName(game.state().board.frontier_paid[0]), "Dn");
  // Everyone's view says so (issue 22: the board picture drops the post's marker).
  const auto view = game.View(-1);
  ASSERT_EQ(view.frontier_posts_paid_size(), 1);
  EXPECT_EQ(view.frontier_posts_paid(0), "Dn");
  // The NWR's next turn: still connected, but paid only once.
  Game next = RailwayPosition(game).Operate("NWR");
  Accept(next, EndStep(kBeth));
  EXPECT_EQ(Treasury(next, "NWR"), 820);
}

TEST(Track, TheListedLaysAreExactlyTheAcceptedOnes) {
  // A first lay with railheads at both bases, both gauges, terrain and the margins about.
  Game game = TwoLines().Operate("EIR");
  const auto listed = ListedTrackMoves(game);
  EXPECT_FALSE(listed.empty());
  EXPECT_EQ(listed, AcceptedTrackMoves(game));
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing

// Tile promotion (4.2): one promotion instead of laying (4.2.1), colours by phase, the TABLE 2
// areas before phase 4 and the connection a promotion needs (4.2.2), the phase-4 relaxation for
// companies with a '5' or '6' train and the run it obliges (4.2.3), existing track and gauge kept
// (4.2.4, 4.2.6), TABLE 8 with the #58 limits and option 2.4.4 (4.2.5), brown next to grey
// (4.2.7), dual gauge (4.2.8), the large cities (4.2.12) and Calcutta's £60 (4.2.13). Every check
// goes through Apply and LegalActions.
#include <gtest/gtest.h>

#include "tests/unit/engine/railway_position.h"

namespace mailrun::engine::t1853::testing {
namespace {

// The EIR with Calcutta - Iaa (#58, a town), laying two tiles a turn from phase 2.
RailwayPosition EirWithIaa(int phase) {
  RailwayPosition position;
  position.DoubleLay("EIR", DoubleLay::kFromPhase2).Phase(phase).Tile("Iaa", "58", 5);
  return position;
}

// Ends the steps before the runs (track, base) with nothing more done.
void EndStepsBeforeTheRuns(Game& game, int seat) {
  while (game.state().railway.step == TurnStep::kTrack || game.state().railway.step == TurnStep::kBase) {
    MustApply(game, EndStep(seat));
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(Promotion, OnePromotionInsteadOfLaying) {
  Game game = EirWithIaa(2).Operate("EIR");
  const int supply58 = game.state().board.supply.at("58");
  const int supply87 = game.state().board.supply.at("87");
  Accept(game, Promote(kAdam, "Iaa", "87", 5));
  EXPECT_TRUE(HasTile(game, "Iaa", "87"));
  EXPECT_EQ(game.state().board.supply.at("58"), supply58 + 1) << "the old tile may be used again (4.2.10)";
  EXPECT_EQ(game.state().board.supply.at("87"), supply87 - 1);
  EXPECT_FALSE(StillLaying(game)) << "no lay and no second promotion after a promotion (4.2.1)";
  EXPECT_EQ(Refuse(game, Lay(kAdam, "Iy", "9", 1)).rule, "4.2.1");
  EXPECT_EQ(Treasury(game, "EIR"), 1000) << "promotions cost nothing (4.2.11)";

  Game laid = EirWithIaa(2).Operate("EIR");
  Accept(laid, Lay(kAdam, "Iy", "9", 1));
  ASSERT_TRUE(StillLaying(laid));
  EXPECT_EQ(Refuse(laid, Promote(kAdam, "Iaa", "87", 5)).rule, "4.2.1");
}

TEST(Promotion, ColoursComeWithThePhases) {
  Game phase1 = EirWithIaa(1).Operate("EIR");
  EXPECT_EQ(Refuse(phase1, Promote(kAdam, "Iaa", "87", 5)).rule, "4.2.1");  // green from phase 2
  Game phase2 = EirWithIaa(2).Operate("EIR");
  EXPECT_EQ(Refuse(phase2, Promote(kAdam, "Iaa", "102", 0)).rule, "4.2.1");  // yellow to brown: one step only
  Accept(phase2, Promote(kAdam, "Iaa", "87", 5));
  Game green2 = RailwayPosition(phase2).Operate("EIR");
  EXPECT_EQ(Refuse(green2, Promote(kAdam, "Iaa", "102", 0)).rule, "4.2.1");  // brown from phase 3
  Game green3 = RailwayPosition(phase2).Phase(3).Operate("EIR");
  Accept(green3, Promote(kAdam, "Iaa", "102", 0));
  // Brown to grey from phase 4 (Patna, #103 -> #109).
  RailwayPosition brown = EirWithIaa(3);
  brown.Tile("Hx", "103", 2);
  Game brown3 = brown.Operate("EIR");
  EXPECT_EQ(Refuse(brown3, Promote(kAdam, "Hx", "109", 4)).rule, "4.2.1");
  Game brown4 = brown.Phase(4).Operate("EIR");
  Accept(brown4, Promote(kAdam, "Hx", "109", 4));
}

TEST(Promotion, ExistingTrackAndItsGaugeAreKept) {
  Game game = EirWithIaa(2).Operate("EIR");
  EXPECT_EQ(Refuse(game, Promote(kAdam, "Iaa", "87", 2)).rule, "4.2.4");  // would lose the line to Iy
  // A metre town promoted to #91: its metre lines must stay metre (4.2.6).
  Game metre = RailwayPosition(EirWithIaa(2)).Tile("Iaa", "73", 5).Operate("EIR");
  EXPECT_EQ(Refuse(metre, Promote(kAdam, "Iaa", "91", 3)).rule, "4.2.4");
  Accept(metre, Promote(kAdam, "Iaa", "91", 4));
}

TEST(Promotion, TableEightWithTheLimitsOfTile58) {
  Game game = EirWithIaa(2).Operate("EIR");
  // #58 is not promoted to the £30 green stations (4.2.5) ...
  EXPECT_EQ(Refuse(game, Promote(kAdam, "Iaa", "14", 1)).rule, "4.2.5");
  // ... unless option 2.4.4 is in play.
  mailrun::v1::GameOptions wide;
  wide.set_unrestricted_58(true);
  Game option = EirWithIaa(2).Options(wide).Operate("EIR");
  Accept(option, Promote(kAdam, "Iaa", "14", 1));
  // Plain track never becomes a station; two-town tiles are never promoted (4.2.5).
  Game plain = RailwayPosition(EirWithIaa(2)).Tile("Iy", "9", 1).Operate("EIR");
  EXPECT_EQ(Refuse(plain, Promote(kAdam, "Iy", "87", 1)).rule, "4.2.5");
  Game towns = RailwayPosition(EirWithIaa(2)).Tile("Iaa", "3", 4).Tile("Iac", "1", 0).Operate("EIR");
  const Error never = Refuse(towns, Promote(kAdam, "Iac", "87", 0));
  EXPECT_EQ(never.rule, "4.2.5");
  EXPECT_NE(never.message.find("never promoted"), std::string::npos) << never.message;
}

TEST(Promotion, BeforePhaseFourOnlyWithinTheCompanysArea) {
  // The GIP's line Allahabad (in its area) - Benares (east of column t: outside).
  RailwayPosition position;
  position.DoubleLay("GIP", DoubleLay::kFromPhase2).TurnsDone("GIP", 1).Phase(2).Tile("Ht", "6", 2).Tile("Hv", "6", 5);
  Game game = position.Operate("GIP");
  EXPECT_EQ(Refuse(game, Promote(kDora, "Hv", "14", 1)).rule, "4.2.2");
  Accept(game, Promote(kDora, "Ht", "14", 1));
  // Phase 4 without a '5' or '6' train: still only within the area (4.2.3).
  Game phase4 = RailwayPosition(position).Phase(4).Trains("GIP", {"4"}).Operate("GIP");
  const Error refused = Refuse(phase4, Promote(kDora, "Hv", "14", 1));
  EXPECT_EQ(refused.rule, "4.2.3");
  EXPECT_EQ(refused.message, "outside its area a company promotes only if it owns a '5' or '6' train; the GIP owns none");
}

TEST(Promotion, FromPhaseFourAFiveTrainPromotesWhatItRunsOverAndMustRunOverIt) {
  RailwayPosition position;
  position.DoubleLay("GIP", DoubleLay::kFromPhase2).TurnsDone("GIP", 1).Phase(4).Trains("GIP", {"5"})
      .Tile("Ht", "6", 2).Tile("Hv", "6", 5);
  Game game = position.Operate("GIP");
  Accept(game, Promote(kDora, "Hv", "14", 1));
  EndStepsBeforeTheRuns(game, kDora);
  ASSERT_EQ(game.state().railway.step, TurnStep::kRun);
  // 4.2.3: this round's runs must include Benares.
  mailrun::v1::Action none;
  none.set_seat(kDora);
  none.mutable_run_trains();
  EXPECT_EQ(Refuse(game, none).rule, "4.2.3");
  mailrun::v1::Action run = none;
  auto* r = run.mutable_run_trains()->add_runs();
  r->set_train_id(CompanyOf(game, "GIP").trains[0].id);
  for (const char* node : {"Ht.s0", "Ht/Hv", "Hv.s0"}) r->add_nodes(node);
  MustApply(game, run);

  // A stub its trains cannot run over may not be promoted outside the area (Iu: plain, a dead end).
  RailwayPosition stub;
  stub.DoubleLay("GIP", DoubleLay::kFromPhase2).TurnsDone("GIP", 1).Phase(4).Trains("GIP", {"5"})
      .Tile("Ht", "6", 3).Tile("Iu", "9", 2);
  Game dead_end = stub.Operate("GIP");
  EXPECT_EQ(Refuse(dead_end, Promote(kDora, "Iu", "82", 2)).rule, "4.2.3");
}

TEST(Promotion, ATileMustBeConnectedOrConnectedByThePromotion) {
  // Benares carries someone's track that no line of the EIR reaches.
  RailwayPosition position = EirWithIaa(2);
  position.Tile("Hv", "6", 5);
  Game apart = position.Operate("EIR");
  EXPECT_EQ(Refuse(apart, Promote(kAdam, "Hv", "14", 1)).rule, "4.2.2");
  // Patna's western exit ends at Benares' edge: a promotion adding track there connects it ...
  Game touching = RailwayPosition(position).Tile("Hx", "6", 5).Operate("EIR");
  // ... but not with a break of gauge (metre track meeting the EIR's broad line).
  EXPECT_EQ(Refuse(touching, Promote(kAdam, "Hv", "90", 3)).rule, "4.2.2");
  Accept(touching, Promote(kAdam, "Hv", "14", 1));
}

TEST(Promotion, ABreakOfGaugeIsExtendedOnlyFromABaseAtTheChangeOverPoint) {
  // Calcutta - Iaa as a metre town, promoted to #91: new broad lines to Jz and Hab (4.2.6).
  RailwayPosition position = EirWithIaa(2);
  position.Tile("Iaa", "73", 5);
  Game promoted = position.Operate("EIR");
  Accept(promoted, Promote(kAdam, "Iaa", "91", 4));
  ASSERT_EQ(promoted.state().railway.step, TurnStep::kBase);
  Game without_base = promoted;
  MustApply(without_base, EndStep(kAdam));
  Game next = RailwayPosition(without_base).Operate("EIR");
  EXPECT_EQ(Refuse(next, Lay(kAdam, "Jz", "4", 0)).rule, "4.1.7");
  // A base at the change-over point (the station of Iaa) lets the broad line be extended.
  Accept(promoted, PlaceBase(kAdam, "Iaa"));
  Game with_base = RailwayPosition(promoted).Operate("EIR");
  Accept(with_base, Lay(kAdam, "Jz", "4", 0));
  // Dual gauge brown track joins the lines without a break (4.2.8).
  Game brown = RailwayPosition(without_base).Phase(3).Tile("Iaa", "102", 0).Operate("EIR");
  Accept(brown, Lay(kAdam, "Jz", "4", 0));
}

TEST(Promotion, ABrownTileNextToAGreyOneIsNotPromoted) {
  RailwayPosition position = EirWithIaa(4);
  position.Tile("Hx", "103", 2).Tile("Iy", "112", 0);
  Game game = position.Operate("EIR");
  EXPECT_EQ(Refuse(game, Promote(kAdam, "Hx", "109", 4)).rule, "4.2.7");
}

TEST(Promotion, LargeCitiesTakeOnlyTheirOwnTilesFromPhaseThree) {
  Game phase2 = EirWithIaa(2).Operate("EIR");
  EXPECT_EQ(Refuse(phase2, Promote(kAdam, "Jab", "104", 0)).rule, "4.2.12");
  Game game = EirWithIaa(3).Operate("EIR");
  EXPECT_EQ(Refuse(game, Promote(kAdam, "Jab", "105", 0)).rule, "4.2.12");  // BM is Bombay's and Madras'
  EXPECT_EQ(Refuse(game, Promote(kAdam, "Jab", "102", 0)).rule, "4.2.12");
  Accept(game, Promote(kAdam, "Jab", "104", 0));
  EXPECT_EQ(Treasury(game, "EIR"), 940) << "the first promotion of Calcutta costs £60 (4.2.13)";
  // The EIR's token moves to the station of #104 that takes over its line (edge 2).
  const auto& bases = CompanyOf(game, "EIR").bases;
  EXPECT_NE(std::find(bases.begin(), bases.end(), engine::Base{*ParseHexName("Jab"), 2}), bases.end());
  // Later promotions of Calcutta are free; there is only one grey CD tile.
  Game grey = RailwayPosition(game).Phase(4).Operate("EIR");
  Accept(grey, Promote(kAdam, "Jab", "110", 0));
  EXPECT_EQ(Treasury(grey, "EIR"), 940);
  Game delhi = RailwayPosition(grey).Tile("Fn", "104", 0).DoubleLay("NWR", DoubleLay::kFromPhase2).Operate("NWR");
  EXPECT_EQ(Refuse(delhi, Promote(kBeth, "Fn", "110", 0)).rule, "4.2.12");
}

TEST(Promotion, CalcuttasFirstPromotionMustBeAffordable) {
  Game game = RailwayPosition(EirWithIaa(3)).Treasury("EIR", 59).Operate("EIR");
  EXPECT_EQ(Refuse(game, Promote(kAdam, "Jab", "104", 0)).rule, "4.2.13");
}

TEST(Promotion, BombaysTerminalsBecomeOneStationWithBothTokens) {
  RailwayPosition position;
  position.DoubleLay("GIP", DoubleLay::kFromPhase2).TurnsDone("GIP", 1).Phase(3);
  Game game = position.Operate("GIP");
  Accept(game, Promote(kDora, "Mi", "105", 3));
  EXPECT_EQ(Treasury(game, "GIP"), 960);
  const engine::Base merged{*ParseHexName("Mi"), 0};
  for (const char* company : {"GIP", "BBCI"}) {
    const auto& bases = CompanyOf(game, company).bases;
    EXPECT_NE(std::find(bases.begin(), bases.end(), merged), bases.end()) << company;
  }
}

TEST(Promotion, TheListedPromotionsAreExactlyTheAcceptedOnes) {
  // Phase 4 with a '5' train: colours up to grey, the area relaxed, Calcutta, a brown city.
  RailwayPosition position = EirWithIaa(4);
  position.Trains("EIR", {"5"}).Tile("Hx", "103", 2).Tile("Iy", "9", 1).Tile("Hv", "6", 5).Tile("Iw", "4", 1);
  Game game = position.Operate("EIR");
  const auto listed = ListedTrackMoves(game);
  EXPECT_FALSE(listed.empty());
  EXPECT_EQ(listed, AcceptedTrackMoves(game));
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing

// Base stations (4.4): the free home bases and the £40 / £100 tokens after them (4.4.4), vacant
// large-station spaces only and one token per company per hex (4.4.5), a connection by an unbroken
// line of one gauge not blocked by other bases (4.4.6), the homes of companies not yet running
// (4.4.7, also after their large city is promoted), the TABLE 2 areas (4.4.1) and the phase-4
// relaxation with the run it obliges (4.4.2). Every check goes through Apply and LegalActions.
#include <gtest/gtest.h>

#include "tests/unit/engine/railway_position.h"

namespace mailrun::engine::t1853::testing {
namespace {

bool HasBase(const Game& game, const std::string& company, const std::string& hex, int station) {
  const auto& bases = CompanyOf(game, company).bases;
  return std::find(bases.begin(), bases.end(), engine::Base{*ParseHexName(hex), station}) != bases.end();
}

// The GIP's line of Appendix 4: Allahabad - Lucknow - Cawnpore, all within its area.
RailwayPosition GipLine() {
  RailwayPosition position;
  position.DoubleLay("GIP", DoubleLay::kFromPhase2).TurnsDone("GIP", 1).Tile("Ht", "6", 0).Tile("Gs", "6", 5)
      .Tile("Gq", "6", 2);
  return position;
}

TEST(Bases, HomeBasesAreFree) {
  // Formed in Appendix 4's first dealing round: ten times par and the TABLE 1 bases, for nothing.
  RailwayPosition position;
  const GameState& s = position.state();
  const auto& bbci = s.companies[position.Index("BBCI")];
  EXPECT_EQ(bbci.treasury, 840);
  EXPECT_EQ(bbci.bases.size(), 2u) << "Ajmer and Bombay for a major BBCI (2.6.2)";
  EXPECT_EQ(bbci.tokens_left, 5 - 2);
  const auto& sir = s.companies[position.Index("SIR")];
  EXPECT_EQ(sir.treasury, 750);
  EXPECT_EQ(sir.tokens_left, 5 - 1);
}

TEST(Bases, TheFirstAdditionalBaseCostsFortyAndEachLaterOneAHundred) {
  Game game = GipLine().Operate("GIP", TurnStep::kBase);
  Accept(game, PlaceBase(kDora, "Gs"));
  EXPECT_EQ(Treasury(game, "GIP"), 920);
  EXPECT_EQ(CompanyOf(game, "GIP").tokens_left, 3);
  EXPECT_TRUE(HasBase(game, "GIP", "Gs", 0));
  Game next = RailwayPosition(game).Operate("GIP", TurnStep::kBase);
  Accept(next, PlaceBase(kDora, "Gq"));
  EXPECT_EQ(Treasury(next, "GIP"), 820);
  EXPECT_EQ(CompanyOf(next, "GIP").tokens_left, 2);
}

TEST(Bases, Rule4_4_1_SeveralBasesInOneTurn) {
  // 4.4.1 sets no limit, and 4.0 names the step "Establishment of Base Stations" (docs/rulings.md
  // #28): Lucknow for £40, then Cawnpore for £100, in one turn.
  Game game = GipLine().Operate("GIP", TurnStep::kBase);
  Accept(game, PlaceBase(kDora, "Gs"));
  ASSERT_EQ(game.state().railway.step, TurnStep::kBase);
  Accept(game, PlaceBase(kDora, "Gq"));
  EXPECT_EQ(Treasury(game, "GIP"), 960 - 40 - 100);
  EXPECT_TRUE(HasBase(game, "GIP", "Gs", 0));
  EXPECT_TRUE(HasBase(game, "GIP", "Gq", 0));
  Accept(game, EndStep(kDora));
  EXPECT_NE(game.state().railway.step, TurnStep::kBase);
}

TEST(Bases, Rule4_4_3_ABaseMakesRunsRailheadsAndBlocks) {
  // The GIP's line Allahabad - Lucknow - Cawnpore with an EIR base filling Lucknow's one space.
  RailwayPosition position = GipLine();
  position.Base("EIR", "Gs").Trains("GIP", {"2"}).Trains("EIR", {"2"});
  // Railheads lie on lines from a base: the GIP extends none beyond Lucknow's EIR base...
  Game gip = RailwayPosition(position).Operate("GIP");
  for (const std::string& move : ListedTrackMoves(gip)) {
    EXPECT_EQ(move.find("lay Fp"), std::string::npos) << move;  // beyond Cawnpore
  }
  // ...while the EIR, whose base it is, has a railhead at Cawnpore, two hexes from its base.
  Game eir = RailwayPosition(position).DoubleLay("EIR", DoubleLay::kFromPhase2).TurnsDone("EIR", 1).Operate("EIR");
  bool beyond_cawnpore = false;
  for (const std::string& move : ListedTrackMoves(eir)) {
    for (const char* hex : {"Fp", "Go", "Hp"}) beyond_cawnpore = beyond_cawnpore || move.find(std::string("lay ") + hex) == 0;
  }
  EXPECT_TRUE(beyond_cawnpore) << "Cawnpore's track end is a railhead of the EIR through its Lucknow base";
  // A base of the GIP's own at Cawnpore makes it a railhead for the GIP too.
  Game own = RailwayPosition(position).Base("GIP", "Gq").Operate("GIP");
  bool own_railhead = false;
  for (const std::string& move : ListedTrackMoves(own)) {
    for (const char* hex : {"Fp", "Go", "Hp"}) own_railhead = own_railhead || move.find(std::string("lay ") + hex) == 0;
  }
  EXPECT_TRUE(own_railhead);
}

TEST(Bases, TokensGoOnlyOnVacantLargeStationSpaces) {
  Game game = RailwayPosition(GipLine()).Tile("Nj", "73", 2).Operate("GIP", TurnStep::kBase);
  EXPECT_EQ(Refuse(game, PlaceBase(kDora, "Nj")).rule, "4.4.5");     // a town
  const Error no_station = Refuse(game, PlaceBase(kDora, "Gs", 1));  // no second station
  EXPECT_EQ(no_station.rule, "4.4.5");
  // Issue 22: the station and hex it names come typed beside the key.
  EXPECT_EQ(no_station.key, "1853.refusal.bases.there_no_station");
  ASSERT_EQ(no_station.params.size(), 2u);
  EXPECT_EQ(no_station.params[0].name(), "station");
  EXPECT_EQ(no_station.params[0].count(), 1);
  EXPECT_EQ(no_station.params[1].name(), "hex");
  EXPECT_EQ(no_station.params[1].hex(), "Gs");
  EXPECT_EQ(Refuse(game, PlaceBase(kDora, "Gm")).rule, "4.4.5");     // Jaipur: no tile yet
  Game taken = RailwayPosition(GipLine()).Base("EIR", "Gs").Operate("GIP", TurnStep::kBase);
  EXPECT_EQ(Refuse(taken, PlaceBase(kDora, "Gs")).rule, "4.4.5");
  // A second space is vacant on a green #14.
  Game two = RailwayPosition(GipLine()).Phase(2).Tile("Gs", "14", 1).Base("EIR", "Gs").Operate("GIP", TurnStep::kBase);
  Accept(two, PlaceBase(kDora, "Gs"));
}

TEST(Bases, OneTokenPerCompanyOnAHex) {
  // Calcutta and Delhi have separate stations, but a company has one token per hex (4.4.5).
  Game eir = RailwayPosition().Operate("EIR", TurnStep::kBase);
  EXPECT_EQ(Refuse(eir, PlaceBase(kAdam, "Jab", 1)).rule, "4.4.5");
  Game nwr = RailwayPosition().Operate("NWR", TurnStep::kBase);
  EXPECT_EQ(Refuse(nwr, PlaceBase(kBeth, "Fn", 1)).rule, "4.4.5");
}

TEST(Bases, TheStationMustBeReachedByAnUnbrokenLineOfOneGauge) {
  RailwayPosition gap;
  gap.TurnsDone("GIP", 1).Tile("Ht", "6", 0).Tile("Gq", "6", 2);  // Lucknow missing
  Game unconnected = gap.Operate("GIP", TurnStep::kBase);
  EXPECT_EQ(Refuse(unconnected, PlaceBase(kDora, "Gq")).rule, "4.4.6");
  // Lucknow in metre gauge: a break of gauge after Allahabad's broad line.
  Game metre = RailwayPosition(gap).Tile("Gs", "76", 5).Operate("GIP", TurnStep::kBase);
  EXPECT_EQ(Refuse(metre, PlaceBase(kDora, "Gs")).rule, "4.4.6");
  EXPECT_EQ(Refuse(metre, PlaceBase(kDora, "Gq")).rule, "4.4.6");
  // An EIR base filling Lucknow blocks the way to Cawnpore.
  Game blocked = RailwayPosition(GipLine()).Base("EIR", "Gs").Operate("GIP", TurnStep::kBase);
  EXPECT_EQ(Refuse(blocked, PlaceBase(kDora, "Gq")).rule, "4.4.6");
}

TEST(Bases, NotOnTheHomeOfACompanyNotYetRunning) {
  // Allahabad - Is - Jr - Nagpur: Nagpur is the BNR's home, and the BNR is not running.
  RailwayPosition position;
  position.TurnsDone("GIP", 1).Phase(2).Tile("Ht", "6", 0).Tile("Is", "9", 0).Tile("Jr", "4", 0);
  Game one_space = RailwayPosition(position).Tile("Kq", "69", 3).Operate("GIP", TurnStep::kBase);
  EXPECT_EQ(Refuse(one_space, PlaceBase(kDora, "Kq")).rule, "4.4.7");
  // On a green #14, with two spaces, Nagpur is still the home of a company not running: no token
  // goes there (docs/rulings.md #29)...
  position.Tile("Kq", "14", 0);
  Game two_spaces = position.Operate("GIP", TurnStep::kBase);
  EXPECT_EQ(Refuse(two_spaces, PlaceBase(kDora, "Kq")).rule, "4.4.7");
  // ...until the BNR runs; its token is then in one space and the other is free.
  Game running = RailwayPosition(position).Form("BNR", kBeth).Operate("GIP", TurnStep::kBase);
  Accept(running, PlaceBase(kDora, "Kq"));
  Game full = RailwayPosition(position).Form("BNR", kBeth).Base("EIR", "Kq").Operate("GIP", TurnStep::kBase);
  EXPECT_EQ(Refuse(full, PlaceBase(kDora, "Kq")).rule, "4.4.5");
}

TEST(Bases, Rule4_4_7_NorthBombayIsNotHeldForABbciThatCanOnlyBeAMinor) {
  // After the first dealing round a BBCI without a director can only ever be a minor (2.6.2,
  // 2.6.3), whose one home is Ajmer: north Bombay is then nobody's home. Set-up: the BBCI has not
  // formed; the MSM runs with a base at Ahmadabad, joined by Ki and Lj to Bombay's north station.
  RailwayPosition position;
  position.NotFormed("BBCI").Form("MSM", kEd).TurnsDone("MSM", 1).Tile("Jh", "69", {"Ki"}).Tile("Ki", "9", {"Jh", "Lj"})
      .Tile("Lj", "58", {"Ki", "Mi"}).Base("MSM", "Jh");
  const EditionData& data = *LoadEdition(mailrun::v1::EDITION_RETUNED).value();
  const int north = data.companies[position.Index("BBCI")].major_home->station;
  Game game = position.Operate("MSM", TurnStep::kBase);
  Accept(game, PlaceBase(kEd, "Mi", north));
  EXPECT_TRUE(HasBase(game, "MSM", "Mi", north));
}

// The BAR's line from Chittagong by Dacca to Calcutta's south-western station, the BNR's home.
RailwayPosition BarToCalcutta() {
  RailwayPosition position;
  position.Form("BAR", kAdam).TurnsDone("BAR", 3).Phase(3).Tile("Jah", "69", 2).Tile("Iag", "8", 5)
      .Tile("Iae", "6", 4).Tile("Jad", "9", 0).Tile("Kac", "8", 1).Tile("Kaa", "7", 3);
  return position;
}

TEST(Bases, AHomeStaysReservedAfterItsLargeCityIsPromoted) {
  Game preprinted = BarToCalcutta().Operate("BAR", TurnStep::kBase);
  EXPECT_EQ(Refuse(preprinted, PlaceBase(kAdam, "Jab", 2)).rule, "4.4.7");
  // Calcutta promoted to #104: the BNR's home is now the station at the south-western edge.
  Game promoted = BarToCalcutta().Tile("Jab", "104", 0).Operate("BAR", TurnStep::kBase);
  ASSERT_TRUE(HasBase(promoted, "EIR", "Jab", 2)) << "the EIR's token moved to the station at edge 2";
  EXPECT_EQ(Refuse(promoted, PlaceBase(kAdam, "Jab", 0)).rule, "4.4.7");
}

TEST(Bases, ACompanyFormingLateFindsItsHomeStationOnThePromotedCity) {
  // Calcutta is #104 when the BNR forms in a later dealing round (3.2.1): its token goes on the
  // station that carries its line (the south-western one), not on the EIR's.
  RailwayPosition position;
  position.Phase(3).Tile("Jab", "104", 0);
  GameState& s = position.state();
  const int bnr = position.Index("BNR");
  s.shares.Set(ShareHolder::Pool(), bnr, 0);
  s.shares.Set(ShareHolder::Bank(), bnr, 6);
  s.shares.Set(ShareHolder::Player(kDora), bnr, 2);
  s.shares.Set(ShareHolder::Player(kAdam), bnr, 2);
  s.players[kDora].cash = 200;
  Game game = position.Deal(kDora);
  MustApply(game, Buy(kDora, "BNR"));  // the fifth share issued: the BNR forms
  ASSERT_EQ(CompanyOf(game, "BNR").status, CompanyStatus::kFormed);
  EXPECT_TRUE(HasBase(game, "BNR", "Jab", 0));
  EXPECT_FALSE(HasBase(game, "BNR", "Jab", 2));
  EXPECT_TRUE(HasBase(game, "EIR", "Jab", 2));
}

TEST(Bases, BeforePhaseFourOnlyWithinTheArea) {
  RailwayPosition position;
  position.TurnsDone("GIP", 1).Tile("Ht", "6", 2).Tile("Hv", "6", 5);  // Benares: east of the GIP's area
  Game game = position.Phase(3).Trains("GIP", {"4"}).Operate("GIP", TurnStep::kBase);
  const Error phase3 = Refuse(game, PlaceBase(kDora, "Hv"));
  EXPECT_EQ(phase3.rule, "4.4.1");
  EXPECT_EQ(phase3.message, "before phase 4 the GIP establishes bases only within its area (TABLE 2)");
  // In phase 4 the refusal is no longer "before phase 4": it is the '5' or '6' train the GIP lacks.
  Game phase4 = RailwayPosition(position).Phase(4).Operate("GIP", TurnStep::kBase);
  const Error refused = Refuse(phase4, PlaceBase(kDora, "Hv"));
  EXPECT_EQ(refused.rule, "4.4.2");
  EXPECT_EQ(refused.message, "outside its area a company establishes bases only if it owns a '5' or '6' train; the GIP owns none");
}

TEST(Bases, FromPhaseFourAFiveTrainPlacesWhatItRunsOverAndMustRunOverIt) {
  RailwayPosition position;
  position.TurnsDone("GIP", 1).Phase(4).Trains("GIP", {"5"}).Tile("Ht", "6", 2).Tile("Hv", "6", 5);
  Game game = position.Operate("GIP", TurnStep::kBase);
  Accept(game, PlaceBase(kDora, "Hv"));
  EXPECT_EQ(Treasury(game, "GIP"), 920);
  ASSERT_EQ(game.state().railway.step, TurnStep::kRun);
  mailrun::v1::Action none;
  none.set_seat(kDora);
  none.mutable_run_trains();
  EXPECT_EQ(Refuse(game, none).rule, "4.2.3") << "the runs must include Benares (4.4.2)";
  // On a metre line its broad '5' cannot run: no base outside the area there.
  Game metre = RailwayPosition(position).Tile("Ht", "76", 2).Tile("Hv", "76", 5).Operate("GIP", TurnStep::kBase);
  EXPECT_EQ(Refuse(metre, PlaceBase(kDora, "Hv")).rule, "4.4.2");
}

TEST(Bases, ATokenAndTheMoneyForItAreNeeded) {
  Game poor = RailwayPosition(GipLine()).Treasury("GIP", 39).Operate("GIP", TurnStep::kBase);
  EXPECT_EQ(Refuse(poor, PlaceBase(kDora, "Gs")).rule, "4.4.4");
  RailwayPosition none = GipLine();
  none.state().companies[none.Index("GIP")].tokens_left = 0;
  Game out = none.Operate("GIP", TurnStep::kBase);
  EXPECT_EQ(Refuse(out, PlaceBase(kDora, "Gs")).rule, "4.4.1");
}

TEST(Bases, TheListedPlacementsAreExactlyTheAcceptedOnes) {
  // Stations in and out of the area, a full one, a reserved one, both gauges, phase 4 with a '5'.
  RailwayPosition position = GipLine();
  position.Phase(4).Trains("GIP", {"5"}).Tile("Hv", "6", 5).Tile("Ht", "13", 0).Tile("Nj", "73", 2)
      .Tile("Is", "9", 0).Tile("Jr", "4", 0).Tile("Kq", "14", 0).Base("EIR", "Gq");
  Game game = position.Operate("GIP", TurnStep::kBase);
  const auto listed = ListedBasePlacements(game);
  EXPECT_FALSE(listed.empty());
  EXPECT_EQ(listed, AcceptedBasePlacements(game));
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing

// Running trains, collecting payment and the share price (4.5 - 4.7, 3.4.2, 4.8.18 b) through
// Game::Apply: every rule of a run as a player submits it, the dividend and the Government Mail,
// and the share price moves with their exact thresholds, the £10 floor and the £400 end.
//
// Positions (run_positions.h): the sample game of Appendix 4 played to one of its run steps, with
// the board a test needs laid out. Most tests use the EIR at its run step of Railway Round 2 on
// "the Ganges line": Calcutta (50, the EIR's home, terminal) - Iaa (town 10) - Iy (plain) - Patna
// (yellow 20, the EIR's second base) - Benares (green 30) - Allahabad (green 30, two spaces, the
// GIP's home token in one) - Lucknow (yellow 20) - Cawnpore (yellow 20).
#include <gtest/gtest.h>

#include <algorithm>

#include "tests/unit/engine/run_positions.h"

namespace mailrun::engine::t1853::testing {
namespace {

// The places of the runs used below, and what they earn (every station scores, 4.6.2).
const std::vector<std::string> kCalcuttaToIaa = {"Jab.s0", "Iaa.s0"};                             // 60
const std::vector<std::string> kIaaToPatna = {"Iaa.s0", "Iy", "Hx.s0"};                            // 30
const std::vector<std::string> kCalcuttaToPatna = {"Jab.s0", "Iaa.s0", "Iy", "Hx.s0"};             // 80
const std::vector<std::string> kCalcuttaToBenares = {"Jab.s0", "Iaa.s0", "Iy", "Hx.s0", "Hv.s0"};  // 110
const std::vector<std::string> kCalcuttaToAllahabad = {"Jab.s0", "Iaa.s0", "Iy", "Hx.s0", "Hv.s0", "Ht.s0"};  // 140
const std::vector<std::string> kCalcuttaToLucknow = {"Jab.s0", "Iaa.s0", "Iy",    "Hx.s0",
                                                     "Hv.s0",  "Ht.s0",  "Gs.s0"};  // 160
const std::vector<std::string> kCalcuttaToCawnpore = {"Jab.s0", "Iaa.s0", "Iy",    "Hx.s0",
                                                      "Hv.s0",  "Ht.s0",  "Gs.s0", "Gq.s0"};  // 180
const std::vector<std::string> kPatnaToBenares = {"Hx.s0", "Hv.s0"};                    // 50
const std::vector<std::string> kPatnaToAllahabad = {"Hx.s0", "Hv.s0", "Ht.s0"};         // 80
const std::vector<std::string> kIaaToAllahabad = {"Iaa.s0", "Iy", "Hx.s0", "Hv.s0", "Ht.s0"};  // 90
const std::vector<std::string> kPatnaToLucknow = {"Hx.s0", "Hv.s0", "Ht.s0", "Gs.s0"};  // 100
const std::vector<std::string> kPatnaToCawnpore = {"Hx.s0", "Hv.s0", "Ht.s0", "Gs.s0", "Gq.s0"};  // 120
const std::vector<std::string> kBenaresToLucknow = {"Hv.s0", "Ht.s0", "Gs.s0"};         // no EIR base

RunPosition GangesLine(const std::vector<std::string>& trains = {"6"}) {
  RunPosition position = RunPosition::BeforeSampleGameRun("rr2_eir_runs");
  position.ClearTiles()
      .Tile("Iaa", "58", {"Jab", "Iy"})
      .Tile("Iy", "8", {"Iaa", "Hx"})
      .Tile("Hx", "6", {"Iy", "Hv"})
      .Tile("Hv", "14", {"Hx", "Ht"})
      .Tile("Ht", "15", {"Hv", "Gs"})
      .Tile("Gs", "6", {"Ht", "Gq"})
      .Tile("Gq", "69", {"Gs"})
      .Trains("EIR", trains);
  return position;
}

int Price(const Game& game, const std::string& company) {
  return game.data().SharePrices()[game.state().companies[CompanyIndexOf(game, company)].price_index];
}
const CompanyState& Co(const Game& game, const std::string& company) {
  return game.state().companies[CompanyIndexOf(game, company)];
}

void ExpectRefused(Game& game, const mailrun::v1::Action& action, const std::string& rule) {
  const Error error = MustRefuse(game, action);
  EXPECT_EQ(error.kind, ErrorKind::kIllegal) << error.ToString();
  EXPECT_EQ(error.rule, rule) << error.ToString();
}

// ---- 4.5: what a run may be ---------------------------------------------------------------

TEST(RunningTrains, EachTrainRunsAtMostOnce) {  // 4.5.1
  RunPosition position = GangesLine({"6", "5"});
  Game game = position.Build();
  ExpectRefused(game, Runs(kAdam, {{"6-1", kCalcuttaToIaa}, {"6-1", kPatnaToBenares}}), "4.5.1");
  MustApply(game, Runs(kAdam, {{"6-1", kCalcuttaToIaa}, {"5-1", kPatnaToBenares}}));
  EXPECT_EQ(game.state().railway.step, TurnStep::kBuyTrains);
}

TEST(RunningTrains, EveryRunIncludesOneOfTheCompanysBases) {  // 4.5.2
  RunPosition position = GangesLine({"6", "5"});
  Game game = position.Build();
  ExpectRefused(game, Runs(kAdam, {{"6-1", kBenaresToLucknow}}), "4.5.2");
  ExpectRefused(game, Runs(kAdam, {{"6-1", kCalcuttaToPatna}, {"5-1", kBenaresToLucknow}}), "4.5.2");
  MustApply(game, Runs(kAdam, {{"6-1", kPatnaToLucknow}}));  // Patna is the EIR's base
}

// Patna promoted to the brown #103 (dual gauge, 4.2.8) with the EIR's base; a metre gauge town
// line to Iw and a broad gauge town line to Gw.
RunPosition PatnaWithBothGauges() {
  RunPosition position = RunPosition::BeforeSampleGameRun("rr2_eir_runs");
  position.ClearTiles()
      .Tile("Hx", "103", {"Iw", "Gw"})
      .Tile("Iw", "74", {"Hx"})  // metre
      .Tile("Gw", "4", {"Hx"})   // broad
      .Trains("EIR", {"5", "4M"});
  return position;
}

TEST(RunningTrains, TrainsRunOnTheirOwnGaugeAndDualGaugeIsBoth) {  // 4.5.3, 4.2.8
  Game game = PatnaWithBothGauges().Build();
  ExpectRefused(game, Runs(kAdam, {{"5-1", {"Hx.s0", "Iw.s0"}}}), "4.5.3");
  ExpectRefused(game, Runs(kAdam, {{"4M-1", {"Hx.s0", "Gw.s0"}}}), "4.5.3");
  // Both leave Patna on its dual track; they meet at the station but share no track (4.5.10).
  MustApply(game, Runs(kAdam, {{"5-1", {"Hx.s0", "Gw.s0"}}, {"4M-1", {"Hx.s0", "Iw.s0"}}}, "", false));
  EXPECT_EQ(Co(game, "EIR").treasury, 640 + 50 + 50);  // Patna 40 + a town 10, twice
}

TEST(RunningTrains, LargeStationsUpToTheTrainNumberAndAnyNumberOfSmallOnes) {  // 4.5.4
  RunPosition position = GangesLine({"3", "2"});
  Game game = position.Build();
  // Calcutta, Patna, Benares and Allahabad: four large stations for a '3' train.
  ExpectRefused(game, Runs(kAdam, {{"3-1", kCalcuttaToAllahabad}}), "4.5.4");
  ExpectRefused(game, Runs(kAdam, {{"2-1", kCalcuttaToBenares}}), "4.5.4");
  // Three large stations and a town for the '3', two large and a town for the '2'.
  MustApply(game, Runs(kAdam, {{"3-1", kCalcuttaToBenares}}, "", false));
  EXPECT_EQ(Co(game, "EIR").treasury, 640 + 110);

  // Two towns and two large stations for a '2' train: Calcutta - Iaa - Iy - Iw - Benares.
  RunPosition towns = RunPosition::BeforeSampleGameRun("rr2_eir_runs");
  towns.ClearTiles()
      .Tile("Iaa", "58", {"Jab", "Iy"})
      .Tile("Iy", "9", {"Iaa", "Iw"})
      .Tile("Iw", "58", {"Iy", "Hv"})
      .Tile("Hv", "6", {"Iw"});
  Game two_towns = towns.Build();
  MustApply(two_towns, Runs(kAdam, {{"2-1", {"Jab.s0", "Iaa.s0", "Iy", "Iw.s0", "Hv.s0"}}}, "", false));
  EXPECT_EQ(Co(two_towns, "EIR").treasury, 640 + 50 + 10 + 10 + 20);
}

TEST(RunningTrains, ARunCallsAtTwoStationsAtLeastAndEndsAtStations) {  // 4.5.4
  Game game = GangesLine().Build();
  ExpectRefused(game, Runs(kAdam, {{"6-1", {"Jab.s0"}}}), "4.5.4");
  ExpectRefused(game, Runs(kAdam, {{"6-1", {"Jab.s0", "Iaa/Jab"}}}), "4.5.4");
  ExpectRefused(game, Runs(kAdam, {{"6-1", {"Hx.s0", "Hx/Iy", "Iy/Iaa"}}}), "4.5.4");
}

// The SIR (a minor) at its run step of Railway Round 2: its home Trichinopoly (metre #76) and the
// town Tr (#72), as laid in the sample game; added: the town Sq (#74) and Bangalore (#113).
RunPosition SouthIndianMetreLine() {
  RunPosition position = RunPosition::BeforeSampleGameRun("rr2_sir_runs");
  position.Tile("Sq", "74", {"Tr", "Rp"}).Tile("Rp", "113", {"Sq"}).Trains("SIR", {"1M", "2M"});
  return position;
}

TEST(RunningTrains, OneMTrainCallsAtOneLargeStationWithABaseAndSmallOnes) {  // 4.8.18 b
  RunPosition position = SouthIndianMetreLine();
  const int ed = position.Seat();
  Game game = position.Build();
  ExpectRefused(game, Runs(ed, {{"1M-1", {"Tp.s0", "Tr.s0", "Sq.s0", "Rp.s0"}}}), "4.8.18");  // two large
  ExpectRefused(game, Runs(ed, {{"1M-1", {"Rp.s0", "Sq.s0"}}}), "4.8.18");  // Bangalore holds no SIR base
  ExpectRefused(game, Runs(ed, {{"1M-1", {"Tr.s0", "Sq.s0"}}}), "4.8.18");  // no large station
  // The same two large stations are fine for a '2M' (4.5.4), and the '1M' takes its base and towns.
  Game two_m = position.Build();
  MustApply(two_m, Runs(ed, {{"2M-1", {"Tp.s0", "Tr.s0", "Sq.s0", "Rp.s0"}}}, "", false));
  EXPECT_EQ(Co(two_m, "SIR").treasury, Co(game, "SIR").treasury + 20 + 10 + 10 + 20);
  MustApply(game, Runs(ed, {{"1M-1", {"Tp.s0", "Tr.s0", "Sq.s0"}}}, "", false));
  EXPECT_EQ(Co(game, "SIR").treasury, Co(two_m, "SIR").treasury - 20);
}

TEST(RunningTrains, OneMTrainAsInTheSampleGame) {  // 4.8.18 b, Appendix 4: "SIR runs its 1M for £30"
  RunPosition position = RunPosition::BeforeSampleGameRun("rr2_sir_runs");
  const int ed = position.Seat();
  Game game = position.Build();
  const std::string train = game.state().companies[CompanyIndexOf(game, "SIR")].trains.at(0).id;
  ExpectRefused(game, Runs(ed, {{train, {"Tr.s0", "Tp.s0", "Tr.s0"}}}), "4.5.8");
  MustApply(game, Runs(ed, {{train, {"Tp.s0", "Tr.s0"}}}, train, true));
  EXPECT_EQ(Co(game, "SIR").treasury, 570);  // the mail: "SIR (£570)"
  EXPECT_EQ(Price(game, "SIR"), 80);
  // Issue 22: the views show the run as a path of named stations and hexes, for the board picture.
  const auto view = game.View(-1);
  const auto sir = std::find_if(view.companies().begin(), view.companies().end(),
                                [](const auto& company) { return company.initials() == "SIR"; });
  ASSERT_NE(sir, view.companies().end());
  ASSERT_EQ(sir->last_runs_size(), 1);
  const auto& run = sir->last_runs(0);
  EXPECT_EQ(run.train_id(), train);
  EXPECT_EQ(run.revenue(), 30);
  EXPECT_EQ(std::vector<std::string>(run.hexes().begin(), run.hexes().end()), (std::vector<std::string>{"Tp", "Tr"}));
  ASSERT_EQ(run.stations_size(), 2);
  for (const auto& station : run.stations()) EXPECT_EQ(station.find(".s"), std::string::npos) << station;
}

// The NWR at its run step of Railway Round 2 with a second base at Jaipur, and a loop from
// Delhi's east station through Fp (two towns, #2), Go (#8) and Jaipur (#5) back to Delhi's
// south-west station.
RunPosition DelhiLoop() {
  RunPosition position = RunPosition::BeforeSampleGameRun("rr2_nwr_runs");
  position.Tile("Fp", "2", {"Fn", "Go"})
      .Tile("Go", "8", {"Fp", "Gm"})
      .Tile("Gm", "5", {"Go", "Fn"})
      .Base("NWR", "Gm")
      .Trains("NWR", {"4"});
  return position;
}

TEST(RunningTrains, NoCityTwiceEvenAtItsSeparateStations) {  // 4.5.5
  RunPosition position = DelhiLoop();
  const int beth = position.Seat();
  ASSERT_EQ(beth, kBeth);
  Game game = position.Build();
  ExpectRefused(game, Runs(beth, {{"4-1", {"Fn.s1", "Fp.s1", "Go", "Gm.s0", "Fn.s2"}}}), "4.5.5");
  MustApply(game, Runs(beth, {{"4-1", {"Fn.s1", "Fp.s1", "Go", "Gm.s0"}}}, "", false));
  EXPECT_EQ(Co(game, "NWR").treasury, position.state().companies[position.Company("NWR")].treasury + 40 + 10 + 20);
}

TEST(RunningTrains, TwoSmallStationsOnOneTileAreTwoTowns) {  // 4.5.5
  // Calcutta's dual track, a metre town at Iaa (#72) and the two towns of #71 at Iac.
  RunPosition position = RunPosition::BeforeSampleGameRun("rr2_eir_runs");
  position.ClearTiles().Tile("Iaa", "72", {"Jab", "Iac"}).Tile("Iac", "71", {"Iaa", "Had"}).Trains("EIR", {"4M"});
  Game game = position.Build();
  MustApply(game, Runs(kAdam, {{"4M-1", {"Jab.s0", "Iaa.s0", "Iac.s1", "Iac.s0"}}}, "", false));
  EXPECT_EQ(Co(game, "EIR").treasury, 640 + 50 + 10 + 10 + 10);
}

TEST(RunningTrains, RunsAreContinuousWithoutReversingOrSkippingAStation) {  // 4.5.5, 4.5.8, 4.6.3
  Game game = GangesLine().Build();
  // Back from Patna the way it came: the same track twice.
  ExpectRefused(game, Runs(kAdam, {{"6-1", {"Jab.s0", "Iaa.s0", "Iy", "Hx.s0", "Hx/Iy", "Iy/Iaa", "Iaa.s0"}}}),
                "4.5.8");
  // Past the town of Iaa without calling there: no track joins the two edges of its tile.
  ExpectRefused(game, Runs(kAdam, {{"6-1", {"Jab.s0", "Iaa/Jab", "Iy/Iaa", "Hx/Iy", "Hx.s0"}}}), "4.5.5");
}

TEST(RunningTrains, NoPassingAStationFullOfOtherCompaniesBases) {  // 4.5.6, 4.5.7
  // Allahabad on the yellow #6: its one space holds the GIP's home base.
  RunPosition yellow = GangesLine();
  yellow.Tile("Ht", "6", {"Hv", "Gs"});
  Game blocked = yellow.Build();
  ExpectRefused(blocked, Runs(kAdam, {{"6-1", kCalcuttaToLucknow}}), "4.5.6");
  MustApply(blocked, Runs(kAdam, {{"6-1", kCalcuttaToAllahabad}}));  // finishing there is fine

  // The green #15 has two spaces: one free, so Allahabad may be passed (4.5.7, 4.2.9).
  Game one_free = GangesLine().Build();
  MustApply(one_free, Runs(kAdam, {{"6-1", kCalcuttaToLucknow}}));

  // Both spaces taken by others (the GIP and the NWR): blocked again; starting there is fine.
  RunPosition full = GangesLine();
  full.Base("NWR", "Ht");
  Game full_game = full.Build();
  ExpectRefused(full_game, Runs(kAdam, {{"6-1", kCalcuttaToLucknow}}), "4.5.6");
  Game from_allahabad = full.Base("EIR", "Gs").Build();
  MustApply(from_allahabad, Runs(kAdam, {{"6-1", {"Ht.s0", "Gs.s0"}}}, "", false));

  // The GIP and the EIR itself: the EIR passes its own station.
  RunPosition own = GangesLine();
  own.Base("EIR", "Ht");
  Game own_game = own.Build();
  MustApply(own_game, Runs(kAdam, {{"6-1", kCalcuttaToLucknow}}));
}

TEST(RunningTrains, Rule4_5_9_ATrainLeavesAStationByAnyOtherLine) {
  // Patna - Benares - Allahabad - Lucknow: at Allahabad (green #15) the train comes in on the line
  // from Benares, in the east, and leaves on the line to Lucknow, in the north-west.
  Game game = GangesLine().Build();
  const int treasury = Co(game, "EIR").treasury;
  MustApply(game, Runs(kAdam, {{"6-1", kPatnaToLucknow}}, "", false));
  EXPECT_EQ(Co(game, "EIR").treasury, treasury + 20 + 30 + 30 + 20);
  // Through Benares (#14) it may turn as well: Patna - Benares - Allahabad is accepted too.
  Game other = GangesLine().Build();
  MustApply(other, Runs(kAdam, {{"6-1", kPatnaToAllahabad}}, "", false));
  EXPECT_EQ(Co(other, "EIR").treasury, treasury + 20 + 30 + 30);
}

TEST(RunningTrains, NoTrackTwiceInOneRunOrByTwoRuns) {  // 4.5.8, 4.5.10
  Game game = GangesLine({"6", "5"}).Build();
  ExpectRefused(game, Runs(kAdam, {{"6-1", kCalcuttaToPatna}, {"5-1", kCalcuttaToIaa}}), "4.5.10");
  ExpectRefused(game, Runs(kAdam, {{"6-1", kCalcuttaToBenares}, {"5-1", kPatnaToAllahabad}}), "4.5.10");
  // Meeting at Patna without sharing track is allowed (4.5.10).
  MustApply(game, Runs(kAdam, {{"6-1", kCalcuttaToPatna}, {"5-1", kPatnaToLucknow}}, "", false));
  EXPECT_EQ(Co(game, "EIR").treasury, 640 + 80 + 100);
}

// Iy as a junction between Calcutta's line (Iaa, east), Patna (north-west), the town Iw (west)
// and the town Jz (south-east).
RunPosition JunctionAtIy(const std::string& tile, const std::vector<std::string>& lines) {
  RunPosition position = RunPosition::BeforeSampleGameRun("rr2_eir_runs");
  position.ClearTiles()
      .Tile("Iaa", "58", {"Jab", "Iy"})
      .Tile("Iy", tile, lines)
      .Tile("Hx", "6", {"Iy", "Hv"})
      .Tile("Iw", "58", {"Iy", "Hv"})
      .Tile("Jz", "4", {"Iy"})
      .Trains("EIR", {"5", "4"});
  return position;
}

TEST(RunningTrains, OnlyOneTrainUsesAGreenJunction) {  // 4.5.10
  // #82: three lines converging (Iaa, Patna, Iw).
  RunPosition position = JunctionAtIy("82", {"Iaa", "Hx", "Iw"});
  Game game = position.Build();
  ExpectRefused(game,
                Runs(kAdam, {{"5-1", {"Jab.s0", "Iaa.s0", "Iy.j0", "Iw.s0"}}, {"4-1", {"Hx.s0", "Iy.j0", "Iw.s0"}}}),
                "4.5.10");
  ExpectRefused(game,
                Runs(kAdam, {{"5-1", {"Jab.s0", "Iaa.s0", "Iy.j0", "Iw.s0"}}, {"4-1", {"Hx.s0", "Iy.j0", "Iaa.s0"}}}),
                "4.5.10");
  MustApply(game, Runs(kAdam, {{"5-1", {"Jab.s0", "Iaa.s0", "Iy.j0", "Hx.s0"}}}, "", false));
  EXPECT_EQ(Co(game, "EIR").treasury, 640 + 50 + 10 + 20);
}

TEST(RunningTrains, SeveralTrainsRunThroughABrownJunctionOnSeparateLines) {  // 4.2.5, 4.5.10
  // #107: four lines meeting at a point trains run through as if a station, scoring nothing.
  RunPosition position = JunctionAtIy("107", {"Iaa", "Hx", "Iw", "Jz"});
  Game game = position.Build();
  MustApply(game, Runs(kAdam, {{"5-1", {"Jab.s0", "Iaa.s0", "Iy.j0", "Jz.s0"}}, {"4-1", {"Hx.s0", "Iy.j0", "Iw.s0"}}},
                       "", false));
  EXPECT_EQ(Co(game, "EIR").treasury, 640 + (50 + 10 + 10) + (20 + 10));
}

TEST(RunningTrains, ARunMustIncludeATilePromotedOutsideTheHomeArea) {  // 4.2.3, 4.4.2
  RunPosition position = GangesLine();
  position.MustRunOver("Hv");
  Game game = position.Build();
  ExpectRefused(game, Runs(kAdam, {{"6-1", kCalcuttaToPatna}}), "4.2.3");
  MustApply(game, Runs(kAdam, {{"6-1", kCalcuttaToBenares}}));
}

// ---- 4.6: payment -------------------------------------------------------------------------

// The EIR's holders: Adam 4 (the director's certificate and two shares), Ed 2 of which one is not
// yet paid for (2.7.3), 1 share in the pool, 3 unissued.
RunPosition GangesLineWithHolders() {
  RunPosition position = GangesLine({"6", "5"});
  position.Holding(kEd, "EIR", 2, 1).Pool("EIR", 1);
  return position;
}

TEST(Revenue, EveryStationScoresAndTheDividendIsTenPercentPerPaidShare) {  // 4.6.2, 4.6.5
  Game game = GangesLineWithHolders().Build();
  const GameState before = game.state();
  MustApply(game, Runs(kAdam, {{"6-1", kCalcuttaToLucknow}}));  // 50 + 10 + 20 + 30 + 30 + 20
  const GameState& after = game.state();
  EXPECT_EQ(after.players[kAdam].cash - before.players[kAdam].cash, 4 * 16);
  EXPECT_EQ(after.players[kEd].cash - before.players[kEd].cash, 16) << "the un-redeemed share earns nothing";
  EXPECT_EQ(before.bank - after.bank, 5 * 16) << "pool and unissued shares earn nothing";
  EXPECT_EQ(Co(game, "EIR").treasury, 640) << "a dividend is paid out whole (4.6.4)";
  EXPECT_EQ(Price(game, "EIR"), 104);  // 160 < 2 x 100: one space
}

TEST(Revenue, Rule4_6_1_TheBankPaysTheEarnings) {
  // Paid out: the shareholders' money comes out of the bank, the mail (50 + 20) out of its
  // Company Credits (docs/rulings.md #20).
  Game paid = GangesLineWithHolders().Build();
  const GameState before = paid.state();
  MustApply(paid, Runs(kAdam, {{"6-1", kCalcuttaToLucknow}}, "6-1", true));
  int to_players = 0;
  for (int seat = 0; seat < before.players_count; ++seat) {
    to_players += paid.state().players[seat].cash - before.players[seat].cash;
  }
  EXPECT_EQ(to_players, 5 * 16);
  EXPECT_EQ(before.bank - paid.state().bank, to_players);
  EXPECT_EQ(before.credits - paid.state().credits, 70);
  EXPECT_EQ(Co(paid, "EIR").treasury, 640 + 70);
  // Retained: the whole 160 and the mail, from the bank as credits; the bank's money is untouched.
  Game kept = GangesLineWithHolders().Build();
  MustApply(kept, Runs(kAdam, {{"6-1", kCalcuttaToLucknow}}, "6-1", false));
  EXPECT_EQ(before.credits - kept.state().credits, 160 + 70);
  EXPECT_EQ(kept.state().bank, before.bank);
  EXPECT_TRUE(MoneyIsConstant(kept));
}

TEST(Revenue, RetainedEarningsAllGoToTheCompany) {  // 4.6.4
  Game game = GangesLineWithHolders().Build();
  const GameState before = game.state();
  MustApply(game, Runs(kAdam, {{"6-1", kCalcuttaToPatna}, {"5-1", kPatnaToLucknow}}, "", false));
  EXPECT_EQ(Co(game, "EIR").treasury, 640 + 80 + 100);
  for (int seat = 0; seat < before.players_count; ++seat) {
    EXPECT_EQ(game.state().players[seat].cash, before.players[seat].cash) << "seat " << seat;
  }
  EXPECT_EQ(game.state().bank, before.bank);
  EXPECT_EQ(Price(game, "EIR"), 96) << "no dividend with a share in the pool: one space back (4.7.1)";
}

TEST(Revenue, TheMailIsPaidToTheCompanyWhateverTheDividend) {  // 4.6.6, 4.7.1
  // Calcutta to Lucknow with the mail: 160 earned, the mail 50 + 20 = 70.
  RunPosition position = GangesLineWithHolders();
  position.Price("EIR", 40);
  Game paid = position.Build();
  const GameState before = paid.state();
  MustApply(paid, Runs(kAdam, {{"6-1", kCalcuttaToLucknow}}, "6-1", true));
  EXPECT_EQ(Co(paid, "EIR").treasury, 640 + 70);
  EXPECT_EQ(paid.state().players[kAdam].cash - before.players[kAdam].cash, 4 * 16);
  // The total dividend excludes the mail: 160 = 4 x 40 moves four spaces (with the mail, 230
  // would have made five).
  EXPECT_EQ(Price(paid, "EIR"), 70);

  Game retained = position.Build();
  MustApply(retained, Runs(kAdam, {{"6-1", kCalcuttaToLucknow}}, "6-1", false));
  EXPECT_EQ(Co(retained, "EIR").treasury, 640 + 160 + 70);
  EXPECT_EQ(retained.state().players[kAdam].cash, before.players[kAdam].cash);

  // The mail goes on one train that runs; the second train's run earns no mail.
  Game two = position.Build();
  MustApply(two, Runs(kAdam, {{"6-1", kCalcuttaToPatna}, {"5-1", kPatnaToLucknow}}, "5-1", false));
  EXPECT_EQ(Co(two, "EIR").treasury, 640 + 80 + 100 + (20 + 20));
}

TEST(Revenue, TheMailTrainMustBeOneThatRuns) {  // 4.6.6
  Game game = GangesLine({"6", "5"}).Build();
  ExpectRefused(game, Runs(kAdam, {{"6-1", kCalcuttaToPatna}}, "5-1"), "4.6.6");
  const Error unknown = MustRefuse(game, Runs(kAdam, {{"6-1", kCalcuttaToPatna}}, "9-9"));
  EXPECT_EQ(unknown.rule, "4.6.6");
}

TEST(Revenue, AManagerMayNotPayADividend) {  // 3.4.2
  // Nobody holds two shares: Beth, who holds the Elephant, manages the EIR (3.4.1, ruling 10).
  RunPosition position = GangesLine();
  position.Holding(kAdam, "EIR", 1).Holding(kEd, "EIR", 1).Manager("EIR", kBeth);
  ASSERT_EQ(position.Seat(), kBeth);
  Game game = position.Build();
  ExpectRefused(game, Runs(kBeth, {{"6-1", kCalcuttaToLucknow}}, "6-1", true), "3.4.2");
  EXPECT_EQ(MustRefuse(game, Runs(kAdam, {{"6-1", kCalcuttaToLucknow}}, "6-1", false)).kind, ErrorKind::kNotYourTurn);
  MustApply(game, Runs(kBeth, {{"6-1", kCalcuttaToLucknow}}, "6-1", false));
  EXPECT_EQ(Co(game, "EIR").treasury, 640 + 160 + 70);
}

// ---- 4.7: the share price -----------------------------------------------------------------

TEST(SharePrice, NoDividendMovesBackOnlyWithSharesInThePool) {  // 4.7.1
  Game none_in_pool = GangesLine().Build();
  MustApply(none_in_pool, Runs(kAdam, {{"6-1", kCalcuttaToLucknow}}, "", false));
  EXPECT_EQ(Price(none_in_pool, "EIR"), 100);

  RunPosition pooled = GangesLine();
  pooled.Pool("EIR", 2);
  Game one_back = pooled.Build();
  MustApply(one_back, Runs(kAdam, {{"6-1", kCalcuttaToLucknow}}, "", false));
  EXPECT_EQ(Price(one_back, "EIR"), 96);

  // A director who runs no train pays no dividend either.
  Game no_run = pooled.Build();
  MustApply(no_run, Runs(kAdam, {}, "", true));
  EXPECT_EQ(Price(no_run, "EIR"), 96);
}

TEST(SharePrice, Rule4_7_2_ACompanyNotRunningHasNoPriceToMove) {
  // Appendix 4 after three railway rounds: the five running companies have moved on the market;
  // the BNR, MSM and BAR, not floated, have no price of their own and are valued at par (3.1.7).
  const Game game = SampleGameAt("railway_round_4");
  EXPECT_EQ(Price(game, "EIR"), 109);
  const auto view = game.View(kSpectator);
  for (const char* initials : {"BNR", "MSM", "BAR"}) {
    EXPECT_EQ(Co(game, initials).price_index, -1) << initials;
    for (const auto& company : view.companies()) {
      if (company.initials() != initials) continue;
      EXPECT_EQ(company.share_price(), company.par()) << initials;
    }
  }
}

struct PriceCase {
  int price;
  std::vector<std::string> run;
  int dividend;
  int expected;  // the price after the dividend
};

TEST(SharePrice, OneToFiveSpacesAtTheExactMultiplesOfThePrice) {  // 4.7.1
  // The market track: 10 20 30 40 49 57 64 70 75 80 84 88 ...
  const std::vector<PriceCase> cases = {
      {30, kPatnaToBenares, 50, 40},       // below 2 x 30: one space
      {30, kCalcuttaToIaa, 60, 49},        // exactly 2 x: two spaces
      {30, kPatnaToAllahabad, 80, 49},     // below 3 x: two
      {30, kIaaToAllahabad, 90, 57},       // exactly 3 x: three
      {30, kCalcuttaToBenares, 110, 57},   // below 4 x: three
      {30, kPatnaToCawnpore, 120, 64},     // exactly 4 x: four
      {30, kCalcuttaToAllahabad, 140, 64}, // below 5 x: four
      {30, kCalcuttaToLucknow, 160, 70},   // above 5 x: five
      {20, kIaaToPatna, 30, 30},           // below 2 x 20: one
      {20, kCalcuttaToPatna, 80, 57},      // exactly 4 x: four
      {20, kIaaToAllahabad, 90, 57},       // below 5 x: four
      {20, kPatnaToLucknow, 100, 64},      // exactly 5 x: five
      {30, kCalcuttaToCawnpore, 180, 70},  // 6 x: five at most
  };
  for (const PriceCase& c : cases) {
    RunPosition position = GangesLine();
    position.Price("EIR", c.price);
    Game game = position.Build();
    const int before = game.state().players[kAdam].cash;
    MustApply(game, Runs(kAdam, {{"6-1", c.run}}));
    EXPECT_EQ(game.state().players[kAdam].cash - before, 4 * c.dividend / 10) << "dividend " << c.dividend;
    EXPECT_EQ(Price(game, "EIR"), c.expected) << "dividend " << c.dividend << " at " << c.price;
  }
}

TEST(SharePrice, TheExampleOfTheRules) {  // 4.7.1: £60 at £80 is one space, £160 two
  for (const auto& [run, expected] : std::vector<std::pair<std::vector<std::string>, int>>{
           {kCalcuttaToIaa, 84}, {kCalcuttaToAllahabad, 84}, {kCalcuttaToLucknow, 88}}) {
    RunPosition position = GangesLine();
    position.Price("EIR", 80);
    Game game = position.Build();
    MustApply(game, Runs(kAdam, {{"6-1", run}}));
    EXPECT_EQ(Price(game, "EIR"), expected);
  }
}

TEST(SharePrice, NeverBelowTenUntilTheNextDividend) {  // 4.7.3
  RunPosition position = GangesLine();
  position.Price("EIR", 10).Pool("EIR", 1);
  Game game = position.Build();
  MustApply(game, Runs(kAdam, {{"6-1", kCalcuttaToIaa}}, "", false));
  EXPECT_EQ(Price(game, "EIR"), 10);
  Game paying = position.Build();
  MustApply(paying, Runs(kAdam, {{"6-1", kIaaToPatna}}));  // 30 = 3 x 10
  EXPECT_EQ(Price(paying, "EIR"), 40);
}

TEST(SharePrice, FourHundredEndsTheGameAfterTheDividend) {  // 4.7.3, 5.1.3
  RunPosition position = GangesLine();
  position.Price("EIR", 380);
  Game game = position.Build();
  const int before = game.state().players[kAdam].cash;
  MustApply(game, Runs(kAdam, {{"6-1", kCalcuttaToIaa}}));
  EXPECT_EQ(Price(game, "EIR"), 400);
  EXPECT_EQ(game.state().players[kAdam].cash - before, 4 * 6) << "the dividend is paid first (5.1.3)";
  EXPECT_TRUE(game.Finished());
  EXPECT_NE(game.state().end_reason.find("5.1.3"), std::string::npos) << game.state().end_reason;
  EXPECT_FALSE(game.state().scores.empty());
}

TEST(SharePrice, FourHundredDoesNotEndTheLongerGame) {  // 2.4.3, 4.7.3
  RunPosition position = GangesLine();
  position.Price("EIR", 380).LongerGame();
  Game game = position.Build();
  MustApply(game, Runs(kAdam, {{"6-1", kCalcuttaToIaa}}));
  EXPECT_EQ(Price(game, "EIR"), 400);
  EXPECT_FALSE(game.Finished());
  EXPECT_EQ(game.state().railway.step, TurnStep::kBuyTrains);

  position.Price("EIR", 400);
  Game at_top = position.Build();
  MustApply(at_top, Runs(kAdam, {{"6-1", kCalcuttaToCawnpore}}));
  EXPECT_EQ(Price(at_top, "EIR"), 400) << "the end of the track";
  EXPECT_FALSE(at_top.Finished());
}

// ---- The optimiser's runs are legal actions -------------------------------------------------

TEST(RunningTrains, TheOptimisersRunsAreListedAndAccepted) {
  for (RunPosition position : {GangesLineWithHolders(), PatnaWithBothGauges(), DelhiLoop(), SouthIndianMetreLine(),
                               JunctionAtIy("107", {"Iaa", "Hx", "Iw", "Jz"})}) {
    const int seat = position.Seat();
    Game game = position.Build();
    const auto legal = game.LegalActions(seat);
    int runs = 0;
    for (const auto& action : legal) {
      if (!action.action().has_run_trains()) continue;
      ++runs;
      Game copy = game;
      MustApply(copy, action.action());
    }
    EXPECT_GE(runs, 3) << "best total and best dividend, paid or retained, and no run";
    const std::string company = game.data().companies[game.state().railway.company].initials;
    const auto best = game.SuggestedRuns(company, false);
    ASSERT_TRUE(best.ok()) << best.error().ToString();
    EXPECT_GT(best->total(), 0) << company;
  }
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing

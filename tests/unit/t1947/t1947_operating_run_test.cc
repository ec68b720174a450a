// The run step of 1947's operating rounds played through Apply (6.10, 6.11.1, 6.14): the detailed
// example (8.0) played on into its second operating round, where the BNR's T2 runs Nagpur-Akola;
// its revenue paid out and withheld, cash, treasury and token figure by figure; the run of nothing;
// refusals change nothing; the listed runs all apply; a snapshot round-trips.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "engine/titles/t1947/actions.h"
#include "engine/titles/t1947/game.h"
#include "engine/titles/t1947/invariants.h"
#include "engine/titles/t1947/rules/operating_run.h"
#include "tests/unit/t1947/t1947_detailed_example.h"
#include "tests/unit/t1947/t1947_or_actions.h"
#include "tests/unit/t1947/t1947_or_position.h"
#include "tests/unit/t1947/t1947_section8_boards.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {
namespace {

constexpr int kAnn = 0, kCat = 2;  // the seats of t1947_or_position.h's games

Action1947 RunAction(int player, std::vector<std::vector<std::string>> routes, bool pay_out) {
  Action1947 a = By(player, ActionKind::kRunTrains);
  a.routes = std::move(routes);
  a.yes = pay_out;
  return a;
}

// From the track step to the run step, laying and placing nothing.
void ToRun(T1947Game& g) {
  const int president = g.ActivePlayer();
  while (g.step() < OrStep::kRunTrains) Ok(g.Done(president));
}

// Buys `trains` T2s and ends the turn.
void BuyT2sAndEnd(T1947Game& g, int trains) {
  const int president = g.ActivePlayer();
  while (g.step() < OrStep::kBuyTrains) Ok(g.Done(president));
  for (int t = 0; t < trains; ++t) Ok(g.BuyTrain(president, "T2", "", 0));
  Ok(g.Done(president));
}

// 8.0's first operating round (the lays of t1947_OperatingTrack.FirstOperatingRoundOfTheDetailedExample),
// each railway buying T2s; then a second stock round in which everybody passes, and the second
// operating round (the intermediate season, 6.13.1) begins.
T1947Game SecondOperatingRound() {
  T1947Game g = DetailedExample();
  PlayAuction(g);
  PlayFirstStockRound(g);
  EXPECT_EQ(Operating(g), "BNR");
  Ok(Apply(g, LayAction(kPaul, "G20", "57", {"NE", "SW"})));
  Ok(Apply(g, LayAction(kPaul, "F21", "9", {"NE", "SW"})));
  BuyT2sAndEnd(g, 1);
  EXPECT_EQ(Operating(g), "ABR");
  Ok(Apply(g, LayAction(kRobert, "S14", "6M", {"SW", "N"})));
  Ok(Apply(g, LayAction(kRobert, "R15", "8", {"NE", "S"})));
  BuyT2sAndEnd(g, 2);
  EXPECT_EQ(Operating(g), "PRC");
  Ok(Apply(g, LayAction(kAnna, "I32", "6", {"NW", "S"})));
  Ok(Apply(g, LayAction(kAnna, "H31", "8", {"SE", "N"})));
  BuyT2sAndEnd(g, 2);
  EXPECT_EQ(Operating(g), "BB&CI");
  Ok(Apply(g, LayAction(kEmily, "D21", "6M", {"SE", "N"})));
  Ok(Apply(g, LayAction(kEmily, "E22", "57", {"NW", "SE"})));
  BuyT2sAndEnd(g, 1);
  EXPECT_EQ(g.round(), Round::kStockRound);
  while (g.round() == Round::kStockRound) Ok(g.Pass(g.ActivePlayer()));
  EXPECT_EQ(g.round(), Round::kOperatingRound);
  return g;
}

// The second operating round (intermediate season, phase 1): the BNR operates first (market value
// 90 after its first turn without a train, 6.14; treasury Rs.520 after its T2 of Rs.80) and Paul, its president, holds 60% (the P9's 30%
// certificate and three shares), the other 40% in the initial offer. Its T2 runs Nagpur-Akola:
// Rs.20 + Rs.20 = Rs.40, less 20% without its temple (6.8.1): Rs.32, to the nearest ten Rs.30.
TEST(OperatingRun, SecondOrPaidOut) {
  T1947Game g = SecondOperatingRound();
  ASSERT_EQ(Operating(g), "BNR");
  EXPECT_EQ(g.season(), 2);
  EXPECT_EQ(g.CurrentPhase(), 1);
  EXPECT_EQ(g.railway("BNR").treasury, 520);
  EXPECT_EQ(g.MarketValue("BNR"), 90);
  EXPECT_EQ(g.player(kPaul).cash, 40);
  ToRun(g);
  EXPECT_EQ(g.Done(kPaul).error().key, "1947.refusal.operating.must_run");
  EXPECT_EQ(Refused(g, RunAction(kRobert, {{"H19", "G20"}}, true)), "1947.refusal.operating.president_operates");
  EXPECT_EQ(Refused(g, RunAction(kPaul, {{"H19", "F21"}}, true)), "1947.refusal.runs.no_stop_there");  // plain track
  EXPECT_EQ(Refused(g, RunAction(kPaul, {{"H19", "G20"}, {"G20", "H19"}}, true)), "1947.refusal.runs.more_routes_than_trains");
  const std::vector<int> cash{g.player(0).cash, g.player(1).cash, g.player(2).cash, g.player(3).cash};
  Ok(Apply(g, RunAction(kPaul, {{"H19", "G20"}}, true)));
  // 6.14.2: Rs.3 per 10%: Paul Rs.18, the initial offer's Rs.12 to nobody; the token one column
  // right (6.14), from 90 to 100.
  EXPECT_EQ(g.player(kPaul).cash, 58);
  for (int p : {kRobert, kEmily, kAnna}) EXPECT_EQ(g.player(p).cash, cash[p]) << p;
  EXPECT_EQ(g.railway("BNR").treasury, 520);
  EXPECT_EQ(g.MarketValue("BNR"), 100);
  EXPECT_EQ(g.railway("BNR").arrived_at, g.railway("BNR").token);  // 4.2.1: its arrival is noted
  EXPECT_EQ(g.step(), OrStep::kBuyTrains);  // one run a turn
  EXPECT_EQ(Refused(g, RunAction(kPaul, {{"H19", "G20"}}, true)), "1947.refusal.operating.step_passed");
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
}

TEST(OperatingRun, SecondOrWithheld) {
  T1947Game g = SecondOperatingRound();
  ToRun(g);
  Ok(Apply(g, RunAction(kPaul, {{"G20", "H19"}}, false)));
  EXPECT_EQ(g.player(kPaul).cash, 40);
  EXPECT_EQ(g.railway("BNR").treasury, 550);          // the Rs.30 withheld
  EXPECT_EQ(g.railway("BNR").token, Space(0, 90));    // one column left (6.14): 90 is the row's end
}

// 6.14: a railway with trains that runs none earns nothing, and its token moves left.
TEST(OperatingRun, NoRunIsARunOfNothing) {
  T1947Game g = SecondOperatingRound();
  ToRun(g);
  Ok(Apply(g, RunAction(kPaul, {}, true)));
  EXPECT_EQ(g.player(kPaul).cash, 40);
  EXPECT_EQ(g.railway("BNR").treasury, 520);
  EXPECT_EQ(g.railway("BNR").token, Space(0, 90));  // left, held at the row's end
  EXPECT_EQ(g.step(), OrStep::kBuyTrains);
}

// The run step's listed actions: the optimiser's best run paid out and withheld, each applying;
// nobody else's; none once the railway has run.
TEST(OperatingRun, LegalActionsListTheBestRun) {
  T1947Game g = SecondOperatingRound();
  ToRun(g);
  const std::vector<Action1947> legal = LegalActions(g, kPaul);
  std::vector<Action1947> runs;
  std::copy_if(legal.begin(), legal.end(), std::back_inserter(runs), [](const Action1947& a) { return a.kind == ActionKind::kRunTrains; });
  ASSERT_EQ(runs.size(), 2u);
  EXPECT_TRUE(runs[0].yes);
  EXPECT_FALSE(runs[1].yes);
  for (const Action1947& a : runs) {
    ASSERT_EQ(a.routes.size(), 1u);
    std::vector<std::string> stops = a.routes[0];
    std::sort(stops.begin(), stops.end());
    EXPECT_EQ(stops, (std::vector<std::string>{"G20", "H19"}));
  }
  EXPECT_EQ(Describe(g, runs[0]).text, "Paul: run the trains and pay out the revenue");
  EXPECT_EQ(Describe(g, runs[1]).text, "Paul: run the trains and withhold the revenue");
  for (const Action1947& a : legal) {
    T1947Game copy = g;
    Status s = Apply(copy, a);
    EXPECT_TRUE(s.ok()) << Describe(g, a).text << ": " << s.error().ToString();
    EXPECT_EQ(CheckInvariants(copy), std::vector<std::string>{}) << Describe(g, a).text;
  }
  for (int p : {kRobert, kEmily, kAnna}) EXPECT_TRUE(LegalActions(g, p).empty()) << p;
  Ok(Apply(g, runs[0]));
  for (const Action1947& a : LegalActions(g, kPaul)) EXPECT_NE(a.kind, ActionKind::kRunTrains);
}

// A snapshot before the run restores a game that runs exactly as the original; one after it
// round-trips.
TEST(OperatingRun, SnapshotRoundTrips) {
  T1947Game g = SecondOperatingRound();
  ToRun(g);
  auto restored = RestoreSnapshot(Data(), SnapshotJson(g));
  ASSERT_TRUE(restored.ok()) << restored.error().ToString();
  for (T1947Game* game : {&g, &*restored}) Ok(Apply(*game, RunAction(kPaul, {{"H19", "G20"}}, true)));
  EXPECT_EQ(SnapshotJson(*restored), SnapshotJson(g));
  auto after = RestoreSnapshot(Data(), SnapshotJson(g));
  ASSERT_TRUE(after.ok()) << after.error().ToString();
  EXPECT_EQ(SnapshotJson(*after), SnapshotJson(g));
  EXPECT_EQ(after->MarketValue("BNR"), 100);
}

// 6.10: the BB&CI's T2 runs Bombay-East Africa on the board of t1947_section8_boards.h, in the
// first operating round (the monsoon): Bombay's green tile Rs.30 in the monsoon zone (6.13.4),
// the site Rs.0, less 20% without the temple: Rs.24, Rs.20. The site is its first: the charter's
// first box, Rs.60, to the treasury; East Africa's 2 workers to Ann, its president, usable from
// her next turn. Ann holds 60%: Rs.2 per 10%, Rs.12.
TEST(OperatingRun, ReachingAnExpatriationSite) {
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kAnn, 500, {"T2"}}});
  g.mutable_board() = WithEastAfrica();
  ToRun(g);
  const int ann = g.player(kAnn).cash;
  const int east_africa = 2;
  ASSERT_EQ(Data().sites[east_africa].name, "East Africa");
  T1947Game again = g;
  Ok(Apply(g, RunAction(kAnn, {{"D21", "East Africa"}}, true)));
  EXPECT_EQ(g.player(kAnn).cash, ann + 12);
  EXPECT_EQ(g.railway("BB&CI").treasury, 560);
  EXPECT_EQ(g.player(kAnn).new_workers, 2);
  EXPECT_EQ(g.player(kAnn).workers, 0);
  EXPECT_EQ(g.board().site_workers[east_africa], 0);
  EXPECT_TRUE(g.board().sites_reached[R("BB&CI")][east_africa]);
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
  // A site reached before brings nothing (6.10).
  again.mutable_board().sites_reached[R("BB&CI")][east_africa] = true;
  Ok(Apply(again, RunAction(kAnn, {{"D21", "East Africa"}}, true)));
  EXPECT_EQ(again.railway("BB&CI").treasury, 500);
  EXPECT_EQ(again.player(kAnn).new_workers, 0);
  EXPECT_EQ(again.board().site_workers[east_africa], 2);
}

// 6.10: "To be connected to an Expatriation Site, a railway company must have a legal route and a
// train able to connect its Home City with the Expatriation Site": the run that ends at the site
// includes the home city (docs/rulings.md, 1947 ruling 57). In a copy of the data the BB&CI's home
// is Poona (E22), so its Bombay station is a second one: its T3's run Bombay-East Africa is a legal
// run of Rs.30 but reaches nothing; Poona-Bombay-East Africa reaches the site (Rs.60, East
// Africa's 2 workers, the token's advance offered).
TEST(OperatingRun, ASiteIsReachedOnlyByARunThroughTheHomeCity) {
  static const T1947Data data = [] {
    T1947Data d = Data();
    d.railways[Data().RailwayIndex("BB&CI")].home = "E22";
    return d;
  }();
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kAnn, 500, {"T3"}}}, data);
  g.mutable_board() = WithEastAfrica();
  ToRun(g);
  const int east_africa = 2;
  ASSERT_EQ(Data().sites[east_africa].name, "East Africa");
  T1947Game through_home = g;
  Ok(Apply(g, RunAction(kAnn, {{"D21", "East Africa"}}, false)));
  EXPECT_FALSE(g.board().sites_reached[R("BB&CI")][east_africa]);
  EXPECT_EQ(g.board().site_workers[east_africa], 2);
  EXPECT_EQ(g.player(kAnn).new_workers, 0);
  EXPECT_FALSE(g.site_advance().has_value());
  EXPECT_GT(g.railway("BB&CI").treasury, 500);  // the run's revenue, withheld; no box
  EXPECT_LT(g.railway("BB&CI").treasury, 560);
  Ok(Apply(through_home, RunAction(kAnn, {{"E22", "D21", "East Africa"}}, true)));
  EXPECT_TRUE(through_home.board().sites_reached[R("BB&CI")][east_africa]);
  EXPECT_EQ(through_home.board().site_workers[east_africa], 0);
  EXPECT_EQ(through_home.player(kAnn).new_workers, 2);
  EXPECT_EQ(through_home.railway("BB&CI").treasury, 560);
  EXPECT_TRUE(through_home.site_advance().has_value());
}

// One turn played through Apply with every change of 6.13 and 6.14.2 at once: in the monsoon (the
// first operating round, ruling 29) the BB&CI lays Bombay's #6M (monsoon zone) and Poona's #6 (a
// Rs.20 hill) and runs its T2 Bombay-Poona: Bombay Rs.20 - 10 in the monsoon (6.13.4) + Poona
// Rs.20 = Rs.30; two new yellow city tiles +Rs.20 (6.14.2): Rs.50; the lay in the season's zone
// (6.13.3) and the temple not reached (6.8.1): -40%, Appendix 3's table: Rs.30. Paid out: Cat's
// 60% Rs.18; withheld: the treasury Rs.30.
TEST(OperatingRun, MonsoonLayNewTilesAndTempleInOneRun) {
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kCat, 500, {"T2"}}});
  ASSERT_EQ(g.season(), 1);
  Ok(Apply(g, LayAction(kCat, "D21", "6M", {"SE", "N"})));
  Ok(Apply(g, LayAction(kCat, "E22", "6", {"NW", "S"})));
  EXPECT_TRUE(g.track_turn().season_reduction);
  EXPECT_EQ(g.railway("BB&CI").treasury, 480);
  ToRun(g);
  T1947Game withheld = g;
  const int cat = g.player(kCat).cash;
  Ok(Apply(g, RunAction(kCat, {{"D21", "E22"}}, true)));
  EXPECT_EQ(g.player(kCat).cash, cat + 18);
  EXPECT_EQ(g.railway("BB&CI").treasury, 480);
  Ok(Apply(withheld, RunAction(kCat, {{"D21", "E22"}}, false)));
  EXPECT_EQ(withheld.player(kCat).cash, cat);
  EXPECT_EQ(withheld.railway("BB&CI").treasury, 480 + 30);
}

// 6.11.3's example: "If another Company reaches the Site before the SIR's next OR turn, then if
// the SIR runs to the Site it only receives the Expatriation Marker, and no Bonus", while 6.11.3
// itself says that at a site another company reached first "the full Expatriation Bonus is still
// earned": the workers are the other company's; the charter's box still pays (docs/rulings.md,
// 1947). The WIPR took East Africa's 2 workers; the BB&CI's run there (the same figures as above)
// brings it the marker and the first box's Rs.60, and Ann no workers.
TEST(OperatingRun, ASiteReachedFirstByAnotherPaysTheCharterNotTheWorkers) {
  T1947Game g = OperatingWith({{"BB&CI", Space(0, 100), kAnn, 500, {"T2"}}});
  g.mutable_board() = WithEastAfrica();
  const int east_africa = 2;
  ASSERT_EQ(Data().sites[east_africa].name, "East Africa");
  g.mutable_board().sites_reached[R("WIPR")][east_africa] = true;
  g.mutable_board().site_workers[east_africa] = 0;
  ToRun(g);
  const int ann = g.player(kAnn).cash;
  Ok(Apply(g, RunAction(kAnn, {{"D21", "East Africa"}}, true)));
  EXPECT_TRUE(g.board().sites_reached[R("BB&CI")][east_africa]);
  EXPECT_EQ(g.railway("BB&CI").treasury, 560);
  EXPECT_EQ(g.player(kAnn).cash, ann + 12);
  EXPECT_EQ(g.player(kAnn).new_workers, 0);
  EXPECT_EQ(g.player(kAnn).workers, 0);
  EXPECT_EQ(CheckInvariants(g), std::vector<std::string>{});
}

// 6.11.1: the BNR's T4 runs through the BB&CI's full Poona with one of Cat's workers, who is
// retired; without a worker the run is refused and nothing changes. Monsoon: Nagpur 20 + Akola 20
// + Poona 30 + Bombay 30 = Rs.100, less 20%: Rs.80, withheld.
TEST(OperatingRun, AWorkerPassesABlockedCity) {
  T1947Game g = OperatingWith({{"BNR", Space(0, 100), kCat, 500, {"T4"}}});
  g.mutable_board() = WithGreenBombayAndPoona();
  ToRun(g);
  const std::vector<std::vector<std::string>> through{{"H19", "G20", "E22", "D21"}};
  EXPECT_EQ(Refused(g, RunAction(kCat, through, false)), "1947.refusal.runs.workers_for_blocked_cities");
  g.mutable_player(kCat).workers = 1;
  Ok(Apply(g, RunAction(kCat, through, false)));
  EXPECT_EQ(g.player(kCat).workers, 0);
  EXPECT_EQ(g.railway("BNR").treasury, 580);
}

}  // namespace
}  // namespace mailrun::engine::t1947

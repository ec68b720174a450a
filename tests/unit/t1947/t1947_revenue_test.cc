// 1947's revenue rules as pure functions: every example of 6.8, 6.11.1, 6.13, 6.14 and Appendix 3's
// Revenue Reduction Table figure by figure, the charter's expatriation and temple bonuses, and
// paying out or withholding with the token's move (6.14's market example).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "engine/titles/t1947/rules/payout.h"
#include "engine/titles/t1947/rules/revenue.h"
#include "engine/titles/t1947/rules/revenue_bonuses.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {
namespace {

const RevenueRules& Rules() {
  static const RevenueRules* rules = [] {
    auto parsed = RevenueRules1947();
    if (!parsed.ok()) ADD_FAILURE() << parsed.error().ToString();
    return parsed.ok() ? *parsed : new RevenueRules{};
  }();
  return *rules;
}

Stop City(std::string place, int value, bool own_station = false, Zone zone = Zone::kDry) {
  return Stop{StopKind::kCity, std::move(place), value, zone, own_station, false};
}
Stop Town(std::string place, int value) { return Stop{StopKind::kTown, std::move(place), value, Zone::kDry, false, false}; }
Stop Site(std::string place) { return Stop{StopKind::kExpatriationSite, std::move(place), 0, Zone::kDry, false, false}; }
Stop Post(std::string place) { return Stop{StopKind::kTradingPost, std::move(place), 0, Zone::kDry, false, false}; }

OperatingTurn Turn(int phase, Season season = Season::kIntermediate) {
  OperatingTurn turn;
  turn.phase = phase;
  turn.season = season;
  turn.owns_train = true;
  return turn;
}

TEST(Revenue, ReductionTableOfAppendix3) {
  // Appendix 3, Revenue Reduction Table: value, 20% reduction, 40% reduction.
  const int table[][3] = {
      {10, 10, 10},    {20, 20, 10},    {30, 20, 20},    {40, 30, 20},    {50, 40, 30},    {60, 50, 40},
      {70, 60, 40},    {80, 60, 50},    {90, 70, 50},    {100, 80, 60},   {110, 90, 70},   {120, 100, 70},
      {130, 100, 80},  {140, 110, 80},  {150, 120, 90},  {160, 130, 100}, {170, 140, 100}, {180, 140, 110},
      {190, 150, 110}, {200, 160, 120}, {210, 170, 130}, {220, 180, 130}, {230, 180, 140}, {240, 190, 140},
      {250, 200, 150}, {260, 210, 160}, {270, 220, 160}, {280, 220, 170}, {290, 230, 170}, {300, 240, 180},
      {310, 250, 190}, {320, 260, 190}, {330, 260, 200}, {340, 270, 200}, {350, 280, 210}, {360, 290, 220},
      {370, 300, 220}, {380, 300, 230}, {390, 310, 230}, {400, 320, 240}, {410, 330, 250}, {420, 340, 250},
      {430, 340, 260}, {440, 350, 260}, {450, 360, 270}, {460, 370, 280}, {470, 380, 280}, {480, 380, 290},
      {490, 390, 290}, {500, 400, 300}, {510, 410, 310}, {520, 420, 310}};
  for (const auto& row : table) {
    EXPECT_EQ(Reduce(row[0], 20), row[1]) << row[0];
    EXPECT_EQ(Reduce(row[0], 40), row[2]) << row[0];
  }
  EXPECT_EQ(Reduce(130, 0), 130);
  // The same table through a turn's revenue: a T2 from the railway's city worth the value to an
  // expatriation site (Rs.0) in the dry season. Short of the temple (6.8.1) or laying in the dry
  // zone (6.13.3): the 20% column; both: the 40% column.
  for (const auto& row : table) {
    SCOPED_TRACE(row[0]);
    const std::vector<TrainRun> run = {{"T2", {City("A", row[0], true), Site("Persia")}}};
    OperatingTurn turn = Turn(1, Season::kDry);
    EXPECT_EQ(OperatingRevenue(Rules(), run, turn)->revenue, row[0]);
    turn.temple_reduction = true;
    EXPECT_EQ(OperatingRevenue(Rules(), run, turn)->revenue, row[1]);
    turn.laid_in_season_zone = true;
    EXPECT_EQ(OperatingRevenue(Rules(), run, turn)->revenue, row[2]);
    turn.temple_reduction = false;
    EXPECT_EQ(OperatingRevenue(Rules(), run, turn)->revenue, row[1]);
  }
}

TEST(Revenue, TempleReductionExampleOf6_8_1) {
  // 6.8.1: Rs.90 reduced by 20% is Rs.72, rounded to Rs.70; an equidistant Rs.75 is rounded up.
  EXPECT_EQ(Reduce(90, Rules().temple_reduction_percent), 70);
  EXPECT_EQ(RoundToTen(7200), 70);
  EXPECT_EQ(RoundToTen(7500), 80);
  EXPECT_EQ(RoundToTen(7499), 70);
  OperatingTurn turn = Turn(1);
  turn.temple_reduction = true;
  auto revenue = OperatingRevenue(Rules(), {{"T4", {City("A", 40, true), City("B", 30), Town("C", 20)}}}, turn);
  ASSERT_TRUE(revenue.ok()) << revenue.error().ToString();
  EXPECT_EQ(revenue->before_reduction, 90);
  EXPECT_EQ(revenue->reduction_percent, 20);
  EXPECT_EQ(revenue->revenue, 70);
}

TEST(Revenue, ClimateZonesChangeCityValuesOf6_13_4) {
  // 6.13.4: monsoon-zone cities -10 in the monsoon season, +10 in the fertile season; no change in
  // the dry and intermediate seasons, never in the dry zone, never for towns, sites, trading posts.
  const Stop delhi = City("Delhi", 40, false, Zone::kMonsoon);
  const Stop jaipur = City("Jaipur", 30, false, Zone::kDry);
  EXPECT_EQ(StopValue(Rules(), delhi, Season::kDry), 40);
  EXPECT_EQ(StopValue(Rules(), delhi, Season::kMonsoon), 30);
  EXPECT_EQ(StopValue(Rules(), delhi, Season::kIntermediate), 40);
  EXPECT_EQ(StopValue(Rules(), delhi, Season::kFertile), 50);
  for (Season s : {Season::kDry, Season::kMonsoon, Season::kIntermediate, Season::kFertile}) {
    EXPECT_EQ(StopValue(Rules(), jaipur, s), 30);
    Stop town{StopKind::kTown, "Meerut", 20, Zone::kMonsoon, false, false};
    EXPECT_EQ(StopValue(Rules(), town, s), 20);
  }
  auto run = TrainRunRevenue(Rules(), "T3", {City("Jaipur", 30, true), delhi, City("Agra", 30, false, Zone::kMonsoon)}, Season::kMonsoon, 0);
  ASSERT_TRUE(run.ok()) << run.error().ToString();
  EXPECT_EQ(run->revenue, 30 + 30 + 20);
}

TEST(Revenue, LayingInTheSeasonsZoneOf6_13_3) {
  // 6.13.3: laying in the dry zone in the dry season, or in the monsoon zone in the monsoon season,
  // reduces the turn's revenue by 20%, by 40% with the temple's reduction; nothing otherwise.
  EXPECT_TRUE(LayingReduces(Rules(), Season::kDry, Zone::kDry));
  EXPECT_FALSE(LayingReduces(Rules(), Season::kDry, Zone::kMonsoon));
  EXPECT_TRUE(LayingReduces(Rules(), Season::kMonsoon, Zone::kMonsoon));
  EXPECT_FALSE(LayingReduces(Rules(), Season::kMonsoon, Zone::kDry));
  for (Zone z : {Zone::kDry, Zone::kMonsoon}) {
    EXPECT_FALSE(LayingReduces(Rules(), Season::kIntermediate, z));
    EXPECT_FALSE(LayingReduces(Rules(), Season::kFertile, z));
  }
  OperatingTurn turn = Turn(2, Season::kDry);
  turn.laid_in_season_zone = true;
  const std::vector<TrainRun> runs = {{"T3", {City("A", 40, true), City("B", 30), City("C", 30)}}};
  EXPECT_EQ(OperatingRevenue(Rules(), runs, turn)->revenue, 80);  // 100 less 20%
  turn.temple_reduction = true;
  EXPECT_EQ(OperatingRevenue(Rules(), runs, turn)->reduction_percent, 40);
  EXPECT_EQ(OperatingRevenue(Rules(), runs, turn)->revenue, 60);  // 100 less 40%
}

TEST(Revenue, RouteExamplesOf6_14_1) {
  // 2nd example: a T3 runs A-B-C (20 + 40); A-B-C-D-A would run to A twice.
  auto two = TrainRunRevenue(Rules(), "T3", {City("A", 20, true), City("C", 40)}, Season::kIntermediate, 0);
  ASSERT_TRUE(two.ok());
  EXPECT_EQ(two->revenue, 60);
  auto loop = TrainRunRevenue(Rules(), "T3", {City("A", 20, true), City("C", 40), City("D", 20), City("A", 20, true)}, Season::kIntermediate, 0);
  ASSERT_FALSE(loop.ok());
  EXPECT_EQ(loop.error().rule, "6.14.1");
  // 3rd example: the PRC's T5 runs A (40) + C (30) + D (10) + F (30) = Rs.110, 4 of its 5 stops,
  // its station inside the route.
  auto prc = TrainRunRevenue(Rules(), "T5", {City("A", 40), City("C", 30, true), Town("D", 10), City("F", 30)}, Season::kIntermediate, 0);
  ASSERT_TRUE(prc.ok()) << prc.error().ToString();
  EXPECT_EQ(prc->revenue, 110);
  EXPECT_EQ(prc->stops, 4);
}

TEST(Revenue, RevenueExampleOf6_14_2) {
  // The SIR's two T3s: A-B-C-E for Rs.90 (20 + 40 + 30) and A-D-C for Rs.60 (20 + 40): Rs.150.
  // The runs meet in the cities A and C.
  auto revenue = OperatingRevenue(Rules(),
                                  {{"T3", {City("A", 20, true), City("C", 40), City("E", 30)}},
                                   {"T3", {City("A", 20, true), City("C", 40)}}},
                                  Turn(2));
  ASSERT_TRUE(revenue.ok()) << revenue.error().ToString();
  EXPECT_EQ(revenue->train_revenue, (std::vector<int>{90, 60}));
  EXPECT_EQ(revenue->revenue, 150);
}

TEST(Revenue, NewYellowTileBonusOf6_14_2) {
  // A one-off Rs.10 for each yellow city or town tile laid this turn; a company needs a train.
  OperatingTurn turn = Turn(1);
  turn.new_yellow_city_town_tiles = 2;
  auto revenue = OperatingRevenue(Rules(), {{"T2", {City("A", 20, true), Town("B", 10)}}}, turn);
  EXPECT_EQ(revenue->tile_bonus, 20);
  EXPECT_EQ(revenue->revenue, 50);
  turn.owns_train = false;
  EXPECT_EQ(OperatingRevenue(Rules(), {}, turn)->revenue, 0);
  EXPECT_EQ(OperatingRevenue(Rules(), {{"T2", {City("A", 20, true), Town("B", 10)}}}, turn).error().rule, "6.14");
}

TEST(Revenue, BlockedCityExampleOf6_11_1) {
  // The SIR's T4 passes through Pondicherry, full of other companies' stations, with one worker:
  // Madurai 40 + Pondicherry 30 + Madras 10 + Proddatur 30 = Rs.110.
  Stop pondicherry = City("I32", 30);
  pondicherry.blocked = true;
  const std::vector<Stop> stops = {City("H35", 40, true), pondicherry, Town("I30", 10), City("H27", 30)};
  auto run = TrainRunRevenue(Rules(), "T4", stops, Season::kIntermediate, 0);
  ASSERT_TRUE(run.ok()) << run.error().ToString();
  EXPECT_EQ(run->revenue, 110);
  EXPECT_EQ(run->stops, 4);
  EXPECT_EQ(run->workers, 1);
  OperatingTurn turn = Turn(3);
  turn.workers = 1;
  auto revenue = OperatingRevenue(Rules(), {{"T4", stops}}, turn);
  ASSERT_TRUE(revenue.ok());
  EXPECT_EQ(revenue->workers_spent, 1);
  EXPECT_EQ(revenue->revenue, 110);
  turn.workers = 0;
  EXPECT_EQ(OperatingRevenue(Rules(), {{"T4", stops}}, turn).error().rule, "6.11.1");
  // 6.14.1: a run may begin or end in a blocked city without a worker.
  std::vector<Stop> ending = {City("H35", 40, true), Town("I30", 10), pondicherry};
  EXPECT_EQ(TrainRunRevenue(Rules(), "T4", ending, Season::kIntermediate, 0)->workers, 0);
}

TEST(Revenue, EveryStopCountsAgainstTheTrain) {
  // 6.14.1: at least two stops, at most the train's number; towns and sites count, trading posts
  // do not (3.1 P7); sites and trading posts only at the ends; a city of the company's.
  const std::vector<Stop> three = {City("A", 20, true), Town("B", 10), Site("Persia")};
  EXPECT_EQ(TrainRunRevenue(Rules(), "T2", three, Season::kDry, 0).error().rule, "6.14.1");
  EXPECT_EQ(TrainRunRevenue(Rules(), "T3", three, Season::kDry, 0)->revenue, 30);
  EXPECT_EQ(TrainRunRevenue(Rules(), "T3", {City("A", 20, true)}, Season::kDry, 0).error().rule, "6.14.1");
  EXPECT_EQ(TrainRunRevenue(Rules(), "T3", {City("A", 20), City("B", 20)}, Season::kDry, 0).error().rule, "6.14.1");
  EXPECT_EQ(TrainRunRevenue(Rules(), "T4", {City("A", 20, true), Site("Persia"), City("B", 20)}, Season::kDry, 0).error().rule, "6.10");
  EXPECT_EQ(TrainRunRevenue(Rules(), "T9", three, Season::kDry, 0).error().rule, "6.14.1");
  // 6.10: from a site through the home city to another site.
  EXPECT_EQ(TrainRunRevenue(Rules(), "T3", {Site("Persia"), City("A", 20, true), Site("Arabia")}, Season::kDry, 0)->stops, 3);
}

TEST(Revenue, TradingPostsOfP7) {
  // 3.1 P7: Rs.10 to the T4 (phases 1-3), Rs.20 from the T5; nothing for other companies; no stop;
  // only at a run's ends, and only one of the company's trains to each.
  const std::vector<Stop> run = {Post("D21 W"), City("D21", 30, true), Town("B", 10), Post("D27 W")};
  OperatingTurn turn = Turn(3);
  EXPECT_EQ(OperatingRevenue(Rules(), {{"T2", run}}, turn)->revenue, 40);
  turn.owns_p7 = true;
  EXPECT_EQ(OperatingRevenue(Rules(), {{"T2", run}}, turn)->revenue, 60);
  turn.phase = 4;
  EXPECT_EQ(OperatingRevenue(Rules(), {{"T2", run}}, turn)->revenue, 80);
  const std::vector<Stop> inside = {City("D21", 30, true), Post("D21 W"), Town("B", 10)};
  EXPECT_EQ(OperatingRevenue(Rules(), {{"T3", inside}}, turn).error().rule, "3.1");
  const std::vector<Stop> again = {Post("D27 W"), City("D27", 20, true), City("E", 20)};
  EXPECT_EQ(OperatingRevenue(Rules(), {{"T2", run}, {"T3", again}}, turn).error().rule, "3.1");
}

TEST(Revenue, SimplifiedRevenueExampleOf6_14_3) {
  // A T8 and a T5: the T8 runs for Rs.270, Rs.10 for a new yellow city tile, Rs.280; the T8's card
  // adds 50% for a T5: Rs.280 + 140 = Rs.420.
  OperatingTurn turn = Turn(6);
  turn.new_yellow_city_town_tiles = 1;
  turn.second_train = "T5";
  const std::vector<Stop> t8 = {Site("Persia"), City("A", 60, true), City("B", 50), City("C", 40), Town("D", 20),
                                City("E", 50), City("F", 50), Site("Burma")};
  auto revenue = OperatingRevenue(Rules(), {{"T8", t8}}, turn);
  ASSERT_TRUE(revenue.ok()) << revenue.error().ToString();
  EXPECT_EQ(revenue->runs, 270);
  EXPECT_EQ(revenue->tile_bonus, 10);
  EXPECT_EQ(revenue->second_train_percent, 50);
  EXPECT_EQ(revenue->second_train_increase, 140);
  EXPECT_EQ(revenue->revenue, 420);
  // The cards of Appendix 3 (T5 with T5 +90% ... T12 with T12 +60%).
  const std::map<std::string, std::map<std::string, int>> cards = {
      {"T5", {{"T5", 90}}},
      {"T6", {{"T5", 70}, {"T6", 90}}},
      {"T8", {{"T5", 50}, {"T6", 65}, {"T8", 80}}},
      {"T10", {{"T5", 40}, {"T6", 50}, {"T8", 60}, {"T10", 70}}},
      {"T12", {{"T6", 45}, {"T8", 50}, {"T10", 55}, {"T12", 60}}}};
  EXPECT_EQ(Rules().second_train_increase, cards);
  // Only the largest runs; the second's number must be on the largest's card; before phase 6 no
  // increase (6.14.3).
  EXPECT_EQ(OperatingRevenue(Rules(), {{"T8", t8}, {"T5", t8}}, turn).error().rule, "6.14.3");
  turn.second_train = "T10";
  EXPECT_EQ(OperatingRevenue(Rules(), {{"T8", t8}}, turn).error().rule, "6.14.3");
  turn.second_train = "T4";
  EXPECT_EQ(OperatingRevenue(Rules(), {{"T8", t8}}, turn).error().rule, "6.14.3");
  OperatingTurn early = Turn(5);
  early.second_train = "T5";
  EXPECT_EQ(OperatingRevenue(Rules(), {{"T6", {City("A", 20, true), City("B", 20)}}}, early).error().rule, "6.14.3");
  // docs/rulings.md (1947): the increase is rounded as 6.8.1 rounds; the reductions come last.
  turn.second_train = "T6";
  turn.temple_reduction = true;
  revenue = OperatingRevenue(Rules(), {{"T8", t8}}, turn);
  EXPECT_EQ(revenue->second_train_increase, 180);  // 65% of 280 = 182
  EXPECT_EQ(revenue->before_reduction, 460);
  EXPECT_EQ(revenue->revenue, 370);
}

TEST(Revenue, ExpatriationTrackOf6_10) {
  // The charter's boxes 1-5: Rs.60-100; the site's workers go to the first company's president;
  // the P5 adds Rs.30 to the first, Rs.10 later (3.1).
  const int cash[] = {60, 70, 80, 90, 100};
  for (int n = 1; n <= 5; ++n) EXPECT_EQ(ReachSite(Rules(), n, false, 2, false)->box.cash, cash[n - 1]);
  auto first = ReachSite(Rules(), 1, true, 2, true);
  EXPECT_EQ(first->site_workers, 2);
  EXPECT_EQ(first->economic_incentives, 30);
  auto later = ReachSite(Rules(), 2, false, 2, true);
  EXPECT_EQ(later->site_workers, 0);
  EXPECT_EQ(later->economic_incentives, 10);
  EXPECT_TRUE(later->may_move_token);
  // 6.10: eleven sites, each box showing 1 or 2 workers.
  ASSERT_EQ(Data().sites.size(), 11u);
  for (const ExpatriationSiteDef& site : Data().sites) EXPECT_TRUE(site.workers == 1 || site.workers == 2) << site.name;
  // 6.12.1: a stockbroker at the 7th, 8th, 9th and 10th sites; 6.12.2: an opportunity at the 9th
  // and 10th instead, none before.
  for (int n = 7; n <= 10; ++n) EXPECT_GE(ReachSite(Rules(), n, false, 0, false)->box.stockbrokers, 1) << n;
  for (int n = 1; n <= 8; ++n) EXPECT_EQ(ReachSite(Rules(), n, false, 0, false)->box.opportunity, 0) << n;
  EXPECT_GT(ReachSite(Rules(), 9, false, 0, false)->box.opportunity, 0);
  // 6.12.2's examples: the 10th site gives an opportunity of Rs.150 or two stockbrokers.
  EXPECT_EQ(ReachSite(Rules(), 10, false, 0, false)->box.opportunity, 150);
  EXPECT_EQ(ReachSite(Rules(), 10, false, 0, false)->box.stockbrokers, 2);
  EXPECT_EQ(ReachSite(Rules(), 12, false, 0, false).error().rule, "6.10");
}

// 6.12.1: stockbrokers "upon reaching their 7th, 8th, 9th and 10th Expatriation Sites"; 6.12.2:
// opportunities "upon reaching their 9th and 10th", the 10th's Rs.150 against its two stockbrokers
// (examples 1-3). An opportunity is worth its box's stockbrokers and Rs.50 (6.10: "Opportunities
// offer a discount of Rs. 50 each"): Rs.100 at the 9th. The 11th box names nothing: the site brings
// only its marker and the token's advance (docs/rulings.md, 1947 ruling 58).
TEST(Revenue, OpportunitiesAtThe9thAnd10thSitesOnlyWorthTheirStockbrokersAndRs50) {
  for (int n = 9; n <= 10; ++n) {
    const ExpatriationBox box = ReachSite(Rules(), n, false, 0, false)->box;
    EXPECT_EQ(box.opportunity, box.stockbrokers * 50 + 50) << n;
  }
  EXPECT_EQ(ReachSite(Rules(), 9, false, 0, false)->box.opportunity, 100);
  const auto eleventh = ReachSite(Rules(), 11, false, 0, false);
  ASSERT_TRUE(eleventh.ok());
  EXPECT_EQ(eleventh->box.cash, 0);
  EXPECT_EQ(eleventh->box.workers, 0);
  EXPECT_EQ(eleventh->box.stockbrokers, 0);
  EXPECT_EQ(eleventh->box.opportunity, 0);
  EXPECT_TRUE(eleventh->may_move_token);
}

// 5.10 and 5.11.1 test "the dividend paid out", 6.14 and Appendix 1 "the revenue": with savings
// shares the two differ. The red line weighs the revenue (docs/rulings.md, 1947 ruling 61): on 130
// next to the line a revenue of Rs.170 paid out crosses to 170, though the savings shares' half
// lost to the bank (40% savings: Rs.34) leaves Rs.136 paid out.
TEST(Revenue, TheRedLineWeighsTheRevenueNotWhatSavingsSharesLeave) {
  const MarketDef& m = Data().market;
  const MarketCell c{5, m.red_line[5] - 1};
  ASSERT_EQ(m.Value(c), 130);
  const Payout payout = PayOrWithhold(m, c, 170, {{6, 0}, {0, 4}}, 0, true);
  int paid = payout.split.to_treasury;
  for (int p : payout.split.to_players) paid += p;
  EXPECT_EQ(paid, 136);
  EXPECT_EQ(m.Value(payout.token), 170);
}

TEST(Revenue, TempleBonusOf6_8_2) {
  // Rs.100 and the next box's expatriation bonus, without the site's workers, the P5 or a token move.
  auto reward = ConnectTemple(Rules(), 2, false);
  EXPECT_EQ(reward->cash, 100);
  EXPECT_EQ(reward->expatriation.box.cash, 80);
  EXPECT_EQ(reward->expatriation.site_workers, 0);
  EXPECT_EQ(reward->expatriation.economic_incentives, 0);
  EXPECT_FALSE(reward->expatriation.may_move_token);
  auto refused = ConnectTemple(Rules(), 2, true);
  EXPECT_EQ(refused->cash, 100);
  EXPECT_EQ(refused->expatriation.box.cash, 0);
  EXPECT_EQ(ConnectTemple(Rules(), 11, false)->expatriation.box.cash, 0);  // no site left
}

TEST(Payout, DividendAndMarketExamplesOf6_14) {
  // 6.14: the BNR withholds Rs.120 on 160 → 146; the GIPR pays Rs.100 on 130 → 146 (left of the
  // line); the EIR pays Rs.140 on 190 and stays (210 needed). No revenue: left.
  const MarketDef& m = Data().market;
  EXPECT_EQ(m.Value(PayOrWithhold(m, MarketCell{1, 7}, 120, {{6, 0}}, 0, false).token), 146);
  EXPECT_EQ(PayOrWithhold(m, MarketCell{1, 7}, 120, {{6, 0}}, 0, false).split.to_treasury, 120);
  EXPECT_EQ(m.Value(PayOrWithhold(m, MarketCell{1, 5}, 100, {{6, 0}}, 0, true).token), 146);
  EXPECT_EQ(PayOrWithhold(m, MarketCell{4, 10}, 140, {{6, 0}}, 0, true).token, (MarketCell{4, 10}));
  EXPECT_EQ(m.Value(PayOrWithhold(m, MarketCell{1, 5}, 0, {{6, 0}}, 0, true).token), 120);
}

TEST(Payout, WithholdingExampleTwoOf6_14_2) {
  // Emily 40% (president), Paul 20% savings, Anna 10%, 20% pool, 10% initial offer; Rs.130 withheld:
  // Emily and Anna nothing, Paul Rs.13. The treasury: 6.14.2 says Rs.117; 5.6.1 loses the savings'
  // other half to the bank (docs/rulings.md, 1947 ruling 13): Rs.104.
  Payout payout = PayOrWithhold(Data().market, MarketCell{1, 5}, 130, {{4, 0}, {0, 2}, {1, 0}}, 2, false);
  EXPECT_EQ(payout.split.to_players, (std::vector<int>{0, 13, 0}));
  EXPECT_EQ(payout.split.to_treasury, 104);
  EXPECT_EQ(payout.split.to_bank, 13);
  EXPECT_EQ(Data().market.Value(payout.token), 120);
}

TEST(Payout, HalfRupeesOfASavingsShare) {
  // 6.14.2: a savings share receives half an ordinary share's Rs.13: Rs.6.5. A player's savings
  // shares of the company are paid together (two: Rs.13); a half rupee left over stays with the
  // bank (docs/rulings.md, 1947).
  DividendSplit one = SplitRevenue(130, {{4, 0}, {0, 1}}, 0, true);
  EXPECT_EQ(one.to_players, (std::vector<int>{52, 6}));
  EXPECT_EQ(one.to_bank, 130 - 52 - 6);
  DividendSplit three = SplitRevenue(130, {{0, 3}}, 0, true);
  EXPECT_EQ(three.to_players, (std::vector<int>{19}));
}

TEST(Revenue, ParticularValuesOf6_14_4) {
  // Cooch Behar (P11, grey): its printed value rises with the first T5 (phase 4) and T8 (phase 6).
  const int cooch_behar[] = {20, 20, 20, 30, 30, 40, 40, 40};
  for (int phase = 1; phase <= 8; ++phase) EXPECT_EQ(CoochBeharValue(Data(), phase), cooch_behar[phase - 1]) << phase;
  // It lies in the monsoon zone, so the season changes it like any city there (6.13.4).
  EXPECT_EQ(StopValue(Rules(), City("P11", 40, false, Zone::kMonsoon), Season::kMonsoon), 30);
  // Bombay's and Calcutta's named tiles are worth Rs.10 more than the ordinary city tiles of their
  // colour (the yellow Calcutta is preprinted; Bombay's yellow is an ordinary one).
  const auto tiles = nlohmann::json::parse(DataFiles().at("tiles.json"));
  std::map<std::string, int> ordinary;
  std::map<std::pair<std::string, std::string>, int> named;
  for (const auto& t : tiles.at("tiles")) {
    if (!t.contains("stations") || t["stations"][0].value("kind", "") != "city") continue;
    const int value = t["stations"][0].value("revenue", 0);
    const std::string label = t.value("label", "");
    const std::string colour = t.value("colour", "");
    if (label == "Bombay" || label == "Calcutta") named[{label, colour}] = value;
    else if (label.empty() && !t.value("preprinted", false)) ordinary[colour] = value;
  }
  for (const std::string city : {"Bombay", "Calcutta"}) {
    for (const std::string colour : {"green", "brown", "grey"}) {
      ASSERT_TRUE((named.count({city, colour}))) << city << " " << colour;
      EXPECT_EQ((named[{city, colour}]), ordinary[colour] + 10) << city << " " << colour;
    }
  }
  EXPECT_EQ((named[{"Calcutta", "yellow"}]), ordinary["yellow"] + 10);
}

TEST(Revenue, RulesDataIsChecked) {
  auto files = DataFiles();
  files["rules.json"].replace(files["rules.json"].find("\"temple\""), 8, "\"templo\"");
  auto bad = ReadRevenueRules(files);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("rules.json"), std::string::npos) << bad.error().message;
  EXPECT_NE(bad.error().message.find("temple"), std::string::npos) << bad.error().message;
  files = DataFiles();
  files.erase("trains.json");
  EXPECT_FALSE(ReadRevenueRules(files).ok());

}

}  // namespace
}  // namespace mailrun::engine::t1947

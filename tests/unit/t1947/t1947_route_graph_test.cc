// A 1947 railway's route graph on the real board (route_graph.h), its best runs, 6.15's
// legal route and the runs a president submits (rules/submitted_runs.h). Boards are built as the
// rules build them: section 8's first operating round (the text stops before any train runs, so
// the runs of the second are computed by hand from the map's values), then Poona upgraded to a #1
// and Bombay to its green tile, East Africa reached through D23. Every figure is hand-computed
// from the tiles' and the map's values (tiles.json, map.json).
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/titles/t1947/route_graph.h"
#include "engine/titles/t1947/rules/route_legs.h"
#include "engine/titles/t1947/rules/submitted_runs.h"
#include "tests/unit/t1947/t1947_lay_helpers.h"
#include "tests/unit/t1947/t1947_section8_boards.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {
namespace {

const RevenueRules& Rules() { return **RevenueRules1947(); }

RailwayGraph Graph(const Board1947& board, const std::string& railway, GraphTurn turn) {
  auto g = BuildRailwayGraph(Data(), Rules(), board, R(railway), turn);
  EXPECT_TRUE(g.ok()) << g.error().ToString();
  return g.ok() ? *g : RailwayGraph{};
}

const GraphStop* StopNamed(const RailwayGraph& g, const std::string& name) {
  const auto node = g.node_of_stop.find(name);
  return node == g.node_of_stop.end() ? nullptr : &g.stops.at(node->second);
}
int Revenue(const RailwayGraph& g, const std::string& name) {
  return g.graph.nodes()[g.node_of_stop.at(name)].station.revenue;
}

std::vector<OwnedTrain> Trains(std::initializer_list<std::string> names) {
  std::vector<OwnedTrain> trains;
  for (const std::string& name : names) trains.push_back({name + "-" + std::to_string(trains.size()), name});
  return trains;
}

int Best(const Board1947& board, const std::string& railway, GraphTurn turn, std::initializer_list<std::string> trains) {
  auto best = CompanyBestRuns(Data(), Rules(), board, R(railway), turn, Trains(trains));
  EXPECT_TRUE(best.ok()) << best.error().ToString();
  return best.ok() ? best->plan.run_revenue : -1;
}

bool LegalRoute(const Board1947& board, const std::string& railway) {
  auto has = HasLegalRoute(Data(), board, R(railway));
  EXPECT_TRUE(has.ok()) << has.error().ToString();
  return has.ok() && *has;
}

constexpr GraphTurn kIntermediate{Season::kIntermediate, 2, false};

OperatingTurn Turn(int phase, Season season, bool owns_p7 = false, int workers = 0) {
  OperatingTurn turn;
  turn.phase = phase;
  turn.season = season;
  turn.owns_p7 = owns_p7;
  turn.workers = workers;
  return turn;
}

std::string Refusal(const Result<CheckedRuns>& r) { return r.ok() ? "accepted" : r.error().key; }

// 8.0 after the first OR: the BB&CI's graph holds Bombay and Poona (its stations, Rs.20 each) and
// the BNR's Nagpur and Akola; no trading post, since Bombay's #6M leaves by SE and N.
TEST(RouteGraph, Section8StopsAndValues) {
  const Board1947 board = AfterSection8FirstOr();
  const RailwayGraph g = Graph(board, "BB&CI", kIntermediate);
  ASSERT_TRUE(StopNamed(g, "D21") && StopNamed(g, "E22") && StopNamed(g, "H19") && StopNamed(g, "G20"));
  EXPECT_EQ(StopNamed(g, "D21")->stop.kind, StopKind::kCity);
  EXPECT_EQ(StopNamed(g, "D21")->stop.zone, Zone::kMonsoon);
  EXPECT_EQ(StopNamed(g, "E22")->stop.zone, Zone::kDry);
  EXPECT_TRUE(StopNamed(g, "D21")->stop.own_station);
  EXPECT_TRUE(StopNamed(g, "E22")->stop.own_station);
  EXPECT_FALSE(StopNamed(g, "G20")->stop.own_station);
  EXPECT_TRUE(StopNamed(g, "H19")->stop.blocked);  // the BNR's one space (6.14.1)
  EXPECT_FALSE(StopNamed(g, "G20")->stop.blocked);  // no station there
  EXPECT_EQ(Revenue(g, "D21"), 20);
  EXPECT_EQ(Revenue(g, "E22"), 20);
  EXPECT_EQ(StopNamed(g, "D21-SW"), nullptr);
  EXPECT_EQ(StopNamed(g, "F23"), nullptr);  // Sholapur has no tile
  // Every city and town counts toward the train (6.14.1).
  EXPECT_TRUE(g.graph.nodes()[g.node_of_stop.at("G20")].station.large);
  // For the BNR, the BB&CI's Bombay and Poona are full.
  const RailwayGraph bnr = Graph(board, "BNR", kIntermediate);
  EXPECT_TRUE(StopNamed(bnr, "E22")->stop.blocked);
  EXPECT_TRUE(StopNamed(bnr, "H19")->stop.own_station);
}

// Cooch Behar (6.6, 6.14.4): printed Rs.20, Rs.30 from the first T5 (phase 4), Rs.40 from the
// first T8 (phase 6); a monsoon-zone city, so the season changes it too (6.13.4).
TEST(RouteGraph, CoochBeharByPhaseAndSeason) {
  const Board1947 board = Board1947::Start(Data());
  EXPECT_EQ(Revenue(Graph(board, "EBR", {Season::kDry, 1, false}), "P11"), 20);
  EXPECT_EQ(Revenue(Graph(board, "EBR", {Season::kDry, 4, false}), "P11"), 30);
  EXPECT_EQ(Revenue(Graph(board, "EBR", {Season::kDry, 6, false}), "P11"), 40);
  EXPECT_EQ(Revenue(Graph(board, "EBR", {Season::kMonsoon, 6, false}), "P11"), 30);
  EXPECT_EQ(Revenue(Graph(board, "EBR", {Season::kFertile, 1, false}), "P11"), 30);
  EXPECT_FALSE(StopNamed(Graph(board, "EBR", {Season::kDry, 1, false}), "P11")->stop.blocked);  // no space (rulings 2)
}

// The second OR of 8.0 (phase 2, intermediate season, rulings 29): the BNR's T2 runs Nagpur-Akola
// (20 + 20); the BB&CI's T2, T2 and T3 share its one line: Bombay-Poona (20 + 20).
TEST(RouteGraph, Section8SecondOrBestRuns) {
  const Board1947 board = AfterSection8FirstOr();
  EXPECT_EQ(Best(board, "BNR", kIntermediate, {"T2"}), 40);
  EXPECT_EQ(Best(board, "BB&CI", kIntermediate, {"T2", "T2", "T3"}), 40);
  auto best = CompanyBestRuns(Data(), Rules(), board, R("BB&CI"), kIntermediate, Trains({"T2", "T2", "T3"}));
  ASSERT_TRUE(best.ok());
  ASSERT_EQ(best->plan.runs.size(), 1u);
  // 6.13.4: Bombay is a monsoon-zone city, Poona a dry-zone one.
  EXPECT_EQ(Best(board, "BB&CI", {Season::kMonsoon, 2, false}, {"T2"}), 30);
  EXPECT_EQ(Best(board, "BB&CI", {Season::kFertile, 2, false}, {"T2"}), 50);
  EXPECT_EQ(Best(board, "BB&CI", {Season::kDry, 2, false}, {"T2"}), 40);
}

// 6.15: the BNR and the BB&CI have a route of two stops; the ABR (Sylhet, its lines ending at
// Nowgong's and Chittagong's empty hexes) and the PRC (Pondicherry only) have none, nor has a
// railway without a station. The ABR's #57M at Chittagong gives it one (and the trading post).
TEST(RouteGraph, HasLegalRoute) {
  Board1947 board = AfterSection8FirstOr();
  EXPECT_TRUE(LegalRoute(board, "BNR"));
  EXPECT_TRUE(LegalRoute(board, "BB&CI"));
  EXPECT_FALSE(LegalRoute(board, "ABR"));
  EXPECT_FALSE(LegalRoute(board, "PRC"));
  EXPECT_FALSE(LegalRoute(board, "EIR"));
  EXPECT_EQ(Best(board, "ABR", kIntermediate, {"T2"}), 0);
  TrackTurn turn;
  MustLay(&board, Context("ABR"), &turn, At("R17", "57M", {"N", "S"}));
  EXPECT_TRUE(LegalRoute(board, "ABR"));
  // Sylhet and Chittagong, both monsoon-zone cities; the trading post is worth nothing without the P7.
  EXPECT_EQ(Best(board, "ABR", kIntermediate, {"T2"}), 40);
  EXPECT_EQ(Best(board, "ABR", {Season::kMonsoon, 2, false}, {"T2"}), 20);
  EXPECT_EQ(Best(board, "ABR", {Season::kIntermediate, 2, true}, {"T2"}), 50);  // + Rs.10 (3.1, to the T4)
  EXPECT_EQ(Best(board, "ABR", {Season::kIntermediate, 4, true}, {"T2"}), 60);  // + Rs.20 from the T5
}

// 6.15 with ruling 38: a line from Bombay to its trading post alone is no legal route (a trading
// post is no stop, 3.1); Poona's tile at the other end of Bombay's #6M makes one.
TEST(RouteGraph, ATradingPostAloneIsNoLegalRoute) {
  Board1947 board = WithHome({"BB&CI"});
  TrackTurn turn;
  MustLay(&board, Context("BB&CI"), &turn, At("D21", "6M", {"SW", "SE"}));
  EXPECT_FALSE(LegalRoute(board, "BB&CI"));
  EXPECT_NE(StopNamed(Graph(board, "BB&CI", kIntermediate), "D21-SW"), nullptr);
  EXPECT_EQ(Best(board, "BB&CI", {Season::kIntermediate, 2, true}, {"T2"}), 0);
  MustLay(&board, Context("BB&CI"), &turn, At("E22", "57", {"NW", "SE"}));
  EXPECT_TRUE(LegalRoute(board, "BB&CI"));
  EXPECT_EQ(Best(board, "BB&CI", {Season::kIntermediate, 2, true}, {"T2"}), 50);  // 10 + 20 + 20
}

// A trading post only at a run's end (a dead end beyond it) and no stop (3.1): only a line to a
// city tile's trading-post edge makes one, and it never counts toward the train.
TEST(RouteGraph, TradingPostIsATerminusThatDoesNotCount) {
  const Board1947 board = WithGreenBombayAndPoona();
  const RailwayGraph g = Graph(board, "BB&CI", {Season::kIntermediate, 2, true});
  const GraphStop* post = StopNamed(g, "D21-SW");
  ASSERT_NE(post, nullptr);
  EXPECT_EQ(post->stop.kind, StopKind::kTradingPost);
  const routes::StationInfo& info = g.graph.nodes()[g.node_of_stop.at("D21-SW")].station;
  EXPECT_FALSE(info.large);
  EXPECT_TRUE(info.terminal);
  EXPECT_EQ(info.revenue, 10);
  EXPECT_EQ(Revenue(Graph(board, "BB&CI", kIntermediate), "D21-SW"), 0);  // without the P7
  EXPECT_EQ(Revenue(g, "D21"), 40);  // Bombay green (6.5.4)
  EXPECT_EQ(Revenue(g, "E22"), 30);  // #1
}

// Phase 2, intermediate: Bombay 40, Poona 30 (the BB&CI's, its one space: full for the BNR), Akola
// 20, Nagpur 20 (the BNR's: full for the BB&CI). The BNR's runs end at Poona (6.14.1); the BB&CI's
// best with T2, T2, T3: T3 Poona-Akola-Nagpur (70) and T2 trading post-Bombay-Poona (10 + 40 + 30
// with the P7, 70 without); the second T2 has no track left.
TEST(RouteGraph, BlockedCitiesAndTheTradingPost) {
  const Board1947 board = WithGreenBombayAndPoona();
  EXPECT_EQ(Best(board, "BNR", kIntermediate, {"T2"}), 40);
  EXPECT_EQ(Best(board, "BNR", kIntermediate, {"T3"}), 70);
  EXPECT_EQ(Best(board, "BNR", kIntermediate, {"T4"}), 70);  // not on through Poona to Bombay
  // What the BNR's runs cannot reach is worth nothing to the optimiser's bound: Bombay, beyond Poona.
  RailwayGraph bnr = Graph(board, "BNR", kIntermediate);
  ZeroUnreachableStations(&bnr.graph);
  EXPECT_EQ(Revenue(bnr, "D21"), 0);
  EXPECT_EQ(Revenue(bnr, "E22"), 30);
  EXPECT_EQ(Revenue(bnr, "H19"), 20);
  EXPECT_EQ(Best(board, "BB&CI", {Season::kIntermediate, 2, true}, {"T2", "T2", "T3"}), 150);
  EXPECT_EQ(Best(board, "BB&CI", kIntermediate, {"T2", "T2", "T3"}), 140);
  EXPECT_EQ(Best(board, "BB&CI", {Season::kMonsoon, 2, true}, {"T2", "T2", "T3"}), 140);  // Bombay 30
}

// East Africa (6.10): a terminus that counts as a stop and earns nothing. With it the BB&CI's
// second T2 runs too: 150 + East Africa-Bombay (0 + 40) with the P7; the best total is 190 either
// way it is split (T2 trading post-Bombay-East Africa 50 + T2 Bombay-Poona 70 + T3 70 is as good).
TEST(RouteGraph, ExpatriationSite) {
  const Board1947 board = WithEastAfrica();
  const RailwayGraph g = Graph(board, "BB&CI", kIntermediate);
  const GraphStop* site = StopNamed(g, "East Africa");
  ASSERT_NE(site, nullptr);
  EXPECT_EQ(site->stop.kind, StopKind::kExpatriationSite);
  EXPECT_EQ(Data().sites[site->site].name, "East Africa");
  const routes::StationInfo& info = g.graph.nodes()[g.node_of_stop.at("East Africa")].station;
  EXPECT_TRUE(info.large);
  EXPECT_TRUE(info.terminal);
  EXPECT_EQ(info.revenue, 0);
  EXPECT_EQ(Best(board, "BB&CI", {Season::kIntermediate, 2, true}, {"T2", "T2", "T3"}), 190);
  EXPECT_EQ(Best(board, "BB&CI", kIntermediate, {"T2", "T2", "T3"}), 180);
  // A T4: Bombay-Poona-Akola-Nagpur (40 + 30 + 20 + 20, ending at the BNR's full Nagpur) beats
  // East Africa-Bombay-Poona-Akola (0 + 40 + 30 + 20).
  EXPECT_EQ(Best(board, "BB&CI", kIntermediate, {"T4"}), 110);
  EXPECT_EQ(Best(board, "BB&CI", kIntermediate, {"T5"}), 110);  // East Africa adds a stop, no rupee
}

// The best runs, submitted as the president would (RouteStops), are accepted with the same revenue.
TEST(SubmittedRuns, BestRunsAreAccepted) {
  const Board1947 board = WithEastAfrica();
  const GraphTurn graph_turn{Season::kIntermediate, 2, true};
  const auto trains = Trains({"T2", "T2", "T3"});
  auto best = CompanyBestRuns(Data(), Rules(), board, R("BB&CI"), graph_turn, trains);
  ASSERT_TRUE(best.ok());
  const RailwayGraph g = Graph(board, "BB&CI", graph_turn);
  const auto routes = RouteStops(g, best->plan, trains.size());
  auto checked = CheckSubmittedRuns(Data(), Rules(), board, R("BB&CI"), trains, routes, Turn(2, Season::kIntermediate, true));
  ASSERT_TRUE(checked.ok()) << checked.error().ToString();
  EXPECT_EQ(checked->revenue.runs, 190);
  EXPECT_EQ(checked->revenue.revenue, 190);
  EXPECT_EQ(checked->runs.size(), 3u);
  EXPECT_EQ(checked->sites, std::vector<int>{2});  // East Africa, map.json's third site
  EXPECT_EQ(checked->revenue.workers_spent, 0);
}

// Submitted runs figure by figure, and the new-tile bonus and the temple's reduction on top.
TEST(SubmittedRuns, RevenueOfSubmittedRuns) {
  const Board1947 board = WithEastAfrica();
  OperatingTurn turn = Turn(2, Season::kFertile, true);
  turn.new_yellow_city_town_tiles = 1;  // 6.14.2: + Rs.10
  turn.temple_reduction = true;         // 6.8.1: - 20%
  auto checked = CheckSubmittedRuns(Data(), Rules(), board, R("BB&CI"), Trains({"T2", "T3"}),
                                    {{"D21-SW", "D21", "East Africa"}, {"D21", "E22", "G20"}}, turn);
  ASSERT_TRUE(checked.ok()) << checked.error().ToString();
  // Fertile: Bombay 50 (monsoon zone), Poona and Akola unchanged. T2 10 + 50 + 0, T3 50 + 30 + 20.
  EXPECT_EQ(checked->revenue.train_revenue, (std::vector<int>{60, 100}));
  EXPECT_EQ(checked->revenue.before_reduction, 170);
  EXPECT_EQ(checked->revenue.revenue, 140);  // 136 to the nearest ten
  ASSERT_EQ(checked->track.size(), 2u);
  EXPECT_EQ(checked->track[1].train, 1);
}

// 6.11.1 with rulings 26: the BNR's T4 passes the BB&CI's full Poona with a worker; at a run's end
// a full city needs none.
TEST(SubmittedRuns, BlockedCityNeedsAWorker) {
  const Board1947 board = WithGreenBombayAndPoona();
  const std::vector<std::vector<std::string>> through{{"H19", "G20", "E22", "D21"}};
  auto refused = CheckSubmittedRuns(Data(), Rules(), board, R("BNR"), Trains({"T4"}), through, Turn(2, Season::kIntermediate));
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().key, "1947.refusal.runs.workers_for_blocked_cities");
  EXPECT_EQ(refused.error().rule, "6.11.1");
  auto passed = CheckSubmittedRuns(Data(), Rules(), board, R("BNR"), Trains({"T4"}), through, Turn(2, Season::kIntermediate, false, 1));
  ASSERT_TRUE(passed.ok()) << passed.error().ToString();
  EXPECT_EQ(passed->revenue.revenue, 110);  // 20 + 20 + 30 + 40
  EXPECT_EQ(passed->revenue.workers_spent, 1);
  auto ending = CheckSubmittedRuns(Data(), Rules(), board, R("BNR"), Trains({"T4"}), {{"H19", "G20", "E22"}}, Turn(2, Season::kIntermediate));
  ASSERT_TRUE(ending.ok()) << ending.error().ToString();
  EXPECT_EQ(ending->revenue.revenue, 70);
  EXPECT_EQ(ending->revenue.workers_spent, 0);
}

// Refusals, each naming its rule.
TEST(SubmittedRuns, RefusedRuns) {
  const Board1947 board = WithEastAfrica();
  const auto turn = Turn(2, Season::kIntermediate, true);
  auto check = [&](std::initializer_list<std::string> trains, std::vector<std::vector<std::string>> routes) {
    return CheckSubmittedRuns(Data(), Rules(), board, R("BB&CI"), Trains(trains), routes, turn);
  };
  EXPECT_EQ(Refusal(check({"T2"}, {{"D21", "F23"}})), "1947.refusal.runs.no_stop_there");  // Sholapur has no tile
  EXPECT_EQ(Refusal(check({"T2"}, {{"D21", "G20"}})), "1947.refusal.runs.stops_not_joined");  // Poona lies between
  EXPECT_EQ(Refusal(check({"T2"}, {{"D21", "E22", "G20"}})), "1947.refusal.runs.train_makes_at_most_stops");
  EXPECT_EQ(Refusal(check({"T2"}, {{"G20", "H19"}})), "1947.refusal.runs.route_needs_own_station");
  EXPECT_EQ(Refusal(check({"T3"}, {{"D21", "East Africa", "E22"}})), "1947.refusal.runs.site_always_terminus");
  EXPECT_EQ(Refusal(check({"T2"}, {{"D21"}})), "1947.refusal.runs.route_joins_two_stops");
  EXPECT_EQ(Refusal(check({"T2"}, {{"D21", "E22"}, {"E22", "G20"}})), "1947.refusal.runs.more_routes_than_trains");
  auto shared = check({"T2", "T2"}, {{"D21", "E22"}, {"E22", "D21"}});
  ASSERT_FALSE(shared.ok());
  EXPECT_EQ(shared.error().key, "1947.refusal.runs.routes_share_track");
  EXPECT_EQ(shared.error().rule, "6.14.1");
  // Meeting in a city is fine: Bombay-Poona and Poona-Akola.
  EXPECT_EQ(Refusal(check({"T2", "T2"}, {{"D21", "E22"}, {"E22", "G20"}})), "accepted");
  auto unjoined = check({"T2"}, {{"D21", "G20"}});
  ASSERT_FALSE(unjoined.ok());
  EXPECT_EQ(unjoined.error().rule, "6.14.1");
  ASSERT_EQ(unjoined.error().params.size(), 2u);
}

// 6.14.3 from the first T8 (phase 6): only the largest train runs; the T5 adds the T8 card's 50%
// (6.14.3's example) since it has a run of its own. The T8: trading post (Rs.20 from the T5, 3.1)
// -Bombay-Poona-Akola-Nagpur, 20 + 40 + 30 + 20 + 20 = 130 (East Africa instead of the trading
// post: 110), + 50% = 195 -> 200 (rulings 24).
TEST(SubmittedRuns, SimplifiedRevenueFromTheFirstT8) {
  const Board1947 board = WithEastAfrica();
  const GraphTurn graph_turn{Season::kIntermediate, 6, true};
  const auto trains = Trains({"T5", "T8"});
  auto best = CompanyBestRuns(Data(), Rules(), board, R("BB&CI"), graph_turn, trains);
  ASSERT_TRUE(best.ok()) << best.error().ToString();
  EXPECT_EQ(best->plan.run_revenue, 130);
  EXPECT_EQ(best->second_train, std::optional<std::string>("T5"));
  const RailwayGraph g = Graph(board, "BB&CI", graph_turn);
  const auto routes = RouteStops(g, best->plan, trains.size());
  EXPECT_TRUE(routes[0].empty());
  auto checked = CheckSubmittedRuns(Data(), Rules(), board, R("BB&CI"), trains, routes, Turn(6, Season::kIntermediate, true));
  ASSERT_TRUE(checked.ok()) << checked.error().ToString();
  EXPECT_EQ(checked->revenue.runs, 130);
  EXPECT_EQ(checked->revenue.second_train_percent, 50);
  EXPECT_EQ(checked->revenue.revenue, 200);
  auto t5 = CheckSubmittedRuns(Data(), Rules(), board, R("BB&CI"), trains, {{"D21", "E22"}}, Turn(6, Season::kIntermediate, true));
  ASSERT_FALSE(t5.ok());
  EXPECT_EQ(t5.error().key, "1947.refusal.runs.largest_train_runs");
  EXPECT_EQ(t5.error().rule, "6.14.3");
}

}  // namespace
}  // namespace mailrun::engine::t1947

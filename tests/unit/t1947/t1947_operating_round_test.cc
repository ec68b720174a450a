// 1947's operating rounds (4.2, 6.0-6.3): the operating order (4.2.1), the season (6.1), private
// revenue (3.4, 6.2), a company's steps in the text's order with the hooks of the other modules,
// and the sets of 1-3 operating rounds between stock rounds (4.0).
#include <gtest/gtest.h>

#include "engine/titles/t1947/actions.h"
#include "engine/titles/t1947/invariants.h"
#include "tests/unit/t1947/t1947_or_position.h"

namespace mailrun::engine::t1947 {
namespace {

std::vector<std::string> Names(const T1947Game& g) {
  std::vector<std::string> names;
  for (int r : g.OperatingOrder()) names.push_back(Data().railways[r].initials);
  return names;
}

// Hooks for tests of the round's structure: a run that does nothing but end the run step, no
// legal route unless `route` says so.
OperatingHooks TestHooks(bool route = false) {
  OperatingHooks hooks = DefaultOperatingHooks();
  hooks.run_trains = [](T1947Game&, int, const Action1947&) -> Status { return OkStatus(); };
  hooks.has_legal_route = [route](const T1947Game&, int) -> Result<bool> { return route; };
  return hooks;
}

Action1947 RunAction(int player) {
  Action1947 a;
  a.kind = ActionKind::kRunTrains;
  a.player = player;
  return a;
}

// Ends the operating railway's turn: every step, its trains run through the (test) hook.
void EndTurn(T1947Game& g) {
  const int president = g.ActivePlayer();
  while (g.step() != OrStep::kRunTrains) Ok(g.Done(president));
  if (g.railway(Operating(g)).trains.empty()) {
    Ok(g.Done(president));
  } else {
    Ok(Apply(g, RunAction(president)));
  }
  Ok(g.Done(president));
}

TEST(OperatingOrder, ByMarketValueThenColumnThenStack) {
  // 4.2.1: highest market value first; of equal values, the column furthest right; in one space,
  // top of the stack first, and a token entering a space goes under those already there.
  T1947Game g = StockRoundWith({{"EIR", Space(0, 100), 0, 0, {}},
                                {"GIPR", Space(2, 100), 1, 0, {}},
                                {"BB&CI", Space(1, 100), 2, 0, {}},
                                {"EBR", Space(0, 146), 3, 0, {}},
                                {"WIPR", Space(2, 100), 0, 0, {}}});
  NoteTokenMovesAfterAction(g);  // all placed at once: stacked in the companies' order (GIPR first)
  EXPECT_EQ(Names(g), (std::vector<std::string>{"EBR", "GIPR", "WIPR", "BB&CI", "EIR"}));
  g.mutable_railway("GIPR").token = Space(1, 100);  // the GIPR leaves and comes back: now under the WIPR
  NoteTokenMovesAfterAction(g);
  g.mutable_railway("GIPR").token = Space(2, 100);
  NoteTokenMovesAfterAction(g);
  EXPECT_EQ(Names(g), (std::vector<std::string>{"EBR", "WIPR", "GIPR", "BB&CI", "EIR"}));
}

TEST(OperatingRound, SeasonPrivateRevenueAndTheFirstCompany) {
  // 6.1, 6.13.1: the marker starts on the dry season and moves at the beginning of each operating
  // round; 3.4, 6.2: each private but the P9 pays its player owner Rs.10.
  T1947Game g = StockRoundWith({{"EIR", Space(0, 100), 0, 0, {}}, {"EBR", Space(0, 146), 3, 0, {}}});
  g.mutable_player(1).privates = {1, 2};
  g.mutable_player(2).privates = {9};
  const int bob = g.player(1).cash;
  const int cat = g.player(2).cash;
  EXPECT_EQ(g.season(), 0);
  g.StartOperatingRoundsForTest();
  EXPECT_EQ(g.round(), Round::kOperatingRound);
  EXPECT_EQ(Data().phases[0].ors, 1);
  EXPECT_EQ(g.operating_round(), 1);
  EXPECT_EQ(g.operating_rounds_in_set(), 1);
  EXPECT_EQ(g.season(), 1);  // monsoon
  EXPECT_EQ(g.player(1).cash, bob + 20);
  EXPECT_EQ(g.player(2).cash, cat);
  EXPECT_EQ(Operating(g), "EBR");
  EXPECT_EQ(g.ActivePlayer(), 3);
  EXPECT_EQ(g.step(), OrStep::kLayTrack);
}

TEST(OperatingRound, StepsInTheTextsOrder) {
  // 4.2, 6.3: lay track, place a station, use workers, run, buy trains; a step's own action is the
  // other modules' (a lay on no hex is refused by the track's hook), and a step once left is closed.
  T1947Game g = OperatingWith({{"EIR", Space(0, 100), 0, 500, {"T2"}}});
  Action1947 lay;
  lay.kind = ActionKind::kLayTrack;
  lay.player = 0;
  Status s = Apply(g, lay);
  EXPECT_EQ(s.error().key, "1947.refusal.track.no_such_hex");
  EXPECT_EQ(g.step(), OrStep::kLayTrack);
  EXPECT_EQ(g.Done(1).error().kind, ErrorKind::kNotYourTurn);
  Ok(g.Done(0));
  EXPECT_EQ(g.step(), OrStep::kPlaceStation);
  EXPECT_EQ(Apply(g, lay).error().key, "1947.refusal.operating.step_passed");
  Ok(g.Done(0));
  EXPECT_EQ(g.step(), OrStep::kUseWorkers);
  Ok(g.Done(0));
  EXPECT_EQ(g.step(), OrStep::kRunTrains);
  EXPECT_EQ(g.BuyTrain(0, "T2", "", 0).error().rule, "4.2");
  EXPECT_EQ(g.Done(0).error().key, "1947.refusal.operating.must_run");  // a company with trains runs them
  Action1947 nowhere = RunAction(0);
  nowhere.routes = {{"Z99", "A1"}};
  EXPECT_EQ(Apply(g, nowhere).error().key, "1947.refusal.runs.no_stop_there");  // the runs module's refusal
  EXPECT_EQ(g.step(), OrStep::kRunTrains);
  g.set_hooks(TestHooks());
  Ok(Apply(g, RunAction(0)));
  EXPECT_EQ(g.step(), OrStep::kBuyTrains);
  EXPECT_EQ(Apply(g, RunAction(0)).error().key, "1947.refusal.operating.step_passed");  // one run a turn
}

TEST(OperatingRound, ACompanyWithARouteMustOwnATrain) {
  // 6.15: once floated, unless it has no legal route, a company must own a train.
  T1947Game g = OperatingWith({{"EIR", Space(0, 100), 0, 500, {}}, {"EBR", Space(0, 90), 1, 0, {}}});
  ToBuyTrains(g);
  Result<bool> route = g.hooks().has_legal_route(g, Data().RailwayIndex("EIR"));  // 6.15 on the board
  ASSERT_TRUE(route.ok());
  EXPECT_FALSE(*route);  // a home station without track joins nothing
  g.set_hooks(TestHooks(true));
  EXPECT_EQ(g.Done(0).error().key, "1947.refusal.operating.must_own_train");
  Ok(g.BuyTrain(0, "T2", "", 0));
  Ok(g.Done(0));
  EXPECT_EQ(Operating(g), "EBR");
  g.set_hooks(TestHooks(false));
  ToBuyTrains(g);
  Ok(g.Done(1));  // no legal route: no train needed
  EXPECT_EQ(g.round(), Round::kStockRound);
}

TEST(OperatingRound, RoundsPerSetChangeOnlyAfterTheNextStockRound) {
  // 4.0: the first T3 starts phase 2 in an operating round, but the set it is in keeps its one
  // round; the set after the next stock round has two. Private revenue is paid in each round.
  T1947Game g = OperatingWith({{"EIR", Space(0, 100), 0, 1000, {}}});
  g.set_hooks(TestHooks());
  g.mutable_bank_trains()[Data().TrainIndex("T2")] = 0;
  g.mutable_player(1).privates = {3};
  const int bob = g.player(1).cash;  // the first round's Rs.10 already paid
  ToBuyTrains(g);
  Ok(g.BuyTrain(0, "T3", "", 0));
  EXPECT_EQ(g.CurrentPhase(), 2);
  Ok(g.Done(0));
  EXPECT_EQ(g.round(), Round::kStockRound);
  EXPECT_EQ(g.stock_round(), 2);
  for (int i = 0; i < 4; ++i) Ok(g.Pass(g.ActivePlayer()));
  EXPECT_EQ(g.round(), Round::kOperatingRound);
  EXPECT_EQ(g.operating_rounds_in_set(), 2);
  EXPECT_EQ(g.season(), 2);  // intermediate
  EndTurn(g);
  EXPECT_EQ(g.round(), Round::kOperatingRound);
  EXPECT_EQ(g.operating_round(), 2);
  EXPECT_EQ(g.season(), 3);  // fertile
  EXPECT_EQ(g.player(1).cash, bob + 20);
  EndTurn(g);
  EXPECT_EQ(g.round(), Round::kStockRound);
  EXPECT_EQ(g.stock_round(), 3);
}

TEST(OperatingRound, OrderFollowsTokensMovedDuringTheRound) {
  // 4.2.1 (docs/rulings.md, 1947): the next company is the one first in the order at that moment
  // among those that have not operated.
  T1947Game g = OperatingWith({{"EIR", Space(0, 146), 0, 0, {}}, {"GIPR", Space(0, 100), 1, 0, {}}, {"BB&CI", Space(0, 120), 2, 0, {}}});
  OperatingHooks hooks = TestHooks();
  hooks.use_workers = [](T1947Game& next, int, const Action1947&) -> Status {
    next.mutable_railway("GIPR").token = Space(0, 160);  // as if a market move lifted the GIPR
    return OkStatus();
  };
  g.set_hooks(hooks);
  EXPECT_EQ(Operating(g), "EIR");
  Ok(g.Done(0));
  Ok(g.Done(0));
  Action1947 workers;
  workers.kind = ActionKind::kUseWorkers;
  workers.player = 0;
  Ok(Apply(g, workers));
  EndTurn(g);
  EXPECT_EQ(Operating(g), "GIPR");
}

TEST(OperatingRound, SnapshotRoundTrip) {
  T1947Game g = OperatingWith({{"EIR", Space(0, 146), 0, 300, {}}, {"GIPR", Space(0, 100), 1, 0, {}}});
  Ok(g.Done(0));
  auto restored = RestoreSnapshot(Data(), SnapshotJson(g));
  ASSERT_TRUE(restored.ok()) << restored.error().ToString();
  EXPECT_EQ(SnapshotJson(*restored), SnapshotJson(g));
  EXPECT_EQ(restored->step(), OrStep::kPlaceStation);
  EXPECT_EQ(restored->season(), 1);
}

// The board (tiles, supply, stations, temples, sites) and the players' workers and the charters'
// stockbrokers survive a snapshot; a snapshot naming a hex off the 1947 map is refused.
TEST(OperatingRound, SnapshotKeepsTheBoard) {
  T1947Game g = OperatingWith({{"EIR", Space(0, 146), 0, 300, {}}, {"GIPR", Space(0, 100), 1, 0, {}}});
  Board1947& b = g.mutable_board();
  b.board.tiles.Set(Hex("G8"), PlacedTile{"6M", 2});
  --b.board.supply["6M"];
  b.stations[Data().RailwayIndex("GIPR")].push_back(Base{Hex("G8"), 0});
  b.temple_connected[Data().RailwayIndex("GIPR")] = true;
  b.site_workers[3] = 0;
  b.sites_reached[Data().RailwayIndex("EIR")][3] = true;
  g.mutable_player(2).workers = 3;
  g.mutable_railway("EIR").stockbrokers = 1;
  const std::string json = SnapshotJson(g);
  auto restored = RestoreSnapshot(Data(), json);
  ASSERT_TRUE(restored.ok()) << restored.error().ToString();
  EXPECT_EQ(SnapshotJson(*restored), json);
  const Board1947& r = restored->board();
  ASSERT_EQ(r.board.tiles.count(Hex("G8")), 1u);
  EXPECT_EQ(r.board.tiles.at(Hex("G8")), (PlacedTile{"6M", 2}));
  EXPECT_EQ(r.board.supply.at("6M"), g.board().board.supply.at("6M"));
  EXPECT_EQ(r.board.supply.at("6M"), Board1947::Start(Data()).board.supply.at("6M") - 1);
  EXPECT_EQ(r.StationsAt(Hex("G8")), std::vector<int>{Data().RailwayIndex("GIPR")});
  EXPECT_TRUE(r.temple_connected[Data().RailwayIndex("GIPR")]);
  EXPECT_FALSE(r.temple_connected[Data().RailwayIndex("EIR")]);
  EXPECT_EQ(r.site_workers[3], 0);
  EXPECT_EQ(r.site_workers[2], Data().sites[2].workers);
  EXPECT_TRUE(r.sites_reached[Data().RailwayIndex("EIR")][3]);
  EXPECT_EQ(restored->player(2).workers, 3);
  EXPECT_EQ(restored->railway("EIR").stockbrokers, 1);
  std::string off_map = json;
  off_map.replace(off_map.find("\"G8\""), 4, "\"Z99\"");
  auto refused = RestoreSnapshot(Data(), off_map);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().key, "1947.refusal.snapshot.bad_1947_snapshot");
}

}  // namespace
}  // namespace mailrun::engine::t1947

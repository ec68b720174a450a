// The end of a 1947 game (7.0): a company at the market's end value, a forced train purchase and
// bankruptcy (6.15.5).
#include <gtest/gtest.h>

#include "engine/titles/t1947/actions.h"
#include "tests/unit/t1947/t1947_or_position.h"

namespace mailrun::engine::t1947 {
namespace {

OperatingHooks RouteHooks(bool route) {
  OperatingHooks hooks = DefaultOperatingHooks();
  hooks.has_legal_route = [route](const T1947Game&, int) -> Result<bool> { return route; };
  return hooks;
}

TEST(Section7, TheMarketsEndAfterAStockRoundEndsTheGameAtOnce) {
  // 7.0 (1): reached at the end of a stock round, no operating round follows.
  T1947Game g = StockRoundWith({{"EIR", Space(0, 500), 0, 0, {}}});
  EXPECT_EQ(Data().market.end_value, 500);
  for (int i = 0; i < 4; ++i) Ok(g.Pass(g.ActivePlayer()));
  EXPECT_TRUE(g.finished());
  EXPECT_NE(g.end_reason().find("7.0"), std::string::npos);
  EXPECT_EQ(g.ActivePlayer(), -1);
  Action1947 pass;
  pass.kind = ActionKind::kPass;
  Status s = Apply(g, pass);
  EXPECT_EQ(s.error().rule, "7.0");
  EXPECT_EQ(s.error().key, "1947.refusal.end.game_over");
}

TEST(Section7, TheMarketsEndInAnOperatingRoundLetsTheOthersOperate) {
  // 7.0 (1): the game ends at the end of that operating round; the companies that have not
  // operated still do.
  T1947Game g = OperatingWith({{"EIR", Space(0, 450), 0, 0, {}}, {"GIPR", Space(0, 100), 1, 0, {}}});
  OperatingHooks hooks = RouteHooks(false);
  hooks.use_workers = [](T1947Game& next, int, const Action1947&) -> Status {
    next.mutable_railway("EIR").token = Space(0, 500);  // as a dividend's move would
    return OkStatus();
  };
  g.set_hooks(hooks);
  Ok(g.Done(0));
  Ok(g.Done(0));
  Action1947 workers;
  workers.kind = ActionKind::kUseWorkers;
  Ok(Apply(g, workers));
  EXPECT_TRUE(g.ends_after_round());
  EXPECT_FALSE(g.finished());
  ToBuyTrains(g);
  Ok(g.Done(0));
  EXPECT_EQ(Operating(g), "GIPR");
  ToBuyTrains(g);
  Ok(g.Done(1));
  EXPECT_TRUE(g.finished());
  EXPECT_EQ(g.round(), Round::kOperatingRound);
}

TEST(Section6, ForcedPurchaseThePresidentPaysTheDifference) {
  // 6.15.5: the treasury pays all it has, the president the rest, for the cheapest train.
  T1947Game g = OperatingWith({{"EIR", Space(0, 146), 0, 50, {}}});
  g.set_hooks(RouteHooks(true));
  ToBuyTrains(g);
  const int cash = g.player(0).cash;
  EXPECT_EQ(g.CheapestTrain(), 80);
  EXPECT_EQ(g.DeclareBankruptcy(0).error().key, "1947.refusal.end.can_pay_cheapest");
  Ok(g.BuyTrain(0, "T2", "", 0));
  EXPECT_EQ(g.railway("EIR").treasury, 0);
  EXPECT_EQ(g.player(0).cash, cash - 30);
  EXPECT_EQ(g.railway("EIR").trains, (std::vector<std::string>{"T2"}));
}

TEST(Section6, NoForcedPurchaseWithoutARouteOrWithATrain) {
  T1947Game g = OperatingWith({{"EIR", Space(0, 146), 0, 50, {}}});
  g.set_hooks(RouteHooks(false));
  ToBuyTrains(g);
  EXPECT_EQ(g.BuyTrain(0, "T2", "", 0).error().rule, "6.3");  // no credit when nothing obliges it
  EXPECT_EQ(g.DeclareBankruptcy(0).error().key, "1947.refusal.end.no_forced_purchase");
}

TEST(Section6, BankruptcyEndsTheGame) {
  // 6.15.5: a president who cannot make up the price of the cheapest train is bankrupt; 7.0 (2).
  T1947Game g = OperatingWith({{"EIR", Space(0, 146), 0, 50, {}}});
  g.set_hooks(RouteHooks(true));
  ToBuyTrains(g);
  g.mutable_player(0).cash = 29;
  // Ann holds only the EIR's president's certificate: no share is left she may sell (ruling 49).
  g.mutable_shares().Set(ShareHolder::Player(0), Data().RailwayIndex("EIR"), 2);
  g.mutable_shares().Add(ShareHolder::Bank(), Data().RailwayIndex("EIR"), 4);
  Status s = g.BuyTrain(0, "T2", "", 0);
  EXPECT_EQ(s.error().key, "1947.refusal.trains.forced_purchase_short");
  EXPECT_EQ(s.error().rule, "6.15.5");
  EXPECT_EQ(g.Done(0).error().key, "1947.refusal.operating.must_own_train");
  std::vector<Action1947> legal = LegalActions(g, 0);
  EXPECT_TRUE(std::any_of(legal.begin(), legal.end(), [](const Action1947& a) { return a.kind == ActionKind::kDeclareBankruptcy; }));
  Ok(g.DeclareBankruptcy(0));
  EXPECT_TRUE(g.finished());
  EXPECT_NE(g.end_reason().find("Ann went bankrupt"), std::string::npos);
  auto restored = RestoreSnapshot(Data(), SnapshotJson(g));
  ASSERT_TRUE(restored.ok());
  EXPECT_TRUE(restored->finished());
  EXPECT_EQ(restored->end_reason(), g.end_reason());
}

TEST(Section6, ForcedPurchaseSalesComeBeforeBankruptcy) {
  // 6.15.5: short of the cheapest train, the president sells shares and bonds to make up the
  // difference; the tokens move; only with nothing left to sell is she bankrupt (ruling 49).
  T1947Game g = OperatingWith({{"EIR", Space(0, 146), 0, 50, {}}, {"GIPR", Space(0, 100), 1, 0, {}}});
  g.set_hooks(RouteHooks(true));
  const int gipr = Data().RailwayIndex("GIPR");
  g.mutable_shares().Set(ShareHolder::Player(0), gipr, 2);  // Bob presides with 6
  g.mutable_shares().Remove(ShareHolder::Bank(), gipr, 2);
  ToBuyTrains(g);
  ASSERT_EQ(g.operating_railway(), Data().RailwayIndex("EIR"));
  g.mutable_player(0).cash = 10;  // Rs.50 + Rs.10 against the T2's Rs.80
  EXPECT_TRUE(g.ForcedSaleDue());
  const Status early = g.DeclareBankruptcy(0);
  EXPECT_EQ(early.error().key, "1947.refusal.end.sell_first");
  std::vector<Action1947> legal = LegalActions(g, 0);
  EXPECT_TRUE(std::any_of(legal.begin(), legal.end(), [](const Action1947& a) { return a.kind == ActionKind::kSell && a.railway == "GIPR" && a.amount == 1; }));
  // Five of her six EIR shares would leave her less than the operating railway's president's
  // certificate: refused.
  EXPECT_EQ(g.ForcedSale(0, "EIR", 5, false).error().key, "1947.refusal.forced_sale.presidency");
  const MarketCell before = g.railway("GIPR").token;
  Ok(g.ForcedSale(0, "GIPR", 1, false));
  EXPECT_EQ(g.player(0).cash, 10 + 100);
  EXPECT_EQ(g.shares().InPool(gipr), 1);
  EXPECT_EQ(g.railway("GIPR").token.row, before.row + 1);  // 5.5: a row down per share
  EXPECT_FALSE(g.ForcedSaleDue());
  EXPECT_EQ(g.ForcedSale(0, "GIPR", 1, false).error().key, "1947.refusal.forced_sale.not_short");
  Ok(g.BuyTrain(0, "T2", "", 0));
  EXPECT_EQ(g.player(0).cash, 110 - 30);
}

}  // namespace
}  // namespace mailrun::engine::t1947

// The 1947 legal-action list and the revenue split of 5.6.1's examples.
#include <algorithm>
#include <gtest/gtest.h>

#include "engine/titles/t1947/t1947_actions.h"
#include "engine/titles/t1947/t1947_dividends.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {
namespace {

TEST(Dividends, SavingsExampleOne) {
  // 5.6.1 example 1: Anna's two savings shares of A receive 10% of the revenue either way; if A
  // withholds, its treasury receives 80%.
  DividendSplit paid = SplitRevenue(200, {{6, 0}, {0, 2}}, 2, true);
  EXPECT_EQ(paid.to_players[1], 20);
  DividendSplit kept = SplitRevenue(200, {{8, 0}, {0, 2}}, 0, false);
  EXPECT_EQ(kept.to_players[1], 20);
  EXPECT_EQ(kept.to_players[0], 0);
  EXPECT_EQ(kept.to_treasury, 160);
}

TEST(Dividends, SavingsExampleTwo) {
  // 5.6.1 example 2: Paolo's 4 savings (40%), Ricardo 60% ordinary, paid out: Ricardo 60%, Paolo
  // 20%, the other 20% lost to the bank.
  DividendSplit split = SplitRevenue(100, {{6, 0}, {0, 4}}, 0, true);
  EXPECT_EQ(split.to_players[0], 60);
  EXPECT_EQ(split.to_players[1], 20);
  EXPECT_EQ(split.to_treasury, 0);
  EXPECT_EQ(split.to_bank, 20);
}

TEST(Dividends, PayoutExampleOf6_14_2) {
  // Emily 40% president, Paul 20% savings, Anna 10%, 20% in the bank pool, 10% in the initial
  // offer; Rs.130 paid out: Emily 52, Paul 13, Anna 13, treasury 26, 13 stays with the bank.
  DividendSplit split = SplitRevenue(130, {{4, 0}, {0, 2}, {1, 0}}, 2, true);
  EXPECT_EQ(split.to_players, (std::vector<int>{52, 13, 13}));
  EXPECT_EQ(split.to_treasury, 26);
  EXPECT_EQ(split.to_bank, 13 + 13);  // the initial offer's share and the savings' other half
}

bool Has(const std::vector<Action1947>& legal, ActionKind kind, const std::string& railway = "", int amount = -1) {
  return std::any_of(legal.begin(), legal.end(), [&](const Action1947& a) {
    return a.kind == kind && (railway.empty() || a.railway == railway) && (amount < 0 || a.amount == amount);
  });
}

TEST(LegalActions, AuctionAndStockRound) {
  auto g = T1947Game::Setup(Data(), {"Paul", "Robert", "Emily", "Anna"}, {2, 4, 1, 3}, {"ABR", "PRC"});
  ASSERT_TRUE(g.ok());
  auto emily = LegalActions(*g, 2);
  ASSERT_EQ(emily.size(), 2u);
  EXPECT_TRUE(Has(emily, ActionKind::kBid, "", 10));
  EXPECT_TRUE(Has(emily, ActionKind::kPassBid));
  EXPECT_TRUE(LegalActions(*g, 0).empty());  // not Paul's move
  // Into the stock round: everyone passes twice on P1-P9 (removed); the BNR's certificate is in the IO.
  for (int i = 0; i < 9 * 8; ++i) ASSERT_TRUE(g->PassBid(g->ActivePlayer()).ok());
  ASSERT_EQ(g->round(), Round::kStockRound);
  int first = g->ActivePlayer();
  auto legal = LegalActions(*g, first);
  EXPECT_TRUE(Has(legal, ActionKind::kBuyPresident, "BNR", 100));  // the P9 was removed (3.2)
  EXPECT_TRUE(Has(legal, ActionKind::kBuyPresident, "PRC", 66));
  EXPECT_FALSE(Has(legal, ActionKind::kBuyPresident, "PRC", 110));  // not a yellow par
  EXPECT_FALSE(Has(legal, ActionKind::kBuyShare, "PRC"));           // the pool share waits for the par
  EXPECT_FALSE(Has(legal, ActionKind::kSell));                       // first stock round
  EXPECT_FALSE(Has(legal, ActionKind::kDone));
  EXPECT_TRUE(Has(legal, ActionKind::kPass));
  for (const Action1947& a : legal) {
    T1947Game copy = *g;
    EXPECT_TRUE(Apply(copy, a).ok()) << Describe(*g, a);
  }
  // 5.2.3 with the P9 removed: the BNR's buyer pays 3 x par into its treasury and it operates.
  ASSERT_TRUE(g->Buy(first, "BNR", false, 90).ok());
  EXPECT_EQ(g->railway("BNR").treasury, 270);
  EXPECT_TRUE(g->railway("BNR").operational);
  EXPECT_EQ(Describe(*g, Action1947{ActionKind::kBuyShare, 0, "PRC", 0, true, false, false}),
            "Paul: buy a 10% ordinary share of PRC from the bank pool");
}

}  // namespace
}  // namespace mailrun::engine::t1947

#include "engine/titles/t1947/t1947_snapshot.h"

namespace mailrun::engine::t1947 {
namespace {

TEST(Snapshot, RoundTripsMidAuctionAndMidStockRound) {
  auto g = T1947Game::Setup(Data(), {"Paul", "Robert", "Emily", "Anna"}, {2, 4, 1, 3}, {"ABR", "PRC"});
  ASSERT_TRUE(g.ok());
  ASSERT_TRUE(g->Bid(2, 30).ok());
  for (const T1947Game* game : {&*g}) {
    auto back = RestoreSnapshot(Data(), SnapshotJson(*game));
    ASSERT_TRUE(back.ok()) << back.error().ToString();
    EXPECT_EQ(SnapshotJson(*back), SnapshotJson(*game));
    EXPECT_EQ(back->high_bid(), 30);
    EXPECT_EQ(back->ActivePlayer(), game->ActivePlayer());
  }
  while (g->round() != Round::kStockRound) {
    int p = g->ActivePlayer();
    if (g->round() == Round::kBnrPar) {
      ASSERT_TRUE(g->SetBnrPar(p, 100).ok());
    } else {
      ASSERT_TRUE((g->high_bidder() < 0 && p == 2 ? g->Bid(p, 10) : g->PassBid(p)).ok());
    }
  }
  ASSERT_EQ(g->round(), Round::kStockRound);
  ASSERT_TRUE(g->Buy(g->ActivePlayer(), "EIR", false, 72).ok());
  auto back = RestoreSnapshot(Data(), SnapshotJson(*g));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(SnapshotJson(*back), SnapshotJson(*g));
  EXPECT_EQ(back->MarketValue("EIR"), 72);
  EXPECT_EQ(RestoreSnapshot(Data(), "{}").error().kind, ErrorKind::kMalformed);
}

}  // namespace
}  // namespace mailrun::engine::t1947

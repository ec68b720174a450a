// The 1947 legal-action list and the revenue split of 5.6.1's examples.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/titles/game.h"
#include "engine/titles/t1947/actions.h"
#include "engine/titles/t1947/proto.h"
#include "engine/titles/t1947/rules/dividends.h"
#include "tests/unit/t1947/t1947_or_position.h"
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
    EXPECT_TRUE(Apply(copy, a).ok()) << Describe(*g, a).text;
  }
  // 5.2.3 with the P9 removed: the BNR's buyer pays 3 x par into its treasury and it operates.
  ASSERT_TRUE(g->Buy(first, "BNR", false, 90).ok());
  EXPECT_EQ(g->railway("BNR").treasury, 270);
  EXPECT_TRUE(g->railway("BNR").operational);
  EXPECT_EQ(Describe(*g, Action1947{ActionKind::kBuyShare, 0, "PRC", 0, true, false, false, "", "", "", "", 0, {}, {}, 0, {}, "", TokenAdvance::kDecline, {}, {}}).text,
            "Paul: buy a 10% ordinary share of PRC from the bank pool");
}

}  // namespace
}  // namespace mailrun::engine::t1947

namespace mailrun::engine::t1947 {
namespace {

TEST(Proto, ActionsRoundTrip) {
  auto g = T1947Game::Setup(Data(), {"Paul", "Robert", "Emily", "Anna"}, {2, 4, 1, 3}, {"ABR", "PRC"});
  ASSERT_TRUE(g.ok());
  for (const Action1947& a : LegalActions(*g, 2)) {
    auto back = FromProto(*g, ToProto(a));
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(back->kind, a.kind);
    EXPECT_EQ(back->amount, a.amount);
  }
  mailrun::v1::Action lay;
  lay.mutable_lay_tile()->set_hex("D21");
  EXPECT_EQ(FromProto(*g, lay).error().kind, ErrorKind::kMalformed);
  auto view = BuildView(*g);
  EXPECT_EQ(view.round(), "private auction");
  EXPECT_TRUE(view.map_reconstructed());
  EXPECT_EQ(view.auction().private_number(), 1);
  EXPECT_EQ(view.players(2).player_order_card(), 1);
  EXPECT_EQ(view.railways_size(), 11);
  EXPECT_EQ(view.railways(Data().RailwayIndex("PRC")).bank_pool_percent(), 10);
  // All privates removed, everyone passes the stock round: with no railway floated the operating
  // round has nobody to operate and the second stock round begins (4.0, 6.3).
  for (int i = 0; i < 9 * 8; ++i) ASSERT_TRUE(g->PassBid(g->ActivePlayer()).ok());
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(g->Pass(g->ActivePlayer()).ok());
  EXPECT_EQ(g->round(), Round::kStockRound);
  EXPECT_EQ(g->stock_round(), 2);
  // With a railway floated the operating round waits for its president: the view says who
  // operates and at which step, and every legal action of the operating round goes through the
  // API's messages and back unchanged.
  *g = OperatingWith({{"EIR", MarketCell{0, 1}, 0, 500, {}}, {"GIPR", MarketCell{0, 0}, 2, 0, {}}});
  ASSERT_EQ(g->round(), Round::kOperatingRound);
  view = BuildView(*g);
  EXPECT_FALSE(view.paused_at_operating_round());
  EXPECT_EQ(view.round(), "operating round");
  EXPECT_EQ(view.operating().railway(), "EIR");
  EXPECT_EQ(view.operating().step(), "lay track");
  EXPECT_EQ(view.operating().number_in_set(), 1);
  ASSERT_EQ(view.operating().operating_order_size(), 1);  // 4.2.1: the higher value first
  EXPECT_EQ(view.operating().operating_order(0), "GIPR");
  EXPECT_EQ(view.sites_size(), static_cast<int>(Data().sites.size()));
  EXPECT_TRUE(LegalActions(*g, 1).empty());
  const std::vector<Action1947> operating = LegalActions(*g, 0);  // the EIR's president
  ASSERT_FALSE(operating.empty());
  std::set<ActionKind> kinds;
  for (const Action1947& a : operating) {
    kinds.insert(a.kind);
    auto back = FromProto(*g, ToProto(a));
    ASSERT_TRUE(back.ok()) << Describe(*g, a).text;
    EXPECT_EQ(back->kind, a.kind);
    EXPECT_EQ(back->hex, a.hex);
    EXPECT_EQ(back->tile, a.tile);
    EXPECT_EQ(back->rotation, a.rotation);
    EXPECT_EQ(back->amount, a.amount);
    EXPECT_EQ(back->worker_use, a.worker_use);
    EXPECT_EQ(back->routes, a.routes);
    EXPECT_EQ(back->yes, a.yes);
  }
  EXPECT_TRUE(kinds.count(ActionKind::kLayTrack)) << "6.4: the home city's track is offered";
  mailrun::v1::Action workers;
  workers.mutable_use_workers_1947();
  EXPECT_EQ(FromProto(*g, workers).error().key, "1947.refusal.proto.worker_use");
}

// Through the title, as the services see it: the view's round kind (RoundKind) and each player's
// wealth (7.0) from the auction to the pause at the first operating round.
TEST(TitleView, NamesTheRoundAndCountsWealth) {
  mailrun::v1::GameConfig config;
  config.set_title(mailrun::v1::TITLE_1947);
  for (const char* name : {"Paul", "Robert", "Emily", "Anna"}) config.add_players()->set_display_name(name);
  auto game = mailrun::engine::Game::Create(config);
  ASSERT_TRUE(game.ok()) << game.error().ToString();
  auto view = game->View(-1);
  EXPECT_EQ(view.round().kind(), mailrun::v1::ROUND_PRIVATE_AUCTION);
  EXPECT_EQ(view.round().number(), 0);
  for (const auto& p : view.players()) EXPECT_EQ(p.wealth(), 600) << p.display_name();  // 2.3: Rs.600 each
  // The first bidder takes the P1 for the smallest bid; the others pass.
  const int buyer = game->ActiveSeats().at(0);
  int price = 0;
  for (const auto& legal : game->LegalActions(buyer)) {
    if (!legal.action().has_bid_private_1947()) continue;
    price = legal.action().bid_private_1947().amount();
    ASSERT_TRUE(game->Apply(legal.action()).ok());
    break;
  }
  ASSERT_GT(price, 0);
  auto act = [&](auto set) {
    mailrun::v1::Action a;
    a.set_seat(game->ActiveSeats().at(0));
    set(a);
    auto applied = game->Apply(a);
    ASSERT_TRUE(applied.ok()) << applied.error().ToString();
  };
  while (game->View(-1).game_1947().auction().private_number() == 1) act([](auto& a) { a.mutable_pass_private_1947(); });
  view = game->View(-1);
  EXPECT_EQ(view.players(buyer).cash(), 600 - price);
  EXPECT_EQ(view.players(buyer).wealth(), 600 - price);  // the P1 adds nothing (7.0)
  while (game->View(-1).round().kind() == mailrun::v1::ROUND_PRIVATE_AUCTION) act([](auto& a) { a.mutable_pass_private_1947(); });
  view = game->View(-1);
  EXPECT_EQ(view.round().kind(), mailrun::v1::ROUND_STOCK);
  EXPECT_EQ(view.round().number(), 1);
  EXPECT_EQ(view.round().description(), "Stock Round 1");
  // Everybody passes: nobody floated, so the operating round pays the P1's Rs.10 (3.4, 6.2) and
  // the second stock round begins.
  for (int i = 0; i < 4; ++i) act([](auto& a) { a.mutable_pass_turn_1947(); });
  view = game->View(-1);
  EXPECT_EQ(view.round().kind(), mailrun::v1::ROUND_STOCK);
  EXPECT_EQ(view.round().number(), 2);
  EXPECT_EQ(view.players(buyer).cash(), 600 - price + 10);
}

}  // namespace
}  // namespace mailrun::engine::t1947

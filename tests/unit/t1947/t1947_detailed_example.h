// The detailed example of 8.0 for the 1947 tests: Paul, Robert, Emily and Anna, the private
// auction and the first stock round played as the text plays them (the figures are checked in
// t1947_opening_test.cc), so that later tests start from the first operating round.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "engine/titles/t1947/game.h"
#include "tests/unit/t1947/t1947_or_position.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {

// 8.0: Paul, Robert, Emily and Anna; ABR and PRC shares drawn; order Emily, Paul, Anna, Robert.
constexpr int kPaul = 0, kRobert = 1, kEmily = 2, kAnna = 3;

inline T1947Game DetailedExample() {
  auto g = T1947Game::Setup(Data(), {"Paul", "Robert", "Emily", "Anna"}, {2, 4, 1, 3}, {"ABR", "PRC"});
  EXPECT_TRUE(g.ok()) << g.error().ToString();
  return *g;
}

inline void PlayAuction(T1947Game& g) {
  // P1: Emily 10, Paul 20, Anna 30, Robert 40, Emily 50, Paul and Anna pass, Robert 60, Emily 70.
  Ok(g.Bid(kEmily, 10)); Ok(g.Bid(kPaul, 20)); Ok(g.Bid(kAnna, 30)); Ok(g.Bid(kRobert, 40)); Ok(g.Bid(kEmily, 50));
  Ok(g.PassBid(kPaul)); Ok(g.PassBid(kAnna)); Ok(g.Bid(kRobert, 60)); Ok(g.Bid(kEmily, 70)); Ok(g.PassBid(kRobert));
  // P2 opens with Paul. The text skips Anna's turn after Paul's 40 (docs/rulings.md, 1947 ruling 5).
  Ok(g.Bid(kPaul, 10)); Ok(g.Bid(kAnna, 20)); Ok(g.Bid(kRobert, 30)); Ok(g.PassBid(kEmily)); Ok(g.Bid(kPaul, 40));
  Ok(g.Bid(kAnna, 50)); Ok(g.PassBid(kRobert)); Ok(g.Bid(kPaul, 70)); Ok(g.PassBid(kAnna));
  // P3 opens with Anna: Anna 10, Robert 20, Emily and Paul pass, Anna 30, Robert passes.
  Ok(g.Bid(kAnna, 10)); Ok(g.Bid(kRobert, 20)); Ok(g.PassBid(kEmily)); Ok(g.PassBid(kPaul)); Ok(g.Bid(kAnna, 30));
  Ok(g.PassBid(kRobert));
  // P4 Anna 60, P5 Anna 80, P6 Robert 70, P7 Emily 120, P8 Robert 100, P9 Paul 210 (the others pass).
  auto sell = [&](int winner, int price) {
    int number = g.auction_private();
    while (g.round() == Round::kAuction && g.auction_private() == number) {
      int p = g.ActivePlayer();
      if (p == winner) Ok(g.Bid(p, price)); else Ok(g.PassBid(p));
    }
  };
  for (auto [winner, price] : {std::pair{kAnna, 60}, {kAnna, 80}, {kRobert, 70}, {kEmily, 120}, {kRobert, 100}, {kPaul, 210}}) {
    int number = g.auction_private();
    sell(winner, price);
    EXPECT_EQ(g.hammer_price(number), price) << "P" << number;
  }
  ASSERT_EQ(g.round(), Round::kBnrPar);
  EXPECT_FALSE(g.SetBnrPar(kPaul, 110).ok());  // 5.2: yellow band in phase 1
  Ok(g.SetBnrPar(kPaul, 100));
}

// 8.0's first stock round, its purchases and passes only, ending in the first operating round.
// Each purchase notes the market's stacks as Apply does (4.2.1: the PRC's token reaches 66 before
// the BB&CI's and operates first).
inline void PlayFirstStockRound(T1947Game& g) {
  auto buy = [&g](int player, const std::string& railway, int par = 0) {
    Ok(g.Buy(player, railway, false, par));
    NoteTokenMovesAfterAction(g);
  };
  buy(kPaul, "BNR");
  buy(kAnna, "PRC", 66);
  buy(kRobert, "ABR", 80);
  buy(kEmily, "BB&CI", 66);
  for (int turn = 0; turn < 2; ++turn) {
    buy(kPaul, "BNR"); buy(kAnna, "PRC"); buy(kRobert, "ABR"); buy(kEmily, "BB&CI");
  }
  Ok(g.Pass(kPaul)); buy(kAnna, "PRC"); buy(kRobert, "ABR"); buy(kEmily, "BB&CI");
  Ok(g.Pass(kPaul)); Ok(g.Pass(kAnna)); Ok(g.Pass(kRobert)); buy(kEmily, "BB&CI");
  Ok(g.Pass(kPaul)); buy(kAnna, "BB&CI"); Ok(g.Pass(kRobert)); Ok(g.Pass(kEmily));
  Ok(g.Pass(kPaul)); Ok(g.Pass(kAnna));
}

}  // namespace mailrun::engine::t1947

// 1947's data and opening: the loader's checks, the private auction (3.2), the player order cards
// (3.6, 3.7, 5.12.1), stock round purchases and floating (5.2, 5.3, 5.8), and the detailed example
// of 8.0 played action by action up to the end of its first stock round.
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>

#include "engine/titles/t1947/game.h"
#include "engine/titles/t1947/proto.h"
#include "tests/unit/t1947/t1947_detailed_example.h"
#include "tests/unit/t1947/t1947_test_data.h"

namespace mailrun::engine::t1947 {
namespace {


std::string Replace(std::string text, const std::string& from, const std::string& to) {
  size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

std::string LoadError(const std::string& file, const std::string& from, const std::string& to) {
  auto files = DataFiles();
  files[file] = Replace(files[file], from, to);
  auto parsed = ParseT1947Data(files);
  EXPECT_FALSE(parsed.ok());
  return parsed.ok() ? "" : parsed.error().message;
}

TEST(Data, LoadsAndSaysTheMapIsAReconstruction) {
  const T1947Data& d = Data();
  ASSERT_EQ(d.railways.size(), 11u);
  EXPECT_EQ(d.Railway("BNR")->president_percent, 30);
  EXPECT_TRUE(d.Railway("BNR")->incremental);
  EXPECT_EQ(d.Railway("BB&CI")->home, "D21");
  EXPECT_EQ(d.Railway("SIR")->temple, "J25");
  ASSERT_EQ(d.privates.size(), 9u);
  EXPECT_EQ(d.privates[8].revenue, 0);  // 3.1.1
  EXPECT_EQ(d.player_counts.at(3).starting_cash, 800);
  EXPECT_EQ(d.player_counts.at(6).certificate_limit, 13);
  EXPECT_TRUE(d.map_reconstructed);
  EXPECT_NE(d.map_summary.find("reconstruction"), std::string::npos);
}

TEST(Data, TrainsAndThePhasesThatRustThem) {
  // Appendix 3: T2-T12 with their prices and counts; buying the first T4 rusts the T2s (6.15.5).
  const T1947Data& d = Data();
  ASSERT_EQ(d.trains.size(), 8u);
  EXPECT_EQ(d.trains[0].name, "T2");
  EXPECT_EQ(d.trains[0].price, 80);
  EXPECT_EQ(d.trains[0].count, 7);
  EXPECT_EQ(d.trains[0].rusts_in_phase, 3);  // T4 starts phase 3
  EXPECT_EQ(d.trains[3].rusts_in_phase, 8);  // T5 rusted by the T12
  EXPECT_EQ(d.trains[4].rusts_in_phase, std::nullopt);
  EXPECT_EQ(PhaseStartedBy(d.phases, 2, "T4"), 3);
  EXPECT_EQ(PhaseStartedBy(d.phases, 1, "T2"), std::nullopt);  // the T2 is on sale from the start
  EXPECT_EQ(TrainLimit(d.phases, 3), 3);
}

TEST(Data, TheRedLineExampleOf5_11_1HoldsOnTheMarket) {
  // A token on 130 just left of the red line: the space right of it is across the line and worth
  // more than 120 and at most 170 (a dividend of 170 crosses, one of 120 does not).
  const MarketDef& m = Data().market;
  bool found = false;
  for (int row = 0; row < static_cast<int>(m.rows.size()); ++row) {
    MarketCell c{row, m.red_line[row] - 1};
    MarketCell right{row, m.red_line[row]};
    if (m.Value(c) == 130 && m.Exists(right)) {
      found = true;
      EXPECT_TRUE(m.RightOfLine(right));
      EXPECT_GT(m.Value(right), 120);
      EXPECT_LE(m.Value(right), 170);
    }
  }
  EXPECT_TRUE(found);
}

TEST(Data, RefusesBadDataNamingFileEntryAndProblem) {
  EXPECT_EQ(LoadError("companies.json", "\"home\": \"S14\"", "\"home\": \"A1\""),
            "t1947/companies.json: company \"ABR\": field \"home\": hex A1 is not on the map");
  EXPECT_NE(LoadError("map.json", "{\"hex\": \"B13\",", "{\"hex\": \"B11\",").find("hex \"B11\""), std::string::npos);
  EXPECT_NE(LoadError("map.json", "{\"hex\": \"B13\",", "{\"hex\": \"B12\",").find("not a hex of the 1947 grid"), std::string::npos);
  EXPECT_NE(LoadError("market.json", "\"red_line\": [8, 8,", "\"red_line\": [8,").find("red_line"), std::string::npos);
  EXPECT_NE(LoadError("trains.json", "\"par_band\": \"yellow\"", "\"par_band\": \"purple\"").find("phase 1"), std::string::npos);
  EXPECT_EQ(LoadError("trains.json", "\"rusted_by\": \"T4\"", "\"rusted_by\": \"T9\""),
            "t1947/trains.json: train \"T2\": field \"rusted_by\": no phase is introduced by that train");
  EXPECT_NE(LoadError("privates.json", "\"kind\": \"free_terrain\"", "\"knid\": \"free_terrain\"").find("knid"), std::string::npos);
  auto files = DataFiles();
  files.erase("rules.json");
  EXPECT_EQ(ParseT1947Data(files).error().message, "t1947/rules.json: the file is missing");
}

TEST(Data, MapChecks) {
  EXPECT_EQ(Data().map_hexes, 164);
  EXPECT_EQ(Data().expatriation_sites, 11);
  EXPECT_EQ(Data().tile_count, 270);
  EXPECT_NE(LoadError("manifest.json", "\"57M\": 12", "\"57M\": 2").find("these add up to 260"), std::string::npos);
  auto files = DataFiles();
  files["manifest.json"] = Replace(Replace(files["manifest.json"], "\"57M\": 12", "\"57M\": 2"), "\"9\": 34", "\"9\": 44");
  auto parsed = ParseT1947Data(files);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().message, "t1947/manifest.json: counts: the monsoon zone has 25 cities but 15 yellow city tiles");
  EXPECT_NE(LoadError("manifest.json", "\"5\": [\"12\"", "\"5\": [\"12M\"").find("other climate zone"), std::string::npos);
  EXPECT_NE(LoadError("map.json", "\"trading_posts\": [\"SW\"], \"dead_ends\": [\"NW\"]", "\"trading_posts\": [\"SE\"], \"dead_ends\": [\"NW\"]")
                .find("edge SE faces hex E22"),
            std::string::npos);
  EXPECT_NE(LoadError("map.json", "{\"name\": \"Persia\", \"hex\": \"B11\", \"edge\": \"NW\", \"workers\": 1}",
                      "{\"name\": \"Persia\", \"hex\": \"B11\", \"edge\": \"NW\", \"workers\": 3}")
                .find("expatriation site \"Persia\""),
            std::string::npos);
}

TEST(DetailedExample, AuctionHammerPricesCashOrderAndBnrTreasury) {
  T1947Game g = DetailedExample();
  PlayAuction(g);
  EXPECT_EQ(g.hammer_price(1), 70);
  EXPECT_EQ(g.hammer_price(2), 70);
  EXPECT_EQ(g.hammer_price(3), 30);
  EXPECT_EQ(g.private_owner(1), kEmily);
  EXPECT_EQ(g.private_owner(7), kEmily);
  EXPECT_EQ(g.private_owner(9), -1);  // the P9 is discarded (3.1)
  // The table after the auction: certificates (wealth) 2, 4, 3, 2; cash 410, 320, 430, 430.
  EXPECT_EQ(g.WealthPoints(kEmily), 2);
  EXPECT_EQ(g.WealthPoints(kPaul), 4);
  EXPECT_EQ(g.WealthPoints(kAnna), 3);
  EXPECT_EQ(g.WealthPoints(kRobert), 2);
  EXPECT_EQ(g.player(kEmily).cash, 410);
  EXPECT_EQ(g.player(kPaul).cash, 320);
  EXPECT_EQ(g.player(kAnna).cash, 430);
  EXPECT_EQ(g.player(kRobert).cash, 430);
  // 3.7: richest first: Paul 1, Anna 2, Robert 3, Emily 4 (Robert beats Emily on cash).
  EXPECT_EQ(g.order(), (std::vector<int>{kPaul, kAnna, kRobert, kEmily}));
  EXPECT_EQ(g.round(), Round::kStockRound);
  EXPECT_TRUE(g.railway("BNR").operational);
  EXPECT_EQ(g.railway("BNR").treasury, 300);
  EXPECT_EQ(g.MarketValue("BNR"), 100);
}

TEST(DetailedExample, FirstStockRound) {
  T1947Game g = DetailedExample();
  PlayAuction(g);
  // Turn 1
  Ok(g.Buy(kPaul, "BNR", false));
  EXPECT_EQ(g.railway("BNR").treasury, 400);  // the IO price goes to the BNR's treasury (5.2.3)
  EXPECT_FALSE(g.Buy(kAnna, "PRC", true).ok());  // 5.3.1: the drawn share waits for the par
  EXPECT_FALSE(g.Buy(kAnna, "PRC", false, 110).ok());  // 5.2: not a yellow par
  Ok(g.Buy(kAnna, "PRC", false, 66));
  Ok(g.Buy(kRobert, "ABR", false, 80));
  Ok(g.Buy(kEmily, "BB&CI", false, 66));
  // Turns 2 and 3
  for (int turn = 0; turn < 2; ++turn) {
    Ok(g.Buy(kPaul, "BNR", false)); Ok(g.Buy(kAnna, "PRC", false)); Ok(g.Buy(kRobert, "ABR", false)); Ok(g.Buy(kEmily, "BB&CI", false));
  }
  EXPECT_EQ(g.railway("BNR").treasury, 600);
  // Turn 4: Paul has Rs.20; PRC and ABR open (their drawn pool share counts, 5.2.1).
  EXPECT_EQ(g.player(kPaul).cash, 20);
  EXPECT_EQ(g.Buy(kPaul, "BNR", false).error().rule, "5.8");  // he already owns 60% (first SR)
  Ok(g.Pass(kPaul));
  EXPECT_FALSE(g.railway("PRC").operational);
  Ok(g.Buy(kAnna, "PRC", false));
  EXPECT_TRUE(g.railway("PRC").operational);
  EXPECT_EQ(g.railway("PRC").treasury, 660);
  Ok(g.Buy(kRobert, "ABR", false));
  EXPECT_TRUE(g.railway("ABR").operational);
  EXPECT_EQ(g.railway("ABR").treasury, 800);
  Ok(g.Buy(kEmily, "BB&CI", false));
  EXPECT_FALSE(g.railway("BB&CI").operational);
  // Turn 5
  Ok(g.Pass(kPaul)); Ok(g.Pass(kAnna));
  EXPECT_EQ(g.player(kRobert).cash, 30);
  Ok(g.Pass(kRobert));
  Ok(g.Buy(kEmily, "BB&CI", false));
  EXPECT_TRUE(g.railway("BB&CI").operational);
  EXPECT_EQ(g.railway("BB&CI").treasury, 660);
  // Turn 6
  Ok(g.Pass(kPaul)); Ok(g.Buy(kAnna, "BB&CI", false)); Ok(g.Pass(kRobert));
  EXPECT_EQ(g.player(kEmily).cash, 14);
  Ok(g.Pass(kEmily));
  // Turn 7: four consecutive passes end the round.
  Ok(g.Pass(kPaul));
  EXPECT_EQ(g.round(), Round::kStockRound);
  EXPECT_EQ(g.player(kAnna).cash, 34);
  Ok(g.Pass(kAnna));
  EXPECT_EQ(g.round(), Round::kOperatingRound);
  // The table: certificates 8, 7, 9, 7; cash 14, 20, 34 (the text says 4: ruling 6), 30.
  EXPECT_EQ(g.WealthPoints(kEmily), 8);
  EXPECT_EQ(g.WealthPoints(kPaul), 7);
  EXPECT_EQ(g.WealthPoints(kAnna), 9);
  EXPECT_EQ(g.WealthPoints(kRobert), 7);
  // The operating round has begun and paid the privates' revenue (3.4, 6.2): Anna's P3, P4 and P5
  // Rs.30 (the text's "Rs.34 after the OR" from its Rs.4), Paul's P2 Rs.10 (the P9 pays nothing),
  // Robert's P6 and P8 and Emily's P1 and P7 Rs.20 each.
  EXPECT_EQ(g.player(kAnna).cash, 34 + 30);
  EXPECT_EQ(g.season(), 1);  // the monsoon
  // 5.12.1: poorest first: Paul 1, Robert 2, Emily 3, Anna 4.
  EXPECT_EQ(g.order(), (std::vector<int>{kPaul, kRobert, kEmily, kAnna}));
  EXPECT_EQ(g.MarketValue("PRC"), 66);
  EXPECT_EQ(g.MarketValue("ABR"), 80);
  // 7.0: wealth is cash and shares at market value; the privates bought in the auction do not count
  // (docs/rulings.md, 1947 ruling 15). BNR 100, PRC 66, ABR 80, BB&CI 66.
  EXPECT_EQ(g.MarketValue("BNR"), 100);
  EXPECT_EQ(g.MarketValue("BB&CI"), 66);
  EXPECT_EQ(Wealth(g, kPaul), 30 + 6 * 100);            // the BNR's 30% and three shares: 630
  EXPECT_EQ(Wealth(g, kAnna), 64 + 5 * 66 + 1 * 66);    // PRC 50%, BB&CI 10%: 460
  EXPECT_EQ(Wealth(g, kRobert), 50 + 5 * 80);           // ABR 50%: 450
  EXPECT_EQ(Wealth(g, kEmily), 34 + 6 * 66);            // BB&CI 60%; her P1 and P7 count nothing: 430
}

TEST(Auction, MinimumBidRaiseAndTurns) {
  T1947Game g = DetailedExample();
  Status s = g.Bid(kEmily, 5);
  EXPECT_EQ(s.error().rule, "3.2");
  EXPECT_NE(s.error().message.find("Rs.10"), std::string::npos);
  EXPECT_EQ(g.Bid(kPaul, 10).error().kind, ErrorKind::kNotYourTurn);
  Ok(g.Bid(kEmily, 10));
  EXPECT_EQ(g.Bid(kPaul, 15).error().rule, "3.2");
  EXPECT_FALSE(g.Bid(kPaul, 700).ok());  // more than his cash
}

TEST(Auction, TwoRoundsOfPassesRemoveThePrivate) {
  T1947Game g = DetailedExample();
  for (int round = 0; round < 2; ++round) {
    for (int p : {kEmily, kPaul, kAnna, kRobert}) Ok(g.PassBid(p));
  }
  EXPECT_EQ(g.hammer_price(1), -1);
  EXPECT_EQ(g.auction_private(), 2);
  EXPECT_EQ(g.ActivePlayer(), kPaul);  // the P2 auction opens with the next player
}

TEST(Setup, PlayersCardsAndDraws) {
  EXPECT_EQ(T1947Game::Setup(Data(), {"a", "b"}, {1, 2}, {"PRC", "ABR"}).error().rule, "1.0");
  EXPECT_EQ(T1947Game::Setup(Data(), {"a", "b", "c"}, {1, 1, 2}, {"PRC", "ABR"}).error().rule, "2.1");
  EXPECT_EQ(T1947Game::Setup(Data(), {"a", "b", "c"}, {1, 2, 3}, {"PRC", "SIR"}).error().rule, "2.3");
  auto g = T1947Game::Setup(Data(), {"a", "b", "c"}, {3, 1, 2}, {"SIR", "CCSR"});
  ASSERT_TRUE(g.ok());
  EXPECT_EQ(g->player(0).cash, 800);
  EXPECT_EQ(g->ActivePlayer(), 1);
  EXPECT_EQ(g->shares().InPool(Data().RailwayIndex("SIR")), 1);
  EXPECT_EQ(g->shares().InBank(Data().RailwayIndex("CCSR")), 9);
}

}  // namespace
}  // namespace mailrun::engine::t1947

#include "engine/titles/t1947/board_svg.h"

namespace mailrun::engine::t1947 {
namespace {

TEST(Board, DrawsEveryHexAndSaysItIsAReconstruction) {
  std::string svg = DrawBoard1947(Data());
  EXPECT_NE(svg.find("RECONSTRUCTED"), std::string::npos);
  for (const HexDef1947& h : Data().hexes) EXPECT_NE(svg.find(">" + h.name + "<"), std::string::npos) << h.name;
  for (const char* name : {"Bombay", "Calcutta", "Cooch Behar", "Persia (1 worker)", "temple BNR"}) {
    EXPECT_NE(svg.find(name), std::string::npos) << name;
  }
  if (const char* out = std::getenv("MAILRUN_T1947_BOARD_SVG")) {  // writes the picture for docs/
    std::ofstream(out) << svg;
  }
}

}  // namespace
}  // namespace mailrun::engine::t1947

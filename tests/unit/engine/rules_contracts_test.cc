// Fulfilment of contract bids (4.3): the moment the board links a bid's cities - by any
// companies' track, changing trains at any station and between the stations of a large city, but
// never over track of one gauge that no base is linked to - the bond goes back to its owner and
// the cities become public (4.3.2), whoever's turn it is.
#include <gtest/gtest.h>

#include "tests/unit/engine/railway_position.h"

namespace mailrun::engine::t1853::testing {
namespace {

// Ed's bid (Appendix 4): Trichinopoly, Mysore and Madras, bond £70.
constexpr int kEdsBond = 70;

std::vector<std::string> CitiesSeenBy(const Game& game, int viewer, int seat) {
  const auto view = game.View(viewer);
  const auto& cities = view.players(seat).bond().cities();
  return {cities.begin(), cities.end()};
}

// Trichinopoly (the SIR's home) facing Sq; Madras (north station) - Qq - Bangalore, where the
// BNR has a base; Mysore, west of Bangalore, has no tile yet. With `sq` the SIR's line runs on
// from Trichinopoly by Sq to Madras' south station.
RailwayPosition SouthIndia(bool sq) {
  RailwayPosition position;
  position.Form("BNR", kDora).DoubleLay("BNR", DoubleLay::kPayPerUse).TurnsDone("BNR", 2)
      .Tile("Tp", "69", 3).Tile("Qq", "7", 5).Tile("Rp", "6", 1).Base("BNR", "Rp");
  if (sq) position.Tile("Sq", "4", 0);
  return position;
}

TEST(Contracts, AnotherCompanysTrackCompletesTheContractAtOnce) {
  Game game = SouthIndia(true).Operate("BNR");
  ASSERT_FALSE(game.state().players[kEd].bond.returned);
  EXPECT_TRUE(CitiesSeenBy(game, kSpectator, kEd).empty()) << "secret until fulfilled";
  EXPECT_TRUE(CitiesSeenBy(game, kAdam, kEd).empty());
  const int cash = game.state().players[kEd].cash;
  const int bank = game.state().bank;
  // The BNR (Dora's) lays Mysore: Trichinopoly - Madras (change of station) - Bangalore - Mysore.
  const auto lay = Lay(kDora, "Rn", "69", 4);
  ASSERT_TRUE(Listed(game, lay));
  auto outcome = game.Apply(lay);
  ASSERT_TRUE(outcome.ok()) << outcome.error().ToString();
  EXPECT_TRUE(MoneyIsConstant(game));
  EXPECT_EQ(game.state().railway.step, TurnStep::kTrack) << "the BNR may still lay its second tile";
  EXPECT_TRUE(game.state().players[kEd].bond.returned) << "at the moment of the connection (4.3.2)";
  EXPECT_EQ(game.state().players[kEd].cash, cash + kEdsBond);
  EXPECT_EQ(game.state().bank, bank) << "the bond was held apart, not in the bank";
  const std::vector<std::string> cities = {"Trichinopoly", "Mysore", "Madras"};
  EXPECT_EQ(CitiesSeenBy(game, kSpectator, kEd), cities);
  EXPECT_EQ(CitiesSeenBy(game, kAdam, kEd), cities);
  bool announced = false;
  for (const std::string& line : outcome->log) announced = announced || line.find("Ed's contract is fulfilled") == 0;
  EXPECT_TRUE(announced);
  for (int seat : {kAdam, kBeth, kClive, kDora}) EXPECT_FALSE(game.state().players[seat].bond.returned) << seat;
}

TEST(Contracts, ALinkMadeByAPromotionCompletesItToo) {
  // Mysore has a tile facing away from Bangalore; in phase 4 the BNR's '5' promotes it (4.2.3).
  Game game = SouthIndia(true).Tile("Rn", "69", 3).Phase(4).Trains("BNR", {"5"}).Operate("BNR");
  ASSERT_FALSE(game.state().players[kEd].bond.returned);
  Accept(game, Promote(kDora, "Rn", "14", 0));
  EXPECT_TRUE(game.state().players[kEd].bond.returned);
}

// Mysore and Bangalore in metre gauge, joined to Madras' north station by metre track: no base
// lies on that stretch. The SIR is to lay Sq, joining Trichinopoly to Madras' south station.
RailwayPosition MetreStretch() {
  RailwayPosition position;
  position.Tile("Tp", "69", 3).Tile("Qq", "77", 5).Tile("Rp", "76", 1).Tile("Rn", "113", 4);
  return position;
}

TEST(Contracts, TrackOfAGaugeNoBaseIsLinkedToDoesNotCount) {
  Game game = MetreStretch().Operate("SIR");
  Accept(game, Lay(kEd, "Sq", "4", 0));
  EXPECT_FALSE(game.state().players[kEd].bond.returned) << "the metre stretch is linked to no base (4.3.1)";
  // The same board with a base on the metre stretch (the BNR's at Bangalore): fulfilled.
  Game linked = MetreStretch().Form("BNR", kDora).Base("BNR", "Rp").Operate("SIR");
  Accept(linked, Lay(kEd, "Sq", "4", 0));
  EXPECT_TRUE(linked.state().players[kEd].bond.returned);
}

TEST(Contracts, NoBondIsReturnedBeforeEveryCityIsLinked) {
  // Mysore linked to Madras, but not Trichinopoly.
  Game game = SouthIndia(false).Tile("Rn", "69", 4).Operate("SIR");
  EXPECT_FALSE(game.state().players[kEd].bond.returned);
  // Sq toward Bangalore, whose tile has no track on that side: still no link.
  Accept(game, Lay(kEd, "Sq", "58", 0));
  EXPECT_FALSE(game.state().players[kEd].bond.returned);
}

}  // namespace
}  // namespace mailrun::engine::t1853::testing

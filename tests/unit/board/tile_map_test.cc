// TileMap (engine/core/board/board_state.h): every change of the tiles gives them a stamp no tiles
// had before, a copy keeps its original's stamp until either changes, and the stamp never stands
// in for the contents when two maps are compared.
#include <gtest/gtest.h>

#include <set>

#include "engine/core/board/board_state.h"

namespace mailrun::engine {
namespace {

const HexCoord kHex{8, 27};
const HexCoord kOther{9, 26};

TEST(TileMap, EveryChangeGivesAStampNotSeenBefore) {
  TileMap tiles;
  EXPECT_EQ(tiles.Stamp(), 0u);  // never changed: empty
  std::set<uint64_t> seen{tiles.Stamp()};
  const auto renewed = [&] { return seen.insert(tiles.Stamp()).second; };
  tiles.Set(kHex, {"58", 5});
  EXPECT_TRUE(renewed());
  tiles.Set(kHex, {"58", 5});  // the same tile again: still a change as far as the stamp knows
  EXPECT_TRUE(renewed());
  tiles.Set(kOther, {"8", 1});
  EXPECT_TRUE(renewed());
  EXPECT_EQ(tiles.erase(kOther), 1u);
  EXPECT_TRUE(renewed());
  tiles.Assign({{kOther, {"9", 0}}});
  EXPECT_TRUE(renewed());
  tiles.clear();
  EXPECT_TRUE(renewed());
  EXPECT_TRUE(tiles.empty());
  TileMap elsewhere;  // another map's changes draw from the same stamps
  elsewhere.Set(kHex, {"58", 5});
  EXPECT_TRUE(seen.insert(elsewhere.Stamp()).second);
}

TEST(TileMap, ACopyKeepsTheStampUntilEitherChanges) {
  TileMap original;
  original.Set(kHex, {"58", 5});
  TileMap copy = original;
  EXPECT_EQ(copy.Stamp(), original.Stamp());
  EXPECT_EQ(copy, original);
  copy.Set(kHex, {"12", 2});
  EXPECT_NE(copy.Stamp(), original.Stamp());
  EXPECT_EQ(original.at(kHex), (PlacedTile{"58", 5}));
  EXPECT_EQ(copy.at(kHex), (PlacedTile{"12", 2}));
}

TEST(TileMap, MapsAreComparedByTheirTilesNotTheirStamps) {
  TileMap a;
  TileMap b;
  a.Set(kHex, {"58", 5});
  b.Set(kHex, {"58", 5});
  EXPECT_NE(a.Stamp(), b.Stamp());
  EXPECT_EQ(a, b);
  b.Set(kHex, {"58", 4});
  EXPECT_FALSE(a == b);
  EXPECT_EQ(a.size(), 1u);
  EXPECT_EQ(a.count(kHex), 1u);
  EXPECT_EQ(a.count(kOther), 0u);
  EXPECT_EQ(a.find(kOther), a.end());
}

}  // namespace
}  // namespace mailrun::engine

// The core stock market's moves on a one-row track and on a grid (engine/core/market/stock_market.h).
#include "engine/core/market/stock_market.h"

#include <gtest/gtest.h>

namespace mailrun::engine {
namespace {

// A three-row grid whose rows shorten downwards, like a printed 18xx market.
StockMarket Grid() { return StockMarket{{{60, 70, 80, 90}, {50, 60, 70}, {40, 50}}}; }
StockMarket Track() { return StockMarket{{{10, 20, 30, 40, 50}}}; }

TEST(StockMarket, FindsTheFirstSpaceOfAValueTopRowFirst) {
  EXPECT_EQ(Grid().Find(60), (MarketCell{0, 0}));
  EXPECT_EQ(Grid().Find(50), (MarketCell{1, 0}));
  EXPECT_EQ(Grid().Find(55), std::nullopt);
  EXPECT_TRUE(Grid().Exists({2, 1}));
  EXPECT_FALSE(Grid().Exists({2, 2}));
  EXPECT_FALSE(Grid().Exists({-1, 0}));
}

TEST(StockMarket, OneRowTrackMovesAlongAndStopsAtItsEnds) {
  const StockMarket m = Track();
  EXPECT_EQ(MoveRight(m, {0, 1}, 2), (MarketCell{0, 3}));
  EXPECT_EQ(MoveRight(m, {0, 3}, 5), (MarketCell{0, 4}));  // the top of the track holds it
  EXPECT_EQ(MoveLeft(m, {0, 3}, 2), (MarketCell{0, 1}));
  EXPECT_EQ(MoveLeft(m, {0, 1}, 3), (MarketCell{0, 0}));   // the bottom of the track holds it
  EXPECT_EQ(MoveUp(m, {0, 2}), (MarketCell{0, 2}));
  EXPECT_EQ(MoveDown(m, {0, 2}), (MarketCell{0, 2}));
}

TEST(StockMarket, GridMovesStopAtItsEdges) {
  const StockMarket m = Grid();
  EXPECT_EQ(MoveDown(m, {0, 1}, 5), (MarketCell{2, 1}));  // the last space of its column
  EXPECT_EQ(MoveDown(m, {0, 3}), (MarketCell{0, 3}));     // nothing below 90
  EXPECT_EQ(MoveUp(m, {2, 0}), (MarketCell{1, 0}));
  EXPECT_EQ(MoveUp(m, {0, 0}), (MarketCell{0, 0}));
  EXPECT_EQ(MoveLeft(m, {1, 0}), (MarketCell{1, 0}));
}

TEST(StockMarket, RightAtARowsEndGoesUpWhereThereIsASpaceAbove) {
  const StockMarket m = Grid();
  EXPECT_EQ(MoveRight(m, {2, 1}), (MarketCell{1, 1}));     // 50 at the end of the bottom row: up to 60
  EXPECT_EQ(MoveRight(m, {2, 0}, 3), (MarketCell{1, 2}));  // 40 -> 50, up to 60, right to 70
  EXPECT_EQ(MoveRight(m, {0, 3}), (MarketCell{0, 3}));     // the end of the top row holds it
}

}  // namespace
}  // namespace mailrun::engine

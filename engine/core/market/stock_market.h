// The stock market: the spaces a company's share-price token moves on, as rows of values. A title
// with a one-row track (1853) has one row; a title with a grid (1947) has several, top row first.
// The moves every 18xx market knows are here as pure functions of the market: each returns the
// space the token ends on and never leaves the market. Which move a sale, a dividend or a sold-out
// company makes, and any line or zone printed on the market (1947's red line), is the title's.
#pragma once

#include <optional>
#include <vector>

namespace mailrun::engine {

struct MarketCell {
  int row = 0;     // 0 = the top row
  int column = 0;  // 0 = the leftmost space
  bool operator==(const MarketCell&) const = default;
};

struct StockMarket {
  std::vector<std::vector<int>> rows;  // top row first; values rise from left to right
  int Value(MarketCell c) const { return rows[c.row][c.column]; }
  bool Exists(MarketCell c) const;
  // The first space (top row first, then left to right) worth `value`, if any.
  std::optional<MarketCell> Find(int value) const;
};

// Up a row; at the top row the token stays.
MarketCell MoveUp(const StockMarket& m, MarketCell c);
// Down `rows` rows; at the last space of its column the token moves no further.
MarketCell MoveDown(const StockMarket& m, MarketCell c, int rows = 1);
// Left `spaces` spaces; at the first column the token moves no further.
MarketCell MoveLeft(const StockMarket& m, MarketCell c, int spaces = 1);
// Right `spaces` spaces. At the end of a row a step right goes up a row when there is a space
// above (the arrows printed at the row's end); at the end of the top row, or of a one-row track,
// the token stays.
MarketCell MoveRight(const StockMarket& m, MarketCell c, int spaces = 1);

}  // namespace mailrun::engine

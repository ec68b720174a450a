// The stock market's moves (see stock_market.h).
#include "engine/core/market/stock_market.h"

namespace mailrun::engine {

bool StockMarket::Exists(MarketCell c) const {
  return c.row >= 0 && c.row < static_cast<int>(rows.size()) && c.column >= 0 &&
         c.column < static_cast<int>(rows[c.row].size());
}

std::optional<MarketCell> StockMarket::Find(int value) const {
  for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
    for (int c = 0; c < static_cast<int>(rows[r].size()); ++c) {
      if (rows[r][c] == value) return MarketCell{r, c};
    }
  }
  return std::nullopt;
}

MarketCell MoveUp(const StockMarket& m, MarketCell c) {
  const MarketCell up{c.row - 1, c.column};
  return m.Exists(up) ? up : c;
}

MarketCell MoveDown(const StockMarket& m, MarketCell c, int rows) {
  for (int i = 0; i < rows; ++i) {
    const MarketCell down{c.row + 1, c.column};
    if (!m.Exists(down)) break;
    c = down;
  }
  return c;
}

MarketCell MoveLeft(const StockMarket& m, MarketCell c, int spaces) {
  for (int i = 0; i < spaces; ++i) {
    const MarketCell left{c.row, c.column - 1};
    if (!m.Exists(left)) break;
    c = left;
  }
  return c;
}

MarketCell MoveRight(const StockMarket& m, MarketCell c, int spaces) {
  for (int i = 0; i < spaces; ++i) {
    const MarketCell right{c.row, c.column + 1};
    c = m.Exists(right) ? right : MoveUp(m, c);
  }
  return c;
}

}  // namespace mailrun::engine

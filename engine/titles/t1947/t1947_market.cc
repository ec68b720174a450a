// Token moves on the 1947 market grid (see t1947_market.h).
#include "engine/titles/t1947/t1947_market.h"

namespace mailrun::engine::t1947 {

MarketCell MoveUp(const MarketDef& m, MarketCell c) {
  MarketCell up{c.row - 1, c.column};
  return m.Exists(up) ? up : c;
}

MarketCell MoveDown(const MarketDef& m, MarketCell c, int rows) {
  for (int i = 0; i < rows; ++i) {
    MarketCell down{c.row + 1, c.column};
    if (!m.Exists(down)) break;  // 5.5: at the last row of the column it moves no further
    c = down;
  }
  return c;
}

MarketCell MoveLeft(const MarketDef& m, MarketCell c) {
  MarketCell left{c.row, c.column - 1};
  return m.Exists(left) ? left : c;
}

MarketCell MoveRight(const MarketDef& m, MarketCell c) {
  MarketCell right{c.row, c.column + 1};
  if (m.Exists(right)) return right;
  return MoveUp(m, c);  // 5.10: the red arrows at the end of a row
}

MarketCell MoveForDividend(const MarketDef& m, MarketCell c, int revenue) {
  MarketCell next = MoveRight(m, c);
  if (next == c) return c;
  if (m.RightOfLine(next) && revenue < m.Value(next)) return c;  // 5.11.1
  return next;
}

MarketCell MoveSoldOut(const MarketDef& m, MarketCell c) {
  if (c.row > 0) return MoveUp(m, c);
  MarketCell down_right{c.row + 1, c.column + 1};
  return m.Exists(down_right) ? down_right : c;
}

}  // namespace mailrun::engine::t1947

// 1947's token moves on its market grid (see rules/market.h).
#include "engine/titles/t1947/rules/market.h"

namespace mailrun::engine::t1947 {

MarketCell MoveForDividend(const MarketDef& m, MarketCell c, int revenue) {
  MarketCell next = MoveRight(m, c);  // 5.10: the red arrows at the end of a row
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

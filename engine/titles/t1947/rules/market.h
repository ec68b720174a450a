// 1947's rules for moving a company's token on its market grid (5.11.1, 5.12.2), on top of the
// core's moves (engine/core/market/stock_market.h: up, down, left, right with the red arrows of
// 5.10 at a row's end). Pure functions of the grid: each returns the cell the token ends on.
#pragma once

#include "engine/core/market/stock_market.h"
#include "engine/titles/t1947/edition/edition_data.h"

namespace mailrun::engine::t1947 {

// 5.11.1, 6.14: after a dividend of `revenue` is paid out. Left of the red line the token always
// moves right; to cross the line or move beyond it the dividend must reach the new space's value.
MarketCell MoveForDividend(const MarketDef& m, MarketCell c, int revenue);
// 5.12.2: all shares and issued bonds owned by players: up a row; from the top row down a row and
// then right a column. The red line does not matter.
MarketCell MoveSoldOut(const MarketDef& m, MarketCell c);

}  // namespace mailrun::engine::t1947

// Moves of a company's token on the 1947 stock market grid (5.10, 5.11.1, 5.12.2). Pure functions
// of the grid: each returns the cell the token ends on. Down stops at the bottom row; left stops at
// the first column; right at the end of a row moves up when there is a space above (the red
// arrows of 5.10), otherwise the token stays.
#pragma once

#include "engine/titles/t1947/t1947_data.h"

namespace mailrun::engine::t1947 {

MarketCell MoveUp(const MarketDef& m, MarketCell c);
MarketCell MoveDown(const MarketDef& m, MarketCell c, int rows = 1);
MarketCell MoveLeft(const MarketDef& m, MarketCell c);
MarketCell MoveRight(const MarketDef& m, MarketCell c);
// 5.11.1, 6.14: after a dividend of `revenue` is paid out. Left of the red line the token always
// moves right; to cross the line or move beyond it the dividend must reach the new space's value.
MarketCell MoveForDividend(const MarketDef& m, MarketCell c, int revenue);
// 5.12.2: all shares and issued bonds owned by players: up a row; from the top row down a row and
// then right a column. The red line does not matter.
MarketCell MoveSoldOut(const MarketDef& m, MarketCell c);

}  // namespace mailrun::engine::t1947

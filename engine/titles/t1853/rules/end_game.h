// End of the game and scoring (section 5): the bank breaking ends the game after the current
// complete railway round (5.1.2); a share price reaching £400 stops it at once (5.1.3, unless the
// longer game of 2.4.3 is played). Wealth is cash plus shares at market value; bonds not yet
// returned do not count (5.2.1); money in companies does not count (5.2.2).
#pragma once

#include "engine/titles/t1853/rules/context.h"

namespace mailrun::engine::t1853 {

// A player's wealth for scoring (5.2.1).
int PlayerWealth(const Context& ctx, int seat);

// Ends the game now: computes the scores and ranks (equal wealth shares a rank). The reason is a
// message key of its own ("1853.end.bank_broken", GameFinished.structured_reason) with typed
// parameters; the log's line that says it has its own key for each reason
// ("1853.log.end_game.bank_broken") with the same parameters.
void FinishBankBroken(Context& ctx);                              // 5.1.2
void FinishAtSharePrice(Context& ctx, int company, int price);  // 5.1.3

}  // namespace mailrun::engine::t1853

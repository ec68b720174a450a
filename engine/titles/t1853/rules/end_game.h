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
// message key ("1853.end.<why>") with its English template and typed parameters.
void FinishGame(Context& ctx, std::string key, std::string_view english, std::vector<TextParam> params);

}  // namespace mailrun::engine::t1853

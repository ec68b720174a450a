// The legal-action listing's entries for what rules/sites.cc holds: the token's paid advances
// after a run to new expatriation sites (6.10, 6.12) and the P6's station beyond a city's spaces
// (3.1). The listing tries each entry on a copy of the game (actions.cc).
#pragma once

#include <vector>

#include "engine/titles/t1947/actions.h"

namespace mailrun::engine::t1947 {

// 6.10, 6.12: declining, and each move with each set of the unspent opportunities and as many
// stockbrokers as still help (none before the 7th site).
void AddSiteAdvances(const T1947Game& game, int player, std::vector<Action1947>& candidates);
// 3.1 P6: each city the railway's track reaches that is full or whose free spaces are kept for homes.
void AddP6BeyondSpaces(const T1947Game& game, int player, std::vector<Action1947>& candidates);

}  // namespace mailrun::engine::t1947

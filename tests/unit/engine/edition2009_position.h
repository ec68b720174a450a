// Positions of 2009 Lookout games for the edition2009_* rule tests: a 2009 game's configuration,
// a new 2009 game, and a railway position built from a recorded 2009 game (real play) with the
// EIR (seat 0), the GIP (seat 1) and the SIR (seat 2) formed afresh, on the hexes west of the
// Ganges where the 2009 board is Retuned's. Setup only: every rule check goes through Game::Apply.
#pragma once

#include "tests/unit/engine/railway_position.h"

namespace mailrun::engine::t1853::testing {

// The seats directing the EIR, the GIP and the SIR in Railway2009().
inline constexpr int kEir = 0, kGip = 1, kSir = 2;

mailrun::v1::GameConfig Config2009(int players, uint64_t seed = 1, mailrun::v1::GameOptions options = {});
Game NewGame2009(int players, uint64_t seed = 1, mailrun::v1::GameOptions options = {});

// The recorded 3-player 2009 game (tests/fixtures/games/edition2009-3p.json) at the start of its
// first railway round.
const Game& Recorded2009AtRailwayRoundOne();

// That game with every company set back to not running, then the EIR, GIP and SIR formed.
RailwayPosition Railway2009();

}  // namespace mailrun::engine::t1853::testing

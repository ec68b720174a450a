// Setting up a game (2.1 - 2.4): checks the configuration, deals the initial capital (TABLE 3),
// fills the tile supply (Appendix 3, with the options of 2.4.4 and the MIK1 kits) and the trains
// (TABLE 5). In the simplified game (2.4.1) it also deals the directors' certificates by lot.
#pragma once

#include "engine/core/result.h"
#include "engine/titles/t1853/edition/edition_data.h"
#include "engine/titles/t1853/state.h"
#include "mailrun/v1/game_config.pb.h"

namespace mailrun::engine::t1853 {

Result<GameState> SetUpGame(const EditionData& data, const mailrun::v1::GameConfig& config);

}  // namespace mailrun::engine::t1853

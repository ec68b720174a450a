// 1853 as a title (engine/core/title.h): its editions (Retuned, the default, and the 2009 Lookout
// edition, playable once its data exists in data/lookout2009/), 3 to 6 players, the options of
// 2.4 and which edition allows which, games made from a configuration or a snapshot, the board
// picture.
#pragma once

#include "engine/core/title.h"

namespace mailrun::engine::t1853 {

const Title& Title1853();

}  // namespace mailrun::engine::t1853

// 1947 as a title (engine/core/title.h): known to the registry, the lobby and the CLI, refused
// everywhere with "1947 cannot be played yet" until its rules exist in engine/titles/t1947/.
#pragma once

#include "engine/core/title.h"

namespace mailrun::engine::t1947 {

const Title& Title1947();

}  // namespace mailrun::engine::t1947

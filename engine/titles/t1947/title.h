// 1947 as a title (engine/core/title.h) for the registry, the services, the lobby and the CLI:
// games from setup through the private auction, stock and operating rounds to the end (7.0), and
// the reconstructed map drawn through the shared renderer.
#pragma once

#include "engine/core/title.h"

namespace mailrun::engine::t1947 {

const Title& Title1947();

}  // namespace mailrun::engine::t1947

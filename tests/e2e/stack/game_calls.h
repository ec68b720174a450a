// Game service calls the end-to-end tests make as a player, with failures reported as test
// failures (and an empty response). Thread-compatible.
#pragma once

#include <string>

#include "mailrun/v1/game.grpc.pb.h"

namespace mailrun::e2e {

// GetGame of `game_id` with `token` (the caller's view of it).
mailrun::v1::GetGameResponse GetGameAs(mailrun::v1::GameService::Stub& game, const std::string& token,
                                       const std::string& game_id);

}  // namespace mailrun::e2e

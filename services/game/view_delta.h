// Delta views for GetGame(since_version): what changed between the view a client has (at an
// older version) and the view now, in the shape proto/mailrun/v1/game.proto documents for
// GetGameResponse: scalars always, lists only with their changed entries. Pure functions.
#pragma once

#include <optional>

#include "mailrun/v1/views.pb.h"

namespace mailrun::game {

// The delta from `before` to `after` (two views for the same viewer), or nullopt when the client
// would have to remove something it has (a tile taken back by an undo, a player or company that
// is gone): the caller then sends the full view.
std::optional<mailrun::v1::GameView> ViewDelta(const mailrun::v1::GameView& before, const mailrun::v1::GameView& after);

// Merges `delta` into `base` as a client does (tests use it to check ViewDelta).
void MergeDelta(mailrun::v1::GameView& base, const mailrun::v1::GameView& delta);

}  // namespace mailrun::game

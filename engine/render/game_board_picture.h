// A game's board as an SVG picture from a player's or spectator's view of it: the board of the
// view's title and edition (drawn by the title, engine/titles/registry.h) with the view's laid
// tiles and base tokens. What GameService.GetBoardPicture answers and what `mailrun games show
// --svg` writes. Pure.
#pragma once

#include <string>

#include "engine/core/result.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine {

// Refuses (kMalformed, with the renderer's message) a view naming a hex, tile or station the
// board lacks.
Result<std::string> GameBoardPicture(const mailrun::v1::GameView& view, const std::string& heading);

}  // namespace mailrun::engine

// A game's board as an SVG picture from what the API serves: a title's components
// (GameService.GetComponents) and a player's or spectator's view of the game (GetGame), with the
// view's laid tiles, base tokens and paid frontier posts. The game service draws GetBoardPicture
// with it and `mailrun games show --svg` draws the same picture from its own GetComponents and
// GetGame answers, so a client needs nothing of the engine's data. Pure.
#pragma once

#include <string>

#include "engine/core/board/board_overlay.h"
#include "engine/core/result.h"
#include "mailrun/v1/components.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine {

// Refuses (kMalformed, with the renderer's message) components that do not hold together, of
// another title or edition than the view's, and a view naming a hex, tile or station the
// components lack.
Result<std::string> GameBoardPicture(const mailrun::v1::Components& components, const mailrun::v1::GameView& view,
                                     const std::string& heading);

// The board of the components with an overlay (`mailrun board render`): 1853's board or 1947's map
// (components.h), drawn from the components alone. Refuses components that do not hold
// together and a title drawn from no components.
Result<std::string> BoardPictureFromComponents(const mailrun::v1::Components& components, const BoardOverlay& overlay);

// The same with the components of the view's title and edition; a title that serves no
// components draws its own board with the view's tiles and tokens.
Result<std::string> GameBoardPicture(const mailrun::v1::GameView& view, const std::string& heading);

}  // namespace mailrun::engine

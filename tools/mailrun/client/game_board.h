// A game's board as an SVG picture: the edition's board drawn by engine/render/board_svg.h with
// the tiles laid and the companies' base tokens taken from the caller's view of the game. Pure.
#pragma once

#include <string>

#include "engine/core/result.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::cli {

// Refuses (with the renderer's message) a view naming a hex, tile or station the board lacks.
mailrun::engine::Result<std::string> GameBoardSvg(const mailrun::v1::GameView& view, const std::string& title);

}  // namespace mailrun::cli

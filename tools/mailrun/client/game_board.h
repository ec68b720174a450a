// A game's board for `mailrun games show`: as text (every hex with a tile laid or a base token:
// the place, the tile and its rotation, the companies' bases there) and as an SVG picture (the
// board of the game's title and edition, drawn by the title (engine/titles/registry.h), with the
// tiles laid and the base tokens).
// Both come from the caller's view of the game and the edition's board data. Pure.
#pragma once

#include <string>

#include "engine/core/result.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::cli {

// Refuses (with the renderer's message) a view naming a hex, tile or station the board lacks.
mailrun::engine::Result<std::string> GameBoardSvg(const mailrun::v1::GameView& view, const std::string& heading);

// A hex for people: "Delhi (Fn)" where the board names a place there, else the hex id "Fn".
std::string HexLabel(const mailrun::v1::GameView& view, const std::string& hex);

// One line per hex that holds a laid tile or a base, in hex order; refuses a view naming a hex the
// board lacks.
mailrun::engine::Result<std::string> GameBoardText(const mailrun::v1::GameView& view);

}  // namespace mailrun::cli

// A game's board for `mailrun games show`: as text (every hex with a tile laid or a base token:
// the place, the tile and its rotation, the companies' bases there, 1947's railways' stations) and as an SVG picture (the
// board with the tiles laid, the base tokens and the paid frontier posts). Both are drawn from what
// the API serves and nothing else: the title's components (GameService.GetComponents) and the
// caller's view of the game (GetGame). Pure.
#pragma once

#include <string>

#include "engine/core/result.h"
#include "mailrun/v1/components.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::cli {

// The picture GetBoardPicture answers for the same view. Refuses (with the renderer's message)
// components that do not hold together or a view naming a hex, tile or station they lack.
mailrun::engine::Result<std::string> GameBoardSvg(const mailrun::v1::Components& components,
                                                  const mailrun::v1::GameView& view, const std::string& heading);

// A hex for people: "Delhi (Fn)" where the components name a city there, "Bhuj (A14)" for a named
// town (1947), "town (Iaa)" for another town, else the hex id "Fn" (also when the title serves no components: `components` empty).
std::string HexLabel(const mailrun::v1::Components& components, const std::string& hex);

// One line per hex that holds a laid tile or a base, in hex order; refuses a view naming a hex the
// components lack.
mailrun::engine::Result<std::string> GameBoardText(const mailrun::v1::Components& components,
                                                   const mailrun::v1::GameView& view);

}  // namespace mailrun::cli

// Drawing 1853's board as an SVG picture: every cell of the grid, each playable hex with its id,
// terrain and construction cost, towns, cities with names, bid values and the companies whose
// shares they offer, frontier posts, the preprinted large cities, the companies' home bases, and
// on top whatever a game has put there (laid tiles with their track and gauges, base tokens) and,
// on request, one company's TABLE 2 area. A pure function of its inputs: no I/O, thread-safe.
#pragma once

#include <string>
#include <vector>

#include "engine/core/board/board_overlay.h"
#include "engine/core/result.h"
#include "engine/titles/t1853/edition/edition_data.h"

namespace mailrun::engine::t1853 {

// The SVG document. Refuses (kMalformed) an overlay that names an unknown hex, tile, company or
// station, a tile on an unplayable hex, or a rotation outside 0..5.
Result<std::string> RenderBoardSvg(const EditionData& data, const BoardOverlay& overlay);

}  // namespace mailrun::engine::t1853

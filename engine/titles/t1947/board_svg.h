// Drawing the 1947 map as an SVG picture: flat-topped hexes with their names, terrain and cost,
// the monsoon zone's water drops, cities and towns with names, preprinted yellow cities, Cooch
// Behar, trading posts and dead ends, the expatriation sites with their workers, the railways'
// homes and temples, a legend and, across the top, the note that the map is a reconstruction.
// With an overlay, the tiles laid (and the preprinted cities' track) with their track, cities and
// towns, and the railways' stations in the cities' spaces. Pure functions: no I/O, thread-safe.
#pragma once

#include <string>

#include "engine/core/board/board_overlay.h"
#include "engine/core/result.h"
#include "engine/titles/t1947/edition/edition_data.h"

namespace mailrun::engine::t1947 {

std::string DrawBoard1947(const T1947Data& data);
// Refuses an overlay naming a hex off the map, an unknown tile, a rotation outside 0-5, or a
// station the tile on its hex does not have.
Result<std::string> DrawBoard1947(const T1947Data& data, const BoardOverlay& overlay);

}  // namespace mailrun::engine::t1947

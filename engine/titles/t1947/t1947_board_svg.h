// Drawing the 1947 map as an SVG picture: flat-topped hexes with their names, terrain and cost,
// the monsoon zone's water drops, cities and towns with names, preprinted yellow cities, Cooch
// Behar, trading posts and dead ends, the expatriation sites with their workers, the railways'
// homes and temples, a legend and, across the top, the note that the map is a reconstruction.
// A pure function of the data: no I/O, thread-safe.
#pragma once

#include <string>

#include "engine/titles/t1947/t1947_data.h"

namespace mailrun::engine::t1947 {

std::string DrawBoard1947(const T1947Data& data);

}  // namespace mailrun::engine::t1947

// Whether a tile may replace another as far as track is concerned: a promotion keeps every
// existing line with its gauge (4.2.4, 4.2.6; brown and grey dual gauge carries both, 4.2.8),
// plain and junction tiles never become station tiles nor the reverse (4.2.5), a small station may
// become a large one but not the reverse (4.2.5), separate stations stay separate, except that the
// terminal stations of Bombay and Madras merge into the one through station of the brown BM tile
// (4.2.12). An edge may carry several paths (1947's brown tiles: #39 joins 0-1, 0-2 and 1-2).
// Colours, labels and TABLE 8 itself are checked by the caller. Pure functions.
#pragma once

#include <vector>

#include "engine/core/board/board_data.h"

namespace mailrun::engine {

// True when `to`, laid with rotation `to_rotation`, keeps the track of `from` laid with
// `from_rotation` (rotations 0..5, as on the board).
bool KeepsTrack(const TileDef& from, int from_rotation, const TileDef& to, int to_rotation);

// The rotations of `to` that keep the track of `from` laid with `from_rotation`; empty when the
// promotion is impossible.
std::vector<int> KeepingRotations(const TileDef& from, int from_rotation, const TileDef& to);

// Where the stations of `from` go on `to` for a promotion KeepsTrack accepts: result[s] is the
// station of `to` that takes over station s of `from` (and its base tokens).
std::vector<int> StationMapping(const TileDef& from, int from_rotation, const TileDef& to, int to_rotation);

}  // namespace mailrun::engine

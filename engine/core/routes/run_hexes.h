// The hexes a run passes, in order, from its track graph nodes as actions and views name them
// ("Jab.s0" a station of hex Jab, "Kq.j0" a junction of Kq, "Iaa/Iy" the edge between two hexes):
// what a client draws a run along and names it by. Pure.
#pragma once

#include <string>
#include <vector>

namespace mailrun::engine::routes {

// Each hex once where the run enters it ("Fn.s0", "Fn/Go", "Go.s0" -> "Fn", "Go"). A run that
// starts on an edge lists both of its hexes, the one it leaves first.
std::vector<std::string> RunHexes(const std::vector<std::string>& nodes);

}  // namespace mailrun::engine::routes

// 1947's hex grid in the core's coordinates: the one place where a 1947 hex name ("D21": column
// letter A-V west to east, row number north to south, flat-topped hexes, docs/board-data-1947.md)
// and a 1947 edge (tiles.json numbers them clockwise from the south: 0 S, 1 SW, 2 NW, 3 N, 4 NE,
// 5 SE; map.json names them) become the core's HexCoord and edge (board_data.h: rows of
// pointy-topped hexes, edges 0 SW .. 5 SE clockwise).
//
// The map: core row = 21 - column index (V is row 0, A row 21), core col = row number. The core's
// neighbour steps then land on 1947's: core edge 0 (row+1, col-1) is 1947's NW, 1 N, 2 NE, 3 SE,
// 4 S, 5 SW. The turn is a rotation, not a mirror, so clockwise stays clockwise: a 1947 edge e is
// core edge (e + 4) % 6 and a tile laid with rotation r keeps r. Pure functions.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/core/board/board_data.h"

namespace mailrun::engine::t1947 {

constexpr int kLastColumn = 21;  // 'V'

// Column index (A = 0) and row number -> HexCoord; nullopt off the grid (column A-V, row 1+, and
// letter index + row odd with A = 1: hexes of one column are two numbers apart).
std::optional<HexCoord> HexAt(int column, int row);
std::optional<HexCoord> ParseHex1947(std::string_view name);  // "D21"
std::string HexName1947(HexCoord hex);                          // the inverse
int ColumnOf(HexCoord hex);                                     // A = 0
int RowOf(HexCoord hex);                                        // the row number

// 1947 edges (0 S .. 5 SE, as tiles.json numbers them) and the core's.
inline int CoreEdge(int edge1947) { return (edge1947 + 4) % 6; }
inline int Edge1947(int core_edge) { return (core_edge + 2) % 6; }
// "N", "NE", "SE", "S", "SW", "NW" (map.json) -> core edge; nullopt for anything else.
std::optional<int> ParseEdge1947(std::string_view name);
std::string EdgeName1947(int core_edge);

}  // namespace mailrun::engine::t1947

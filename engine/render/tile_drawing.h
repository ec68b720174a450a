// Drawing one tile in a hex of the board picture: its colour, its track with the gauge of every
// line (broad solid, metre dashed, dual double), its stations (large circles with token spaces,
// small cross-bars), junctions, revenues and label. Also the geometry the board renderer shares
// with it: hex corners and edge midpoints of a pointy-topped hex.
#pragma once

#include <string>
#include <vector>

#include "engine/core/board/board_data.h"
#include "engine/render/svg_canvas.h"

namespace mailrun::engine::render {

// Board-orientation geometry of a hex of circumradius `radius` centred on `centre`.
std::vector<Point> HexCorners(Point centre, double radius);
Point EdgeMidpoint(Point centre, double radius, int edge);  // edge 0..5 as in edition_data.h
Point EdgeDirection(int edge);                              // unit vector from centre to edge midpoint

// Where the base token spaces of each station of a laid tile are: spaces[station][slot].
struct TileLayout {
  std::vector<std::vector<Point>> spaces;
  std::vector<Point> stations;
  double space_radius = 0;
  bool centre_free = false;   // separate terminal stations by the edges leave the middle empty
  double free_direction = 0;  // radians: the widest gap left between track and labels
};

std::string TileFill(TileColour colour);

// Draws `tile` laid with `rotation` in the hex at `centre`; returns where its stations are.
TileLayout DrawTile(SvgCanvas& canvas, const TileDef& tile, int rotation, Point centre, double radius);

}  // namespace mailrun::engine::render

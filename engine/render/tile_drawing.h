// Drawing one tile in a hex of the board picture: its colour, its track with the gauge of every
// line (broad solid, metre dashed, dual double), its stations (large circles with token spaces,
// small cross-bars), junctions, revenues and label, each mark where it covers no other. Also the geometry the board renderer shares
// with it: hex corners and edge midpoints of a pointy-topped hex.
#pragma once

#include <string>
#include <vector>

#include "engine/core/board/board_data.h"
#include "engine/render/label_placer.h"
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
  std::vector<std::pair<Point, int>> revenues;  // where each revenue would like to go, and its value
  Point label_at;                                // where the tile's label would like to go
};

std::string TileFill(TileColour colour);

// Draws `tile` laid with `rotation` in the hex at `centre`: its colour, track and stations, which
// block their places in `labels`; returns where its stations are and where its marks would go.
TileLayout DrawTile(SvgCanvas& canvas, const TileDef& tile, int rotation, Point centre, double radius, LabelPlacer& labels);

// Draws the marks of a tile drawn by DrawTile: its revenues, label and id, each where `labels`
// finds room (after the hex's more important texts, such as a city's name, have taken theirs).
void DrawTileMarks(SvgCanvas& canvas, const TileDef& tile, const TileLayout& layout, Point centre, double radius,
                   LabelPlacer& labels);

}  // namespace mailrun::engine::render

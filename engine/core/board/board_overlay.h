// What a game has put on a board, for drawing it (the titles' board pictures, `mailrun board
// render`, `mailrun games show --svg`): tiles laid, base tokens, paid frontier posts, the
// companies' last runs, and what to highlight.
#pragma once

#include <string>
#include <vector>

#include "engine/core/board/board_data.h"

namespace mailrun::engine {

struct LaidTile {
  HexCoord hex;
  std::string tile_id;
  int rotation = 0;  // 0..5: tile edge e lies on board edge (e + rotation) % 6
};

struct PlacedToken {
  HexCoord hex;
  int station = 0;       // index into the stations of the tile on the hex
  std::string company;   // initials, e.g. "EIR"
};

// One train's run, drawn along its track graph nodes ("Jab.s0", "Kq.j0", "Iaa/Iy").
struct DrawnRun {
  std::string company;             // initials
  std::vector<std::string> nodes;
};

struct BoardOverlay {
  std::vector<LaidTile> tiles;        // drawn over the map (and over a preprinted city)
  std::vector<PlacedToken> tokens;    // base tokens, filling their station's spaces in order
  std::vector<HexCoord> frontier_paid;  // 1853 4.1.15: frontier posts paid, drawn without their marker
  std::vector<DrawnRun> runs;         // the companies' last runs, over the track
  std::string highlight_area;         // company initials whose area (1853: TABLE 2) is shaded; "" for none
  bool show_home_bases = true;        // mark home bases (1853: TABLE 1) that hold no token yet
  std::string title;                  // heading; "" for the default
};

}  // namespace mailrun::engine

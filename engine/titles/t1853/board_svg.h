// Drawing the board as an SVG picture: every cell of the grid, each playable hex with its id,
// terrain and construction cost, towns, cities with names, bid values and the companies whose
// shares they offer, frontier posts, the preprinted large cities, the companies' home bases, and
// on top whatever a game has put there (laid tiles with their track and gauges, base tokens) and,
// on request, one company's TABLE 2 area. A pure function of its inputs: no I/O, thread-safe.
#pragma once

#include <string>
#include <vector>

#include "engine/core/result.h"
#include "engine/titles/t1853/edition/edition_data.h"

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

struct BoardOverlay {
  std::vector<LaidTile> tiles;        // drawn over the map (and over a preprinted city)
  std::vector<PlacedToken> tokens;    // base tokens, filling their station's spaces in order
  std::string highlight_area;         // company initials whose TABLE 2 area is shaded; "" for none
  bool show_home_bases = true;        // mark TABLE 1 home bases that hold no token yet
  std::string title;                  // heading; "" for the default
};

// The SVG document. Refuses (kMalformed) an overlay that names an unknown hex, tile, company or
// station, a tile on an unplayable hex, or a rotation outside 0..5.
Result<std::string> RenderBoardSvg(const EditionData& data, const BoardOverlay& overlay);

}  // namespace mailrun::engine

// The 1947 board as the core's data: map.json, tiles.json and manifest.json read into a BoardData
// (hexes, tile designs with their paths and stations, the four preprinted cities and Cooch Behar),
// so that the core's TrackNetwork, promotion checks and route graph work on a 1947 board, plus what
// 1947 adds to it: each tile's climate zone, count and upgrades (6.4, 6.4.3, Appendix 4), the
// city names, Cooch Behar's values (6.6) and the expatriation sites' edges (6.10). Coordinates and
// edges are the core's (edition/board_grid.h converts). Read by ParseT1947Data; immutable after.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/board/board_data.h"
#include "engine/core/board/board_state.h"

namespace mailrun::engine::t1947 {

enum class Zone { kAny, kDry, kMonsoon };  // 6.4, 6.13.2: city tiles are laid in their zone only

// What 1947 knows of a tile design beyond its track.
struct TileRules {
  Zone zone = Zone::kAny;
  int count = 0;                      // in the supply (manifest.json); 0 for the preprinted
  std::vector<std::string> upgrades;  // the tiles that may replace it (6.4.3, Appendix 4)
};

// Cooch Behar (6.6): a grey city printed on the board, its value rising with the phases.
struct CoochBehar {
  HexCoord hex;
  int revenue = 0;
  int revenue_from_t5 = 0;
  int revenue_from_t8 = 0;
};

struct T1947Board {
  BoardData data;                               // hexes by core coordinate, tiles with core edges
  std::vector<std::string> cities;              // HexDef::city indexes these names
  std::map<std::string, TileRules, std::less<>> rules;  // by tile id, every tile of `data`
  CoochBehar cooch_behar;
  // Off-map edges track may run into (6.4.1, 6.9, 6.10), as (hex, core edge).
  std::vector<std::pair<HexCoord, int>> trading_posts;
  std::vector<std::pair<HexCoord, int>> dead_ends;
  std::vector<std::pair<HexCoord, int>> expatriation_sites;  // in map.json's order

  const TileRules* Rules(std::string_view tile_id) const;
  // The board before the first tile: every tile of the manifest in the supply.
  BoardState InitialState() const;
};

}  // namespace mailrun::engine::t1947

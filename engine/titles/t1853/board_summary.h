// Counts that describe an edition's board and tiles at a glance (`mailrun board summary`), so
// they can be checked against the rules texts: 170 playable hexes, 24 named cities of which 4
// large (Appendix 4, 1.3), and the tile totals of Appendix 3. Pure function.
#pragma once

#include <map>
#include <string>

#include "engine/titles/t1853/edition/edition_data.h"

namespace mailrun::engine::t1853 {

struct BoardSummary {
  int cells = 0;              // every cell of the grid, playable or not
  int playable_hexes = 0;
  int named_cities = 0;
  int large_cities = 0;
  int towns = 0;              // small towns printed on the board (a double-town hex counts 2)
  int town_hexes = 0;
  int frontier_posts = 0;
  int ganges_hexes = 0;
  int terrain_hexes = 0;      // playable hexes with at least one terrain feature
  int buff_edges = 0;
  std::map<TileColour, int> tiles_by_colour;  // Appendix 3 counts (8 #58 tiles)
  int tiles_total = 0;
  int tiles_total_unrestricted_58 = 0;        // option 2.4.4
  int tile_designs = 0;                       // laid tile designs (preprinted ones excluded)
  int companies = 0;
  int trains_total = 0;                       // train cards without minors formed (1.3: 27)
  int trains_total_if_minor_formed = 0;       // with the extra '2', '2M', '3M' (2.8.4); '1M' is a '2' card's back
};

BoardSummary SummarizeBoard(const EditionData& data);

// The counts as one JSON object (`mailrun board summary`), in the order of the struct.
std::string SummaryJson(const BoardSummary& summary);

}  // namespace mailrun::engine::t1853

// The board every 18xx title is played on, as plain values: hex coordinates and edges, tile
// designs (track, stations, junctions, gauges), and the cells of a map with their terrain, towns,
// cities and preprinted tiles. A title's data (engine/titles/<title>/) fills a BoardData; the track
// network, the route optimiser and the renderer work on it. Pure values; lookups are indexed.
//
// Board coordinates: rows 'A'.. north to south, columns 'a'..'z','aa'.. west to east (1853's own
// naming; HexName/ParseHexName use it). Neighbours in the same row are two columns apart; in the
// next row one column to either side. Hex edges are numbered clockwise 0..5 starting at the
// south-west edge:
//   0 = SW (row+1, col-1)   1 = W (row, col-2)    2 = NW (row-1, col-1)
//   3 = NE (row-1, col+1)   4 = E (row, col+2)    5 = SE (row+1, col+1)
// A tile rotated by r turns its edge e to edge (e + r) % 6.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/core/flat_index.h"

namespace mailrun::engine {

struct HexCoord {
  int row = 0;  // 0 = 'A' ... 21 = 'V'
  int col = 0;  // 1 = 'a' ... 26 = 'z', 27 = 'aa' ... 37 = 'ak'
  friend bool operator==(const HexCoord&, const HexCoord&) = default;
  friend auto operator<=>(const HexCoord&, const HexCoord&) = default;
};

std::string HexName(HexCoord hex);                          // {8, 27} -> "Iaa"
std::optional<HexCoord> ParseHexName(std::string_view name);  // "Iaa" -> {8, 27}; nullopt if malformed
// Inline: the track network and the route graphs ask for neighbours at every tile edge they build.
inline HexCoord Neighbour(HexCoord hex, int edge) {  // may lie outside the board
  // Row and column steps of edges 0..5 (SW, W, NW, NE, E, SE).
  constexpr int kRowStep[6] = {+1, 0, -1, -1, 0, +1};
  constexpr int kColStep[6] = {-1, -2, -1, +1, +2, +1};
  edge = ((edge % 6) + 6) % 6;
  return HexCoord{hex.row + kRowStep[edge], hex.col + kColStep[edge]};
}
inline int OppositeEdge(int edge) { return (((edge + 3) % 6) + 6) % 6; }  // (edge + 3) % 6

enum class Terrain { kNone, kRiver, kMultipleRiver, kHill, kMountain, kHimalaya };
enum class Gauge { kBroad, kMetre, kDual };
enum class TileColour { kYellow, kGreen, kBrown, kGrey };

// One end of a path on a tile: a hex edge (0..5 in the tile's own orientation) or one of the
// tile's nodes (stations, then junctions, by index).
struct PathEnd {
  enum class Kind { kEdge, kStation, kJunction };
  Kind kind = Kind::kEdge;
  int index = 0;
  friend bool operator==(const PathEnd&, const PathEnd&) = default;
};

struct TilePath {
  PathEnd a;
  PathEnd b;
  Gauge gauge = Gauge::kBroad;
};

enum class StationKind { kLarge, kSmall };

struct TileStation {
  StationKind kind = StationKind::kSmall;
  int revenue = 0;
  int token_slots = 0;    // base token spaces (0 for small stations)
  bool terminal = false;  // 4.2.12: Calcutta/Delhi stations; a run may start or end here, never pass
};

// A point where lines meet without a station.
//  kConverging: the green junction tiles (4.5.10): lines merge at the tile edge; only one train of
//               a company may use the junction in a turn.
//  kHub:        brown and grey non-station tiles (4.2.5): trains run through "as if a station",
//               entering on one line and leaving on another, scoring nothing.
struct TileJunction {
  enum class Kind { kConverging, kHub };
  Kind kind = Kind::kConverging;
};

struct TileDef {
  std::string id;          // the tile number as printed, e.g. "58", "69", "104"
  TileColour colour = TileColour::kYellow;
  std::string label;       // "", "CD" (Calcutta/Delhi) or "BM" (Bombay/Madras)
  std::vector<TileStation> stations;
  std::vector<TileJunction> junctions;
  std::vector<TilePath> paths;
  bool preprinted = false;  // printed on the board (the four large cities); never in the supply
};

struct TileSupply {
  std::string tile_id;
  int count = 0;
};

struct PreprintedTile {
  std::string tile_id;
  int rotation = 0;
};

struct HexDef {
  HexCoord coord;
  bool playable = false;          // false: sea, margin, off-grid (drawn, never built on)
  Terrain terrain = Terrain::kNone;
  int towns = 0;                  // 0, 1 or 2 small towns
  std::optional<int> city;        // index into the title's cities (1853: EditionData::cities)
  std::optional<PreprintedTile> preprinted;
  std::optional<int> frontier_value;  // 1853 4.1.15: frontier post payment, in pounds
  bool ganges_area = false;       // 1853: the beige Ganges valley shading
  // 4.1.11: edges track may not run into (sea, dark margin). Edges towards another playable hex
  // are always open; an open edge towards a non-playable hex is a "buff edge" (4.1.11) or a
  // frontier post.
  std::array<bool, 6> edge_blocked{};

  // Added by the board data (docs/board-data.md):
  // Every terrain feature of the hex, most expensive first; their TABLE 4 costs add up (Appendix 4:
  // Lj, hill and river, costs 40 + 80). `terrain` is the first of them (kNone when empty). Use
  // the title's construction cost (1853: EditionData::ConstructionCost) rather than `terrain` alone.
  std::vector<Terrain> terrain_features;
  // What a non-playable cell shows: the sea or the dark grey / dark green margins (1.3, 4.1.11).
  enum class Outside { kNone, kSea, kDarkGrey, kDarkGreen };
  Outside outside = Outside::kNone;  // kNone exactly when playable
};

// The map and the tile designs of one edition of a title, with indexed lookups.
struct BoardData {
  std::vector<HexDef> hexes;    // every cell of the board, playable or not
  std::vector<TileDef> tiles;   // every tile design, including the preprinted ones

  // Lookups; nullptr when absent. Hex is inline: the track network and the route graphs ask it for
  // every tile and tile edge they build on.
  const HexDef* Hex(HexCoord coord) const {
    if (hex_index.empty()) return FindHex(coord);
    if (coord.row < 0 || coord.col < 0 || coord.col >= kHexIndexStride) return nullptr;
    const size_t slot = static_cast<size_t>(coord.row) * kHexIndexStride + static_cast<size_t>(coord.col);
    if (slot >= hex_index.size() || hex_index[slot] < 0) return nullptr;
    return &hexes[static_cast<size_t>(hex_index[slot])];
  }
  const TileDef* Tile(std::string_view id) const;

  // Indexes for Hex() and Tile(), filled by the loader: each cell's index in `hexes` at
  // row * kHexIndexStride + col (-1 where no cell), each tile design's index in `tiles` by id.
  // Data built by hand (in tests) calls Reindex() after filling `hexes` and `tiles`; while an
  // index is empty the lookups search the vectors instead.
  static constexpr int kHexIndexStride = 64;
  std::vector<int> hex_index;
  // Hashed: a tile is looked up by id for every tile on the board each time a track network or
  // route graph is built.
  struct IdHash {
    using is_transparent = void;
    size_t operator()(std::string_view id) const { return std::hash<std::string_view>{}(id); }
  };
  std::unordered_map<std::string, int, IdHash, std::equal_to<>> tile_index;
  // The same index for ids of up to seven characters (every 1853 tile), by the id's bytes as one
  // number: no hashing of a string, no comparison of one.
  FlatIndex short_tile_index;
  void Reindex();
  // Adds tiles[i] to the tile indexes (a loader filling `tiles` one by one).
  void IndexTile(size_t i);

 private:
  const HexDef* FindHex(HexCoord coord) const;  // Hex without the index: a search of `hexes`
};

}  // namespace mailrun::engine

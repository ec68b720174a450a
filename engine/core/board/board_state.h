// What a game has put on its board, as plain values every title shares: the tiles laid (and the
// tiles left to lay) and base tokens. A title's state holds them (adding its own fields); the
// track network reads them.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/core/board/board_data.h"

namespace mailrun::engine {

struct PlacedTile {
  std::string tile;
  int rotation = 0;
  friend bool operator==(const PlacedTile&, const PlacedTile&) = default;
};

// The tiles laid on a board, by hex: read like a const std::map, changed only by Set, erase and
// clear. Each change gives the tiles a stamp no other tiles of this process have had; a copy
// keeps its original's stamp until one of them changes. So two TileMaps with the same stamp hold
// the same tiles, and a cache of what is built from them (t1853's TrackCache) can tell
// "certainly unchanged" without comparing every tile (different stamps say nothing: compare).
class TileMap {
 public:
  using Map = std::map<HexCoord, PlacedTile>;
  using const_iterator = Map::const_iterator;

  const_iterator begin() const { return tiles_.begin(); }
  const_iterator end() const { return tiles_.end(); }
  const_iterator find(HexCoord hex) const { return tiles_.find(hex); }
  size_t count(HexCoord hex) const { return tiles_.count(hex); }
  const PlacedTile& at(HexCoord hex) const { return tiles_.at(hex); }
  size_t size() const { return tiles_.size(); }
  bool empty() const { return tiles_.empty(); }
  const Map& map() const { return tiles_; }

  void Set(HexCoord hex, PlacedTile tile) {
    tiles_[hex] = std::move(tile);
    Restamp();
  }
  size_t erase(HexCoord hex) {
    const size_t erased = tiles_.erase(hex);
    Restamp();
    return erased;
  }
  void clear() {
    tiles_.clear();
    Restamp();
  }
  void Assign(Map tiles) {
    tiles_ = std::move(tiles);
    Restamp();
  }
  // 0 for tiles never changed (all of them empty); otherwise unique to one change.
  uint64_t Stamp() const { return stamp_; }

  friend bool operator==(const TileMap& a, const TileMap& b) { return a.tiles_ == b.tiles_; }

 private:
  void Restamp();

  Map tiles_;
  uint64_t stamp_ = 0;
};

struct BoardState {
  TileMap tiles;                              // laid or promoted tiles (preprinted cities are implicit)
  std::map<std::string, int> supply;         // tiles left to lay, by id
};

// A base token: the station of the tile on `hex` it stands in.
struct Base {
  HexCoord hex;
  int station = 0;
  friend bool operator==(const Base&, const Base&) = default;
};

// Every company's base tokens, by company index (what the track network needs of a title's state).
using BasesByCompany = std::vector<std::vector<Base>>;

}  // namespace mailrun::engine

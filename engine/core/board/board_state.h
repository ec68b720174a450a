// What a game has put on its board, as plain values every title shares: the tiles laid (and the
// tiles left to lay) and base tokens. A title's state holds them (adding its own fields); the
// track network reads them.
#pragma once

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

struct BoardState {
  std::map<HexCoord, PlacedTile> tiles;      // laid or promoted tiles (preprinted cities are implicit)
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

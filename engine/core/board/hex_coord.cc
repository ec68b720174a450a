// Hex names and neighbours in the board's own coordinates (see edition_data.h).
#include <array>

#include "engine/core/board/board_data.h"

namespace mailrun::engine {
namespace {

constexpr int kRows = 22;     // 'A'..'V'
constexpr int kColumns = 37;  // 'a'..'z', 'aa'..'ak'

// Row and column steps of edges 0..5 (SW, W, NW, NE, E, SE).
constexpr std::array<int, 6> kRowStep = {+1, 0, -1, -1, 0, +1};
constexpr std::array<int, 6> kColStep = {-1, -2, -1, +1, +2, +1};

}  // namespace

std::string HexName(HexCoord hex) {
  std::string name(1, static_cast<char>('A' + hex.row));
  if (hex.col <= 26) {
    name += static_cast<char>('a' + hex.col - 1);
  } else {
    name += 'a';
    name += static_cast<char>('a' + hex.col - 27);
  }
  return name;
}

std::optional<HexCoord> ParseHexName(std::string_view name) {
  if (name.size() < 2 || name.size() > 3) return std::nullopt;
  if (name[0] < 'A' || name[0] >= 'A' + kRows) return std::nullopt;
  HexCoord hex{name[0] - 'A', 0};
  if (name.size() == 2) {
    if (name[1] < 'a' || name[1] > 'z') return std::nullopt;
    hex.col = name[1] - 'a' + 1;
  } else {
    if (name[1] != 'a' || name[2] < 'a' || name[2] > 'z') return std::nullopt;
    hex.col = 26 + (name[2] - 'a' + 1);
  }
  if (hex.col > kColumns) return std::nullopt;
  return hex;
}

HexCoord Neighbour(HexCoord hex, int edge) {
  edge = ((edge % 6) + 6) % 6;
  return HexCoord{hex.row + kRowStep[edge], hex.col + kColStep[edge]};
}

int OppositeEdge(int edge) { return (((edge + 3) % 6) + 6) % 6; }

}  // namespace mailrun::engine

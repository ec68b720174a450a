// Hex names in the board's own coordinates (see edition_data.h; Neighbour and OppositeEdge are inline in board_data.h).
#include "engine/core/board/board_data.h"

namespace mailrun::engine {
namespace {

constexpr int kRows = 22;     // 'A'..'V'
constexpr int kColumns = 37;  // 'a'..'z', 'aa'..'ak'

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

}  // namespace mailrun::engine

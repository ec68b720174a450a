// 1947 hex names and edges <-> the core's (see edition/board_grid.h).
#include "engine/titles/t1947/edition/board_grid.h"

#include <array>

namespace mailrun::engine::t1947 {
namespace {

// By 1947 edge number: 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE.
constexpr std::array<std::string_view, 6> kEdgeNames = {"S", "SW", "NW", "N", "NE", "SE"};

}  // namespace

std::optional<HexCoord> HexAt(int column, int row) {
  if (column < 0 || column > kLastColumn || row < 1 || row >= BoardData::kHexIndexStride) return std::nullopt;
  if ((column + 1 + row) % 2 != 1) return std::nullopt;
  return HexCoord{kLastColumn - column, row};
}

std::optional<HexCoord> ParseHex1947(std::string_view name) {
  if (name.size() < 2 || name.size() > 3 || name[0] < 'A' || name[0] > 'A' + kLastColumn) return std::nullopt;
  if (name[1] == '0') return std::nullopt;
  int row = 0;
  for (char c : name.substr(1)) {
    if (c < '0' || c > '9') return std::nullopt;
    row = row * 10 + (c - '0');
  }
  return HexAt(name[0] - 'A', row);
}

int ColumnOf(HexCoord hex) { return kLastColumn - hex.row; }
int RowOf(HexCoord hex) { return hex.col; }

std::string HexName1947(HexCoord hex) {
  return std::string(1, static_cast<char>('A' + ColumnOf(hex))) + std::to_string(RowOf(hex));
}

std::optional<int> ParseEdge1947(std::string_view name) {
  for (int e = 0; e < 6; ++e) {
    if (kEdgeNames[e] == name) return CoreEdge(e);
  }
  return std::nullopt;
}

std::string EdgeName1947(int core_edge) { return std::string(kEdgeNames[Edge1947(core_edge)]); }

}  // namespace mailrun::engine::t1947

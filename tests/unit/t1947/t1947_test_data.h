// The 1947 data files as the engine embeds them, for the t1947 unit tests: the files by name (to
// be changed by tests of the loader's checks) and the data parsed from them.
#pragma once

#include <gtest/gtest.h>
#include <initializer_list>
#include <map>
#include <string>
#include <string_view>

#include "engine/core/track/track_network.h"
#include "engine/titles/t1947/edition/board_grid.h"
#include "engine/titles/t1947/edition/embedded_files.h"

namespace mailrun::engine::t1947 {

inline std::map<std::string, std::string> DataFiles() { return T1947DataFiles(); }

inline const T1947Data& Data() {
  static const T1947Data* data = [] {
    auto parsed = Data1947();
    if (!parsed.ok()) ADD_FAILURE() << parsed.error().ToString();
    return parsed.ok() ? *parsed : new T1947Data{};
  }();
  return *data;
}

// A hex of the 1947 map by name ("D21"), failing the test when the name is not on the grid.
inline HexCoord Hex(std::string_view name) {
  auto hex = ParseHex1947(name);
  EXPECT_TRUE(hex.has_value()) << name;
  return hex.value_or(HexCoord{});
}

// The rotation of `tile` whose exits include every edge named (N, NE, SE, S, SW, NW).
inline int Rotation(const std::string& tile, std::initializer_list<std::string_view> edges) {
  const TileDef* def = Data().board.data.Tile(tile);
  for (int rotation = 0; rotation < 6; ++rotation) {
    bool all = true;
    for (std::string_view name : edges) {
      bool found = false;
      for (const TilePath& p : def->paths) {
        for (const PathEnd& end : {p.a, p.b}) {
          found = found || (end.kind == PathEnd::Kind::kEdge && BoardEdge(end.index, rotation) == *ParseEdge1947(name));
        }
      }
      all = all && found;
    }
    if (all) return rotation;
  }
  ADD_FAILURE() << "tile " << tile << " has no rotation with those exits";
  return 0;
}

}  // namespace mailrun::engine::t1947

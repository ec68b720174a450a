// The 1947 data files as the engine embeds them, for the t1947 unit tests: the files by name (to
// be changed by tests of the loader's checks) and the data parsed from them.
#pragma once

#include <gtest/gtest.h>
#include <map>
#include <string>

#include "engine/titles/t1947/t1947_board_grid.h"
#include "engine/titles/t1947/t1947_data_files.h"

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

}  // namespace mailrun::engine::t1947

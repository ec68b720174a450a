// The 1947 data files of the source tree, parsed once for the t1947 unit tests.
#pragma once

#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <sstream>
#include <string>

#include "engine/titles/t1947/t1947_data.h"

namespace mailrun::engine::t1947 {

inline std::map<std::string, std::string> DataFiles() {
  std::map<std::string, std::string> files;
  for (const char* name : {"map.json", "companies.json", "privates.json", "trains.json", "market.json", "rules.json", "tiles.json", "manifest.json"}) {
    std::ifstream in(std::string(MAILRUN_SOURCE_DIR) + "/engine/titles/t1947/data/" + name);
    std::stringstream text;
    text << in.rdbuf();
    files[name] = text.str();
  }
  return files;
}

inline const T1947Data& Data() {
  static const T1947Data data = [] {
    auto parsed = ParseT1947Data(DataFiles());
    if (!parsed.ok()) ADD_FAILURE() << parsed.error().ToString();
    return parsed.ok() ? *parsed : T1947Data{};
  }();
  return data;
}

}  // namespace mailrun::engine::t1947

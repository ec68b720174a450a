// The data files of every edition (engine/data/**/*.json), embedded in the engine library at build
// time by engine/CMakeLists.txt: {name relative to engine/data, e.g. "1853/board.json", contents}.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace mailrun::engine::data {

std::vector<std::pair<std::string, std::string>> EmbeddedDataFiles();

}  // namespace mailrun::engine::data

// The data files of every edition of 1853 (engine/titles/t1853/data/**/*.json), embedded in the
// engine library at build time by engine/CMakeLists.txt: {name relative to that folder, e.g.
// "retuned/board.json", contents}.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace mailrun::engine::t1853::data {

std::vector<std::pair<std::string, std::string>> EmbeddedDataFiles();

}  // namespace mailrun::engine::t1853::data

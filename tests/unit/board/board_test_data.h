// Shared access to the loaded 1853 data for the board tests: the data itself and lookups by the
// names the rules use ("Jab", "Delhi", "EIR", "58"), failing the test when a name is unknown.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/titles/t1853/edition/edition_data.h"

namespace mailrun::engine::t1853::testing {

inline const EditionData& Data() {
  static const EditionData* data = [] {
    auto loaded = LoadEdition(mailrun::v1::EDITION_RETUNED);
    if (!loaded.ok()) {
      ADD_FAILURE() << loaded.error().message;
    }
    return loaded.ok() ? *loaded : nullptr;
  }();
  if (data == nullptr) throw std::runtime_error("the 1853 data did not load");
  return *data;
}

inline const HexDef& HexAt(const std::string& name) {
  const auto coord = ParseHexName(name);
  const HexDef* hex = coord ? Data().Hex(*coord) : nullptr;
  if (hex == nullptr) throw std::runtime_error(std::string("no hex ").append(name));
  return *hex;
}

inline const CityDef& City(const std::string& name) {
  const auto index = Data().CityIndex(name);
  if (!index) throw std::runtime_error(std::string("no city ").append(name));
  return Data().cities[*index];
}

inline const CompanyDef& Company(const std::string& initials) {
  const CompanyDef* company = Data().Company(initials);
  if (company == nullptr) throw std::runtime_error(std::string("no company ").append(initials));
  return *company;
}

inline const TileDef& Tile(const std::string& id) {
  const TileDef* tile = Data().Tile(id);
  if (tile == nullptr) throw std::runtime_error(std::string("no tile ").append(id));
  return *tile;
}

// The edge of `from` that leads to `to`, or -1 when they are not neighbours.
inline int EdgeTowards(const std::string& from, const std::string& to) {
  for (int edge = 0; edge < 6; ++edge) {
    if (HexName(Neighbour(*ParseHexName(from), edge)) == to) return edge;
  }
  return -1;
}

// The board edges of a preprinted or laid tile's station `station`.
inline std::vector<int> StationEdges(const TileDef& tile, int rotation, int station) {
  std::vector<int> edges;
  for (const TilePath& path : tile.paths) {
    if (path.a.kind == PathEnd::Kind::kEdge && path.b == PathEnd{PathEnd::Kind::kStation, station}) {
      edges.push_back((path.a.index + rotation) % 6);
    }
    if (path.b.kind == PathEnd::Kind::kEdge && path.a == PathEnd{PathEnd::Kind::kStation, station}) {
      edges.push_back((path.b.index + rotation) % 6);
    }
  }
  return edges;
}

}  // namespace mailrun::engine::t1853::testing

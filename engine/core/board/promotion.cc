#include "engine/core/board/promotion.h"

#include <array>
#include <optional>

namespace mailrun::engine {
namespace {

int Rotate(int edge, int rotation) { return (edge + rotation) % 6; }

bool GaugeKept(Gauge old_gauge, Gauge new_gauge) { return new_gauge == old_gauge || new_gauge == Gauge::kDual; }

// What a board edge of a laid tile leads to: another board edge, a station or a junction.
struct EdgeEnd {
  PathEnd end;  // edges in board orientation
  Gauge gauge = Gauge::kBroad;
};

// Every path leaving each board edge (1853's tiles have at most one per edge; 1947's brown
// junctionless tiles have several, e.g. #39: 0-1, 0-2, 1-2).
std::array<std::vector<EdgeEnd>, 6> EdgeEnds(const TileDef& tile, int rotation) {
  std::array<std::vector<EdgeEnd>, 6> ends;
  for (const TilePath& path : tile.paths) {
    for (int side = 0; side < 2; ++side) {
      const PathEnd& here = side == 0 ? path.a : path.b;
      PathEnd there = side == 0 ? path.b : path.a;
      if (here.kind != PathEnd::Kind::kEdge) continue;
      if (there.kind == PathEnd::Kind::kEdge) there.index = Rotate(there.index, rotation);
      ends[Rotate(here.index, rotation)].push_back(EdgeEnd{there, path.gauge});
    }
  }
  return ends;
}

bool HasPath(const TileDef& tile, PathEnd a, PathEnd b, Gauge old_gauge) {
  for (const TilePath& path : tile.paths) {
    if (((path.a == a && path.b == b) || (path.a == b && path.b == a)) && GaugeKept(old_gauge, path.gauge)) return true;
  }
  return false;
}

struct Mapping {
  std::vector<int> stations;
  std::vector<int> junctions;
};

// Maps the nodes of `from` onto `to` through the edges that reach them, checking every line of
// `from` on the way; nullopt when some line or gauge is lost.
std::optional<Mapping> MapTrack(const TileDef& from, int from_rotation, const TileDef& to, int to_rotation) {
  if (from.stations.empty() != to.stations.empty()) return std::nullopt;  // 4.2.5
  const auto to_ends = EdgeEnds(to, to_rotation);
  Mapping mapping{std::vector<int>(from.stations.size(), -1), std::vector<int>(from.junctions.size(), -1)};
  auto map_node = [](std::vector<int>& map, int from_index, int to_index) {
    if (map[from_index] != -1 && map[from_index] != to_index) return false;
    map[from_index] = to_index;
    return true;
  };
  for (const TilePath& path : from.paths) {
    const bool a_is_edge = path.a.kind == PathEnd::Kind::kEdge;
    const bool b_is_edge = path.b.kind == PathEnd::Kind::kEdge;
    if (!a_is_edge && !b_is_edge) continue;  // station to station: checked once stations are mapped
    const int edge = Rotate((a_is_edge ? path.a : path.b).index, from_rotation);
    const PathEnd other = a_is_edge ? path.b : path.a;
    const std::vector<EdgeEnd>& reached = to_ends[edge];
    switch (other.kind) {
      case PathEnd::Kind::kStation:
      case PathEnd::Kind::kJunction: {
        const bool station = other.kind == PathEnd::Kind::kStation;
        std::vector<int>& map = station ? mapping.stations : mapping.junctions;
        const PathEnd::Kind kind = station ? PathEnd::Kind::kStation : PathEnd::Kind::kJunction;
        bool mapped = false;
        for (const EdgeEnd& end : reached) {
          if (end.end.kind == kind && GaugeKept(path.gauge, end.gauge) && map_node(map, other.index, end.end.index)) {
            mapped = true;
            break;
          }
        }
        if (!mapped) return std::nullopt;
        break;
      }
      case PathEnd::Kind::kEdge: {
        const int other_edge = Rotate(other.index, from_rotation);
        bool kept = false;
        for (const EdgeEnd& end : reached) {
          if (!GaugeKept(path.gauge, end.gauge)) continue;
          if (end.end.kind == PathEnd::Kind::kEdge && end.end.index == other_edge) kept = true;
          if (end.end.kind != PathEnd::Kind::kJunction) continue;
          for (const EdgeEnd& far : to_ends[other_edge]) {
            kept = kept || (far.end == end.end && GaugeKept(path.gauge, far.gauge));
          }
        }
        if (!kept) return std::nullopt;
        break;
      }
    }
  }
  for (int index : mapping.stations) {
    if (index == -1) return std::nullopt;
  }
  for (int index : mapping.junctions) {
    if (index == -1) return std::nullopt;
  }
  for (const TilePath& path : from.paths) {
    if (path.a.kind != PathEnd::Kind::kStation || path.b.kind != PathEnd::Kind::kStation) continue;
    const PathEnd a{PathEnd::Kind::kStation, mapping.stations[path.a.index]};
    const PathEnd b{PathEnd::Kind::kStation, mapping.stations[path.b.index]};
    if (!HasPath(to, a, b, path.gauge)) return std::nullopt;
  }
  return mapping;
}

bool StationsKept(const TileDef& from, const TileDef& to, const std::vector<int>& mapping) {
  for (size_t s = 0; s < mapping.size(); ++s) {
    const TileStation& old_station = from.stations[s];
    const TileStation& new_station = to.stations[mapping[s]];
    // 4.2.5: small stations may become large ones; large ones stay large.
    if (old_station.kind == StationKind::kLarge && new_station.kind != StationKind::kLarge) return false;
    for (size_t other = 0; other < s; ++other) {
      if (mapping[other] != mapping[s]) continue;
      // Two stations become one only where separate terminal stations give way to a through
      // station (Bombay and Madras, 4.2.12); towns stay separate towns.
      const bool merge_allowed = old_station.terminal && from.stations[other].terminal &&
                                 new_station.kind == StationKind::kLarge && !new_station.terminal;
      if (!merge_allowed) return false;
    }
  }
  return true;
}

}  // namespace

bool KeepsTrack(const TileDef& from, int from_rotation, const TileDef& to, int to_rotation) {
  const auto mapping = MapTrack(from, from_rotation, to, to_rotation);
  return mapping && StationsKept(from, to, mapping->stations);
}

std::vector<int> KeepingRotations(const TileDef& from, int from_rotation, const TileDef& to) {
  std::vector<int> rotations;
  for (int rotation = 0; rotation < 6; ++rotation) {
    if (KeepsTrack(from, from_rotation, to, rotation)) rotations.push_back(rotation);
  }
  return rotations;
}

std::vector<int> StationMapping(const TileDef& from, int from_rotation, const TileDef& to, int to_rotation) {
  const auto mapping = MapTrack(from, from_rotation, to, to_rotation);
  if (!mapping || !StationsKept(from, to, mapping->stations)) return {};
  return mapping->stations;
}

}  // namespace mailrun::engine

// RouteGraph: the track one company's trains may run on at one moment, as the run validator and
// the route optimiser see it. The rules engine builds one per company and turn from the laid tiles
// (see "How to fill the graph" below); this module never reads tiles itself.
//
// Nodes:
//  - kStation: a station that scores (4.6.2). `large` stations count toward the train number
//    (4.5.4). Stations of one city share `city` (Delhi's separate stations are one city, 4.5.5);
//    towns have city -1 (two small stations on one tile are two towns). `terminal` stations
//    (4.2.12, Calcutta/Delhi) and `blocked` ones (every token space taken by OTHER companies'
//    bases, 4.5.6) may start or end a run but never be passed. `company_base`: the running company
//    has a base token here (4.5.2).
//  - kJunction: a green converging junction (4.5.10): a train entering on one line may leave on
//    any other. Its paths should share one exclusivity group: only one train may use it.
//  - kHub: a brown or grey non-station junction tile (4.2.5): run through as if a station, scoring
//    nothing, not counted as a station; several trains may use it (on different paths).
//  - kBoundary: where track crosses the edge between two hexes. A run passing it goes from a path
//    on one hex to a path on the other (no reversing at a tile edge, 4.5.5).
// Edges: one per tile path (track between two nodes on one hex), with its gauge, its hex and an
// exclusivity group: two edges of one group may not be used by two different trains in one turn
// (4.5.10). Every edge is its own group unless the builder puts it into a shared one.
//
// Every node may appear at most once in one run (4.5.5/4.5.8: a run is a simple path; a hub is
// passed "as if a station", a boundary point crossed twice would use the same track twice).
//
// Names (for display and for runs players submit): stations "Jab.s0" (hex name, ".s", the
// station's index on its tile), junctions and hubs "Kq.j0" (".j", the junction's index on its
// tile), boundaries "Iaa/Iy" (the two hex names, the hex with the lower row first, then the lower
// column). The graph makes the names from the hex names it is given.
//
// How to fill the graph from laid tiles (the builder's contract):
//  1. AddHex(coord, name) for every hex with track.
//  2. Per laid tile: AddStation for each station of the tile (revenue as printed; large per its
//     kind; city = the index of the named city on that hex, or -1 for a town; terminal per the tile
//     (4.2.12); blocked when every token space is taken by other companies' bases (4.5.6, not when
//     a space is free, 4.2.9/4.5.7); company_base when the running company has a base token there).
//     AddJunction for each green converging junction (kind kJunction) and each brown/grey
//     non-station junction point (kind kHub).
//  3. Per tile path: its two ends become nodes: a station or junction of the tile, or the
//     boundary with the neighbour across that hex edge (AddBoundary(hex, neighbour); the same call
//     from the neighbouring tile returns the same node). AddEdge(end_a, end_b, path gauge, hex,
//     group). Paths of a green converging junction: group = one NewGroup() per junction.
//     Paths running into the board edge or an unbuilt neighbour still go to a boundary node; such
//     a boundary has paths on one side only and is simply never passed.
//  4. Check() it (kBadData on a builder bug). A graph is a plain value: build it, check it, then
//     share it read-only between threads.
// Thread-safety: none needed once built; all const members are safe to call concurrently.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/core/board/board_data.h"
#include "engine/core/flat_index.h"
#include "engine/core/result.h"

namespace mailrun::engine::routes {

enum class NodeKind { kStation, kJunction, kHub, kBoundary };

struct StationInfo {
  int revenue = 0;
  bool large = false;
  int city = -1;           // stations of one city share it; -1: a town
  bool terminal = false;   // 4.2.12
  bool blocked = false;    // 4.5.6: every token space taken by other companies' bases
  bool company_base = false;  // 4.5.2: holds a base of the running company
};

struct RouteNode {
  NodeKind kind = NodeKind::kStation;
  std::string name;
  int hex = -1;        // index into RouteGraph::hexes(); for a boundary the first of its two hexes
  int other_hex = -1;  // boundaries only: the second hex
  StationInfo station;  // stations only
};

struct RouteEdge {
  int a = -1;  // node indices
  int b = -1;
  Gauge gauge = Gauge::kBroad;
  int hex = -1;    // the hex the path lies on
  int group = -1;  // exclusivity group (4.5.10); distinct groups for distinct edges by default
};

struct RouteHex {
  HexCoord coord;
  std::string name;   // "Jab"
  std::string place;  // the named city there, for people ("Delhi"); "" for none (a town)
};

// True when a train of `train` gauge may run on track of `track` gauge (4.5.3: dual is both).
inline bool GaugeFits(Gauge train, Gauge track) { return track == Gauge::kDual || track == train; }

class RouteGraph {
 public:
  // Room for a board of about `tiled_hexes` hexes with tiles, so that building does not regrow.
  void Reserve(size_t tiled_hexes);
  // Registers a hex (idempotent for the same coordinate); returns its index.
  int AddHex(HexCoord coord, std::string name);
  // Names the city on a hex, for display (runs as places, not node names).
  void SetPlace(int hex, std::string place) { hexes_[hex].place = std::move(place); }
  // A station's name for people: its hex's named city, else the hex of an unnamed city, else
  // "town at <hex>".
  std::string StationPlace(int node) const;
  int AddStation(int hex, int index_on_tile, const StationInfo& info);
  // kind: kJunction (green converging) or kHub (brown/grey junction tile).
  int AddJunction(int hex, int index_on_tile, NodeKind kind);
  // The boundary between two neighbouring hexes; the same node for (a, b) and (b, a).
  int AddBoundary(int hex_a, int hex_b);
  // A tile path between two nodes on `hex`. group -1: the edge's own new group.
  int AddEdge(int a, int b, Gauge gauge, int hex, int group = -1);
  // Station flags may change after the tiles are in (tokens placed later); nullptr if not a station.
  StationInfo* MutableStation(int node) {
    return node >= 0 && node < static_cast<int>(nodes_.size()) && nodes_[node].kind == NodeKind::kStation
               ? &nodes_[node].station
               : nullptr;
  }
  // A fresh exclusivity group for edges that may not be used by two trains (4.5.10).
  int NewGroup() { return group_count_++; }

  const std::vector<RouteNode>& nodes() const { return nodes_; }
  const std::vector<RouteEdge>& edges() const { return edges_; }
  const std::vector<RouteHex>& hexes() const { return hexes_; }
  int group_count() const { return group_count_; }
  // Edge indices at each node, in edge order.
  const std::vector<int>& EdgesAt(int node) const { return incident_[node]; }

  // Lookups; -1 when absent.
  int FindNode(std::string_view name) const;
  int FindHex(HexCoord coord) const;

  // Structural check of what a builder produced: indices in range, edges on their nodes' hexes,
  // no edge from a node to itself, unique names, sensible station flags. kBadData on failure.
  Status Check() const;

 private:
  int AddNode(RouteNode node);

  std::vector<RouteHex> hexes_;
  std::vector<RouteNode> nodes_;
  std::vector<RouteEdge> edges_;
  std::vector<std::vector<int>> incident_;
  // Built with the graph, in arrays (a graph is built for every run): nodes by their name's hash
  // (the name compared on a find), hexes by coordinate, boundaries by their two hexes.
  FlatIndex node_by_name_hash_;
  FlatIndex hex_by_coord_;
  FlatIndex boundary_by_hexes_;
  int group_count_ = 0;
};

}  // namespace mailrun::engine::routes

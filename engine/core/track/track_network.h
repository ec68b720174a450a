// TrackNetwork: all track on the board as a graph, built from the tiles laid and the preprinted
// large cities. Nodes are stations, junctions and the points where track crosses from one hex
// to the next ("boundaries"); links are tile paths with their gauge. The rules ask it which
// railheads and stations a company reaches (4.1.7, 4.4.6, 4.2.2), whether two lays have separate
// connections (4.1.8), and which cities are linked for contracts (4.3). A plain value, built per
// question from the board; no state of its own.
#pragma once

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/core/board/board_data.h"
#include "engine/core/board/board_state.h"

namespace mailrun::engine {

// What the track network needs of a game's state: the tiles on the board and every company's
// base tokens (a title builds one from its state).
struct TrackPosition {
  const BoardState& board;
  BasesByCompany bases;
};

// The tile on a hex: laid, or preprinted on the board (1853: the four large cities).
struct TileOnHex {
  const TileDef* tile = nullptr;
  int rotation = 0;
  bool preprinted = false;
};
std::optional<TileOnHex> TileOn(const BoardData& data, const BoardState& board, HexCoord hex);
// TileOn for every hex of the board at once, by the hex's index in `data.hexes` (tile nullptr
// where there is none): one pass over the tiles laid instead of a search per hex.
std::vector<TileOnHex> TilesOnBoard(const BoardData& data, const BoardState& board);
// The station of the tile now on `hex` that stands for station `printed` of the hex's first tile.
// The large cities' stations are numbered on their preprinted tiles (TABLE 1 homes name them) and
// keep their identity through promotions (4.2.12): this follows a promotion's station mapping.
// Elsewhere, and while the preprinted tile is still there, it is `printed` itself.
int CurrentStation(const BoardData& data, const BoardState& board, HexCoord hex, int printed);
// The board edge a tile edge faces when the tile is laid with `rotation`.
inline int BoardEdge(int tile_edge, int rotation) { return (tile_edge + rotation) % 6; }

struct TrackNode {
  enum class Kind { kStation, kJunction, kBoundary };
  Kind kind = Kind::kStation;
  HexCoord hex;    // the station's or junction's hex; for a boundary, one side
  int index = 0;   // station or junction index on its tile; for a boundary the edge of `hex`
  HexCoord other;  // boundaries: the hex on the other side
  const TileStation* station = nullptr;  // stations: as printed on the tile
};

struct TrackLink {
  int to = -1;
  int path = -1;  // index into TrackNetwork::paths()
};

struct TrackPath {
  int a = -1, b = -1;  // node indices
  Gauge gauge = Gauge::kBroad;
  HexCoord hex;
  int index_on_tile = 0;  // which path of the hex's tile
};

// A track end a company may extend (4.1.7): `hex` has no tile yet, and the track of the
// neighbouring hex reaches its edge `edge`, with `gauge`, connected to base `base`.
struct Railhead {
  HexCoord hex;
  int edge = 0;
  Gauge gauge = Gauge::kBroad;
  int base = 0;  // index into the company's bases
  friend bool operator<(const Railhead& a, const Railhead& b) {
    return std::tie(a.hex, a.edge, a.gauge, a.base) < std::tie(b.hex, b.edge, b.gauge, b.base);
  }
};

// What one company's lines reach from its bases (4.1.7, 4.4.6): continuous, one gauge (dual fits
// both; the gauge may change only at the company's own bases, 4.2.6), never through a station
// whose token spaces are all taken by other companies (4.1.7, 4.2.9) nor through a terminal
// station (4.2.12).
// Each list is in order and holds each entry once.
struct CompanyReach {
  std::vector<HexCoord> hexes;                     // hexes with reached track
  std::vector<std::pair<HexCoord, int>> stations;  // reached stations (hex, station index)
  std::vector<Railhead> railheads;
  // Line ends at the edge of a hex that has a tile but no track on that edge: a promotion adding
  // track there would connect (4.2.2). Same fields as a railhead.
  std::vector<Railhead> touches;
  std::vector<int> paths;                          // paths used by some connecting line

  bool ReachesHex(HexCoord hex) const { return std::binary_search(hexes.begin(), hexes.end(), hex); }
  bool ReachesStation(HexCoord hex, int station) const {
    return std::binary_search(stations.begin(), stations.end(), std::pair<HexCoord, int>{hex, station});
  }
};

class TrackNetwork {
 public:
  TrackNetwork(const BoardData& data, const BoardState& board);

  const std::vector<TrackNode>& nodes() const { return nodes_; }
  const std::vector<TrackPath>& paths() const { return paths_; }
  // The paths at a node, in path order.
  std::span<const TrackLink> Links(int node) const {
    return {links_.data() + link_start_[node], links_.data() + link_start_[node + 1]};
  }
  int StationNode(HexCoord hex, int station) const;  // -1 if absent

  // Who holds base tokens where, from the companies' bases.
  using Tokens = std::map<std::pair<HexCoord, int>, std::vector<int>>;  // (hex, station) -> companies
  static Tokens TokensOf(const BasesByCompany& bases);

  // What `company` reaches from its bases (or from base `only_base`), not using `excluded` paths;
  // `state.board` is the board this network was built from.
  CompanyReach Reach(const TrackPosition& state, int company, std::optional<int> only_base = std::nullopt,
                     const std::set<int>& excluded = {}) const;

  // 4.1.8: whether the turn's first lay and a second lay connect to two different bases by lines
  // that share no track (they may meet or cross at stations and junctions). `first` are the
  // railheads the first lay extended (on its hex, found before it was laid), `second` those the
  // second lay would extend; this network includes the first lay. Each line keeps one gauge and
  // passes no station it may not (4.1.7). Exact, by a maximum flow of two from the bases to the
  // two lays; only lines of different gauges that both need the same dual-gauge track are
  // settled by enumerating the first lay's lines (bounded, docs/rulings.md).
  bool SeparateConnections(const TrackPosition& state, int company, const std::vector<Railhead>& first,
                           const std::vector<Railhead>& second) const;

  // Stations reachable by passengers for contracts (4.3): groups of linked stations. Lines of one
  // gauge count only if some base (of any company) lies on them; passengers change trains at any
  // station and between the stations of one city.
  std::vector<int> PassengerComponents(const TrackPosition& state) const;  // node -> component id

 private:
  // The node kept in `slot` (an entry of node_slots_), made with these fields if there is none yet.
  int SlotNode(int& slot, TrackNode::Kind kind, HexCoord hex, int index, HexCoord other = {});
  int BoundaryNode(HexCoord hex, int edge) const;  // -1 if no track crosses that edge
  int Block(HexCoord hex) const;                   // hex_block_ of `hex`; -1 off the board
  // SeparateConnections for one gauge of each lay's lines; nullopt when the two lines found share
  // dual-gauge track and only an enumeration can tell.
  std::optional<bool> SeparateByFlow(const TrackPosition& state, int company, const std::vector<Railhead>& first,
                                     const std::vector<Railhead>& second, Gauge first_gauge, Gauge second_gauge) const;
  // The earlier method: every line (up to a bound) from a base to railhead `first` on `before` (this
  // network without the first lay), each tried against the other bases' lines to `second`.
  bool SeparateByEnumeration(const TrackPosition& state, int company, const TrackNetwork& before, const Railhead& first,
                             const Railhead& second) const;
  // Per node: whether it stops `company`'s lines (a full station of others, a terminal).
  std::vector<char> BlockedNodes(const BasesByCompany& bases, int company) const;

  const BoardData& data_;
  // The nodes of each hex with a tile, found by index rather than by a hashed key. By the hex's
  // index in the board's data (the hexes built from): where its block of node_slots_ starts, or -1
  // where TileOn finds no tile. A block holds the nodes at the hex's board edges 0..5 (a boundary is
  // kept in the blocks of both its hexes when both have tiles), then the number of station slots,
  // the station nodes and the junction nodes; -1 where there is no such node.
  std::vector<int> hex_block_;
  std::vector<int> node_slots_;
  static constexpr int kStationCountSlot = 6;
  static constexpr int kFirstStationSlot = 7;
  std::vector<TrackNode> nodes_;
  std::vector<TrackPath> paths_;
  std::vector<TrackLink> links_;  // every node's links in one array: node n's from link_start_[n]
  std::vector<int> link_start_;   // nodes + 1 entries
};

}  // namespace mailrun::engine

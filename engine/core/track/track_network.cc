#include "engine/core/track/track_network.h"

#include <algorithm>
#include <array>
#include <functional>
#include <numeric>

#include "engine/core/board/promotion.h"

namespace mailrun::engine {
namespace {

constexpr int kBroadLine = 0;
constexpr int kMetreLine = 1;

bool Fits(Gauge track, int line) {
  return track == Gauge::kDual || (line == kBroadLine ? track == Gauge::kBroad : track == Gauge::kMetre);
}

Gauge LineGauge(int line) { return line == kBroadLine ? Gauge::kBroad : Gauge::kMetre; }

struct UnionFind {
  std::vector<int> parent;
  explicit UnionFind(int n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  int Find(int x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void Union(int a, int b) { parent[Find(a)] = Find(b); }
};

// Caps the enumeration of connecting lines for 4.1.8 (only for lines of two gauges sharing dual
// track); beyond it the check gives the benefit of the doubt (docs/rulings.md).
constexpr int kMaxConnectingLines = 4000;

int LineOf(Gauge gauge) { return gauge == Gauge::kMetre ? kMetreLine : kBroadLine; }

// A maximum flow on a small graph with unit capacities (Edmonds-Karp), for 4.1.8's two lines.
class UnitFlow {
 public:
  explicit UnitFlow(int nodes) : nodes_(nodes) {}

  void Arc(int from, int to) {
    arcs_.push_back({to, 1, 0});
    arcs_.push_back({from, 0, 0});
  }
  // A piece of track usable once in either direction; returns its id for NetFlow.
  int Edge(int a, int b) {
    const int id = static_cast<int>(arcs_.size());
    Arc(a, b);
    Arc(b, a);
    return id;
  }
  int NetFlow(int edge) const { return arcs_[edge].flow - arcs_[edge + 2].flow; }

  // Augments from `source` to `sink` until `limit` units flow or no path is left.
  int Max(int source, int sink, int limit) {
    Index();
    int total = 0;
    std::vector<int> via(static_cast<size_t>(nodes_));
    std::vector<int> queue;
    while (total < limit) {
      std::fill(via.begin(), via.end(), -1);
      queue.assign(1, source);
      via[source] = -2;
      for (size_t next = 0; next < queue.size() && via[sink] == -1; ++next) {
        const int node = queue[next];
        for (int i = out_start_[node]; i < out_start_[node + 1]; ++i) {
          const int a = out_[i];
          if (arcs_[a].flow < arcs_[a].cap && via[arcs_[a].to] == -1) {
            via[arcs_[a].to] = a;
            queue.push_back(arcs_[a].to);
          }
        }
      }
      if (via[sink] == -1) break;
      for (int node = sink; node != source; node = arcs_[via[node] ^ 1].to) {
        ++arcs_[via[node]].flow;
        --arcs_[via[node] ^ 1].flow;
      }
      ++total;
    }
    return total;
  }

 private:
  struct FlowArc {
    int to;
    int cap;
    int flow;
  };
  // Each node's arcs (an arc leaves the node its pair arc leads to) in the order they were added,
  // all in one array.
  void Index() {
    out_start_.assign(static_cast<size_t>(nodes_) + 1, 0);
    for (size_t a = 0; a < arcs_.size(); ++a) ++out_start_[arcs_[a ^ 1].to + 1];
    for (int n = 0; n < nodes_; ++n) out_start_[n + 1] += out_start_[n];
    out_.resize(arcs_.size());
    std::vector<int> filled(out_start_.begin(), out_start_.end() - 1);
    for (size_t a = 0; a < arcs_.size(); ++a) out_[filled[arcs_[a ^ 1].to]++] = static_cast<int>(a);
  }

  int nodes_;
  std::vector<FlowArc> arcs_;
  std::vector<int> out_start_;
  std::vector<int> out_;
};

}  // namespace

std::optional<TileOnHex> TileOn(const BoardData& data, const BoardState& board, HexCoord hex) {
  const auto laid = board.tiles.find(hex);
  if (laid != board.tiles.end()) {
    const TileDef* tile = data.Tile(laid->second.tile);
    if (!tile) return std::nullopt;
    return TileOnHex{tile, laid->second.rotation, false};
  }
  const HexDef* def = data.Hex(hex);
  if (def && def->preprinted) {
    const TileDef* tile = data.Tile(def->preprinted->tile_id);
    if (tile) return TileOnHex{tile, def->preprinted->rotation, true};
  }
  return std::nullopt;
}

std::vector<TileOnHex> TilesOnBoard(const BoardData& data, const BoardState& board) {
  std::vector<TileOnHex> on(data.hexes.size());
  std::vector<char> laid(data.hexes.size(), 0);
  for (const auto& [coord, placed] : board.tiles) {
    const HexDef* hex = data.Hex(coord);
    if (!hex) continue;
    const size_t i = static_cast<size_t>(hex - data.hexes.data());
    laid[i] = 1;
    if (const TileDef* tile = data.Tile(placed.tile)) on[i] = {tile, placed.rotation, false};
  }
  for (size_t i = 0; i < data.hexes.size(); ++i) {
    const HexDef& hex = data.hexes[i];
    if (laid[i] || !hex.preprinted) continue;
    if (const TileDef* tile = data.Tile(hex.preprinted->tile_id)) on[i] = {tile, hex.preprinted->rotation, true};
  }
  return on;
}

int CurrentStation(const BoardData& data, const BoardState& board, HexCoord hex, int printed) {
  const HexDef* def = data.Hex(hex);
  if (!def || !def->preprinted) return printed;
  const auto on = TileOn(data, board, hex);
  const TileDef* first = data.Tile(def->preprinted->tile_id);
  if (!on || on->preprinted || !first) return printed;
  const std::vector<int> mapping = StationMapping(*first, def->preprinted->rotation, *on->tile, on->rotation);
  return printed >= 0 && printed < static_cast<int>(mapping.size()) ? mapping[printed] : printed;
}

int TrackNetwork::SlotNode(int& slot, TrackNode::Kind kind, HexCoord hex, int index, HexCoord other) {
  if (slot < 0) {
    slot = static_cast<int>(nodes_.size());
    nodes_.push_back({kind, hex, index, other, nullptr});
  }
  return slot;
}

int TrackNetwork::Block(HexCoord hex) const {
  const HexDef* def = data_.Hex(hex);
  return def ? hex_block_[static_cast<size_t>(def - data_.hexes.data())] : -1;
}

TrackNetwork::TrackNetwork(const BoardData& data, const BoardState& board) : data_(data) {
  // Only hexes with a tile: the laid ones and the preprinted large cities (TileOn of each).
  std::vector<std::pair<const HexDef*, std::optional<TileOnHex>>> tiled;
  tiled.reserve(board.tiles.size() + 8);
  for (const auto& [coord, placed] : board.tiles) {
    const HexDef* hex = data.Hex(coord);
    if (!hex) continue;
    const TileDef* tile = data.Tile(placed.tile);
    tiled.push_back({hex, tile ? std::optional<TileOnHex>(TileOnHex{tile, placed.rotation, false}) : std::nullopt});
  }
  for (const HexDef& hex : data.hexes) {
    if (hex.preprinted && !board.tiles.count(hex.coord)) tiled.push_back({&hex, TileOn(data, board, hex.coord)});
  }
  // Each tiled hex's block: its edges, its stations' slots (stations the paths name beyond the
  // tile's list included) and its junctions' (only those the paths name become nodes). Path ends
  // name stations, junctions and edges by indices the tile loaders check (>= 0; edges 0..5).
  hex_block_.assign(data.hexes.size(), -1);
  std::vector<std::pair<int, int>> station_and_junction_slots(tiled.size());
  size_t slots = 0;
  for (size_t t = 0; t < tiled.size(); ++t) {
    const auto& [hex, on] = tiled[t];
    if (!on) continue;
    int stations = static_cast<int>(on->tile->stations.size()), junctions = 0;
    for (const TilePath& path : on->tile->paths) {
      for (const PathEnd& end : {path.a, path.b}) {
        if (end.kind == PathEnd::Kind::kStation) stations = std::max(stations, end.index + 1);
        if (end.kind == PathEnd::Kind::kJunction) junctions = std::max(junctions, end.index + 1);
      }
    }
    station_and_junction_slots[t] = {stations, junctions};
    hex_block_[static_cast<size_t>(hex - data.hexes.data())] = static_cast<int>(slots);
    slots += kFirstStationSlot + stations + junctions;
  }
  node_slots_.assign(slots, -1);
  nodes_.reserve(tiled.size() * 4);
  paths_.reserve(tiled.size() * 3);
  for (size_t t = 0; t < tiled.size(); ++t) {
    const auto& [hex_ptr, on] = tiled[t];
    if (!on) continue;
    const HexDef& hex = *hex_ptr;
    const TileDef& tile = *on->tile;
    int* block = node_slots_.data() + hex_block_[static_cast<size_t>(hex_ptr - data.hexes.data())];
    const auto [station_slots, junction_slots] = station_and_junction_slots[t];
    block[kStationCountSlot] = station_slots;
    int* station_nodes = block + kFirstStationSlot;
    int* junction_nodes = station_nodes + station_slots;
    for (size_t s = 0; s < tile.stations.size(); ++s) {
      nodes_[SlotNode(station_nodes[s], TrackNode::Kind::kStation, hex.coord, static_cast<int>(s))].station =
          &tile.stations[s];
    }
    auto end_node = [&](const PathEnd& end) {
      switch (end.kind) {
        case PathEnd::Kind::kStation:
          return SlotNode(station_nodes[end.index], TrackNode::Kind::kStation, hex.coord, end.index);
        case PathEnd::Kind::kJunction:
          return SlotNode(junction_nodes[end.index], TrackNode::Kind::kJunction, hex.coord, end.index);
        case PathEnd::Kind::kEdge: break;
      }
      const int edge = BoardEdge(end.index, on->rotation);  // 0..5: the loaders check ends and rotations
      int& slot = block[edge];
      if (slot >= 0) return slot;
      // A boundary neither hex has made yet (the one made first entered it in both blocks): named
      // from the lesser of its two hexes.
      const HexCoord neighbour = Neighbour(hex.coord, edge);
      const int neighbour_block = Block(neighbour);
      if (hex.coord < neighbour) {
        SlotNode(slot, TrackNode::Kind::kBoundary, hex.coord, edge, neighbour);
      } else {
        SlotNode(slot, TrackNode::Kind::kBoundary, neighbour, OppositeEdge(edge), hex.coord);
      }
      if (neighbour_block >= 0) node_slots_[neighbour_block + OppositeEdge(edge)] = slot;
      return slot;
    };
    for (size_t i = 0; i < tile.paths.size(); ++i) {
      const TilePath& path = tile.paths[i];
      const int a = end_node(path.a);
      const int b = end_node(path.b);
      paths_.push_back({a, b, path.gauge, hex.coord, static_cast<int>(i)});
    }
  }
  // Each node's links in path order (a path's link at `a` before its link at `b`).
  link_start_.assign(nodes_.size() + 1, 0);
  for (const TrackPath& path : paths_) {
    ++link_start_[path.a + 1];
    ++link_start_[path.b + 1];
  }
  for (size_t n = 0; n < nodes_.size(); ++n) link_start_[n + 1] += link_start_[n];
  links_.resize(paths_.size() * 2);
  std::vector<int> filled(link_start_.begin(), link_start_.end() - 1);
  for (size_t id = 0; id < paths_.size(); ++id) {
    const TrackPath& path = paths_[id];
    links_[filled[path.a]++] = {path.b, static_cast<int>(id)};
    links_[filled[path.b]++] = {path.a, static_cast<int>(id)};
  }
}

int TrackNetwork::StationNode(HexCoord hex, int station) const {
  const int block = Block(hex);
  if (block < 0 || station < 0 || station >= node_slots_[block + kStationCountSlot]) return -1;
  return node_slots_[block + kFirstStationSlot + station];
}

TrackNetwork::Tokens TrackNetwork::TokensOf(const BasesByCompany& bases) {
  Tokens tokens;
  for (size_t c = 0; c < bases.size(); ++c) {
    for (const Base& base : bases[c]) tokens[{base.hex, base.station}].push_back(static_cast<int>(c));
  }
  return tokens;
}

// 4.4.3, 4.5.6, 4.5.7: other companies' bases filling a station stop a line (or a train) passing
// through it; 4.2.9: a station with a space still free blocks nobody; 4.2.12: no line continues
// through a terminal station.
std::vector<char> TrackNetwork::BlockedNodes(const BasesByCompany& bases, int company) const {
  // Per station node: the tokens on it, and whether one is the company's.
  std::vector<int> held(nodes_.size(), 0);
  std::vector<char> own(nodes_.size(), 0);
  for (size_t c = 0; c < bases.size(); ++c) {
    for (const Base& base : bases[c]) {
      const int node = StationNode(base.hex, base.station);
      if (node < 0) continue;
      ++held[node];
      if (static_cast<int>(c) == company) own[node] = 1;
    }
  }
  std::vector<char> blocked(nodes_.size(), 0);
  for (size_t i = 0; i < nodes_.size(); ++i) {
    const TileStation* station = nodes_[i].kind == TrackNode::Kind::kStation ? nodes_[i].station : nullptr;
    if (!station) continue;
    // A terminal; or every space taken (a station without spaces is never full), none by the company.
    blocked[i] = station->terminal || (!own[i] && station->token_slots > 0 && held[i] >= station->token_slots) ? 1 : 0;
  }
  return blocked;
}

CompanyReach TrackNetwork::Reach(const TrackPosition& state, int company, std::optional<int> only_base,
                                 const std::set<int>& excluded) const {
  CompanyReach reach;
  const auto& bases = state.bases[company];
  std::vector<Railhead> railheads;  // each once and in order at the end
  std::vector<Railhead> touches;
  // What is reached is marked per node and path and put into the reach's sets at the end, each
  // entry once and in order.
  std::vector<char> path_used(paths_.size(), 0);
  std::vector<char> station_reached(nodes_.size(), 0);
  std::vector<HexCoord> base_hexes;
  const std::vector<char> blocks = BlockedNodes(state.bases, company);
  auto blocked = [&](int node) { return blocks[node] != 0; };
  // A visit is a node and the hex the line arrived from: for a boundary one of its two sides,
  // for a station or junction its own hex (or none, at the base the line starts from). So one
  // flag per node and "arrived from the node's own hex".
  std::vector<char> seen(nodes_.size() * 2);
  auto visit = [&](int node, HexCoord from_hex) -> char& {
    return seen[static_cast<size_t>(node) * 2 + (from_hex == nodes_[node].hex ? 1 : 0)];
  };
  std::vector<std::pair<int, HexCoord>> queue;  // breadth first: read from `next` onwards
  // Lines are reversible (a boundary is crossed either way, a station or junction passed in any
  // direction), so two bases whose stations a line may pass (an own base blocks only as a
  // terminal, 4.2.12) reach exactly the same track if one's line reaches the other: the later
  // base's line ends are the earlier one's, told by its own index, without another search.
  for (int line : {kBroadLine, kMetreLine}) {
    std::vector<int> searched_from(nodes_.size(), -1);  // a station: the base whose search met it
    struct Found {
      size_t railheads_from = 0, railheads_to = 0, touches_from = 0, touches_to = 0;
    };
    std::vector<Found> found(bases.size());  // where a searched base's line ends are in the lists
    for (size_t b = 0; b < bases.size(); ++b) {
      if (only_base && *only_base != static_cast<int>(b)) continue;
      const int start = StationNode(bases[b].hex, bases[b].station);
      if (start < 0) continue;
      base_hexes.push_back(bases[b].hex);
      station_reached[start] = 1;
      if (const int earlier = searched_from[start]; earlier >= 0 && !blocked(start) &&
                                                      !blocked(StationNode(bases[earlier].hex, bases[earlier].station))) {
        const auto relabel = [&](std::vector<Railhead>& ends, size_t first, size_t last) {
          for (size_t i = first; i < last; ++i) ends.push_back({ends[i].hex, ends[i].edge, ends[i].gauge, static_cast<int>(b)});
        };
        relabel(railheads, found[earlier].railheads_from, found[earlier].railheads_to);
        relabel(touches, found[earlier].touches_from, found[earlier].touches_to);
        continue;
      }
      const size_t railheads_from = railheads.size(), touches_from = touches.size();
      // BFS over (node, hex the line arrived from): a boundary is crossed to the other hex.
      std::fill(seen.begin(), seen.end(), 0);
      queue.clear();
      queue.push_back({start, HexCoord{-1, -1}});
      visit(start, HexCoord{-1, -1}) = 1;
      searched_from[start] = static_cast<int>(b);
      for (size_t next = 0; next < queue.size(); ++next) {
        const auto [node, from_hex] = queue[next];
        const TrackNode& n = nodes_[node];
        if (node != start && blocked(node)) continue;  // may end here, not pass
        // A boundary is crossed to the hex the line did not come from: only that hex's paths go on,
        // and with none the line ends at the edge (a railhead, or a touch of a tiled hex). One pass
        // over the links tells both.
        const bool boundary = n.kind == TrackNode::Kind::kBoundary;
        const HexCoord onward = boundary ? (from_hex == n.hex ? n.other : n.hex) : HexCoord{};
        bool onward_track = false;
        for (const TrackLink& link : Links(node)) {
          const TrackPath& path = paths_[link.path];
          if (boundary) {
            if (!(path.hex == onward)) continue;
            onward_track = true;
          }
          if (!Fits(path.gauge, line) || (!excluded.empty() && excluded.count(link.path))) continue;
          path_used[link.path] = 1;
          char& seen_next = visit(link.to, path.hex);
          if (seen_next) continue;
          seen_next = 1;
          if (nodes_[link.to].kind == TrackNode::Kind::kStation) {
            station_reached[link.to] = 1;
            if (searched_from[link.to] < 0) searched_from[link.to] = static_cast<int>(b);
          }
          queue.push_back({link.to, path.hex});
        }
        if (boundary && !onward_track) {
          const HexDef* def = data_.Hex(onward);
          const int edge = onward == n.hex ? n.index : OppositeEdge(n.index);
          if (def && def->playable) {
            const Railhead end{onward, edge, LineGauge(line), static_cast<int>(b)};
            (hex_block_[static_cast<size_t>(def - data_.hexes.data())] >= 0 ? touches : railheads).push_back(end);
          }
        }
      }
      found[b] = {railheads_from, railheads.size(), touches_from, touches.size()};
    }
  }
  std::vector<HexCoord>& hexes = reach.hexes;
  hexes = std::move(base_hexes);
  for (size_t p = 0; p < paths_.size(); ++p) {
    if (!path_used[p]) continue;
    reach.paths.push_back(static_cast<int>(p));
    // A tile's paths are numbered one after another: its hex once per run of them.
    if (hexes.empty() || !(hexes.back() == paths_[p].hex)) hexes.push_back(paths_[p].hex);
  }
  std::sort(hexes.begin(), hexes.end());
  hexes.erase(std::unique(hexes.begin(), hexes.end()), hexes.end());
  for (size_t i = 0; i < nodes_.size(); ++i) {
    if (station_reached[i]) reach.stations.push_back({nodes_[i].hex, nodes_[i].index});
  }
  std::sort(reach.stations.begin(), reach.stations.end());
  const auto in_order = [](std::vector<Railhead>& ends) {
    std::sort(ends.begin(), ends.end());
    ends.erase(std::unique(ends.begin(), ends.end(), [](const Railhead& a, const Railhead& b) { return !(a < b) && !(b < a); }),
               ends.end());
    return std::move(ends);
  };
  reach.railheads = in_order(railheads);
  reach.touches = in_order(touches);
  return reach;
}

int TrackNetwork::BoundaryNode(HexCoord hex, int edge) const {
  if (edge < 0 || edge > 5) return -1;
  if (const int block = Block(hex); block >= 0) return node_slots_[block + edge];
  // A hex without a tile: the boundary is kept by the tiled hex across it, if any.
  const int across = Block(Neighbour(hex, edge));
  return across < 0 ? -1 : node_slots_[across + OppositeEdge(edge)];
}

bool TrackNetwork::SeparateConnections(const TrackPosition& state, int company, const std::vector<Railhead>& first,
                                       const std::vector<Railhead>& second) const {
  if (first.empty() || second.empty()) return false;
  // Two lines start at two different bases: with fewer than two on the track no flow of two
  // exists and no enumeration finds a pair.
  int bases_on_track = 0;
  for (const Base& base : state.bases[company]) bases_on_track += StationNode(base.hex, base.station) >= 0 ? 1 : 0;
  if (bases_on_track < 2) return false;
  std::optional<TrackNetwork> before;  // built only if an enumeration is needed
  for (Gauge first_gauge : {Gauge::kBroad, Gauge::kMetre}) {
    if (std::none_of(first.begin(), first.end(), [&](const Railhead& h) { return h.gauge == first_gauge; })) continue;
    for (Gauge second_gauge : {Gauge::kBroad, Gauge::kMetre}) {
      if (std::none_of(second.begin(), second.end(), [&](const Railhead& h) { return h.gauge == second_gauge; })) {
        continue;
      }
      const std::optional<bool> by_flow = SeparateByFlow(state, company, first, second, first_gauge, second_gauge);
      if (by_flow.value_or(false)) return true;
      if (by_flow) continue;
      if (!before) {
        BoardState without = state.board;
        without.tiles.erase(first.front().hex);
        before.emplace(data_, without);
      }
      for (const Railhead& f : first) {
        for (const Railhead& s : second) {
          if (f.gauge == first_gauge && s.gauge == second_gauge &&
              SeparateByEnumeration(state, company, *before, f, s)) {
            return true;
          }
        }
      }
    }
  }
  return false;
}

// Flow network: for each gauge of line (one layer, or two when the lays' lines differ in gauge) a
// copy of the track that fits it, each piece of track an edge of capacity 1; the source feeds each
// base once (so the two lines start at different bases) and each layer's copy of its station;
// the first lay's railheads lead to one sink, the second lay's to another, both to the target.
// A flow of two is a pair of lines with no track in common. Stations the company may not pass
// (full of other companies' tokens, terminals) carry no line through; the company's own terminal
// bases only start one. Where the two layers' lines share a dual-gauge piece, the flow proves
// nothing: nullopt.
std::optional<bool> TrackNetwork::SeparateByFlow(const TrackPosition& state, int company, const std::vector<Railhead>& first,
                                                 const std::vector<Railhead>& second, Gauge first_gauge,
                                                 Gauge second_gauge) const {
  const int n = static_cast<int>(nodes_.size());
  const int layers = first_gauge == second_gauge ? 1 : 2;
  const int source = layers * n, target = source + 1, first_sink = source + 2, second_sink = source + 3;
  const int base0 = source + 4;
  const auto& bases = state.bases[company];
  UnitFlow flow(base0 + static_cast<int>(bases.size()));
  std::vector<char> own_base(static_cast<size_t>(n), 0);
  for (size_t b = 0; b < bases.size(); ++b) {
    const int node = StationNode(bases[b].hex, bases[b].station);
    if (node < 0) continue;
    own_base[node] = 1;
    flow.Arc(source, base0 + static_cast<int>(b));
    for (int layer = 0; layer < layers; ++layer) flow.Arc(base0 + static_cast<int>(b), layer * n + node);
  }
  const std::vector<char> blocked = BlockedNodes(state.bases, company);
  const Gauge layer_gauge[2] = {first_gauge, second_gauge};
  std::vector<std::array<int, 2>> edge_of(paths_.size(), {-1, -1});
  for (size_t p = 0; p < paths_.size(); ++p) {
    const TrackPath& path = paths_[p];
    for (int layer = 0; layer < layers; ++layer) {
      if (!Fits(path.gauge, LineOf(layer_gauge[layer]))) continue;
      const bool a_starts = blocked[path.a] && own_base[path.a];
      const bool b_starts = blocked[path.b] && own_base[path.b];
      if ((blocked[path.a] && !a_starts) || (blocked[path.b] && !b_starts) || (a_starts && b_starts)) continue;
      const int a = layer * n + path.a, b = layer * n + path.b;
      if (a_starts) {
        flow.Arc(a, b);
      } else if (b_starts) {
        flow.Arc(b, a);
      } else {
        edge_of[p][layer] = flow.Edge(a, b);
      }
    }
  }
  for (const Railhead& head : first) {
    const int node = head.gauge == first_gauge ? BoundaryNode(head.hex, head.edge) : -1;
    if (node >= 0) flow.Arc(node, first_sink);
  }
  for (const Railhead& head : second) {
    const int node = head.gauge == second_gauge ? BoundaryNode(head.hex, head.edge) : -1;
    if (node >= 0) flow.Arc((layers - 1) * n + node, second_sink);
  }
  flow.Arc(first_sink, target);
  flow.Arc(second_sink, target);
  if (flow.Max(source, target, 2) < 2) return false;
  if (layers == 1) return true;
  for (const auto& [first_layer, second_layer] : edge_of) {
    if (first_layer >= 0 && second_layer >= 0 && flow.NetFlow(first_layer) != 0 && flow.NetFlow(second_layer) != 0) {
      return std::nullopt;
    }
  }
  return true;
}

bool TrackNetwork::SeparateByEnumeration(const TrackPosition& state, int company, const TrackNetwork& before,
                                         const Railhead& first, const Railhead& second) const {
  const std::vector<char> blocked = before.BlockedNodes(state.bases, company);
  const auto& bases = state.bases[company];
  // The same path on both networks: (hex, index on the tile).
  std::map<std::pair<HexCoord, int>, int> here;
  for (size_t i = 0; i < paths_.size(); ++i) here[{paths_[i].hex, paths_[i].index_on_tile}] = static_cast<int>(i);
  auto reaches_second = [&](int base, const std::set<int>& excluded) {
    const CompanyReach r = Reach(state, company, base, excluded);
    return std::any_of(r.railheads.begin(), r.railheads.end(), [&](const Railhead& h) {
      return h.hex == second.hex && h.edge == second.edge && h.gauge == second.gauge;
    });
  };
  const int line = first.gauge == Gauge::kBroad ? kBroadLine : kMetreLine;
  for (size_t b1 = 0; b1 < bases.size(); ++b1) {
    const int start = before.StationNode(bases[b1].hex, bases[b1].station);
    if (start < 0) continue;
    // Enumerate the simple lines from base b1 to the first railhead on the earlier network.
    int enumerated = 0;
    bool found = false;
    std::vector<int> used;          // path ids on `before`
    std::set<int> visited_nodes{start};
    std::function<void(int, HexCoord)> walk = [&](int node, HexCoord from_hex) {
      if (found || ++enumerated > kMaxConnectingLines) return;
      const TrackNode& n = before.nodes_[node];
      if (node != start && blocked[node]) return;
      std::optional<HexCoord> only_hex;
      if (n.kind == TrackNode::Kind::kBoundary) {
        const HexCoord onward = from_hex == n.hex ? n.other : n.hex;
        if (onward == first.hex) {
          const int edge = onward == n.hex ? n.index : OppositeEdge(n.index);
          if (edge != first.edge) return;
          std::set<int> excluded;
          for (int p : used) {
            const auto mapped = here.find({before.paths_[p].hex, before.paths_[p].index_on_tile});
            if (mapped != here.end()) excluded.insert(mapped->second);
          }
          for (size_t b2 = 0; b2 < bases.size() && !found; ++b2) {
            if (b2 != b1 && reaches_second(static_cast<int>(b2), excluded)) found = true;
          }
          return;
        }
        only_hex = onward;
      }
      for (const TrackLink& link : before.Links(node)) {
        const TrackPath& path = before.paths_[link.path];
        if (!Fits(path.gauge, line) || (only_hex && !(path.hex == *only_hex))) continue;
        if (!visited_nodes.insert(link.to).second) continue;
        used.push_back(link.path);
        walk(link.to, path.hex);
        used.pop_back();
        visited_nodes.erase(link.to);
        if (found) return;
      }
    };
    walk(start, HexCoord{-1, -1});
    if (found || enumerated > kMaxConnectingLines) return true;
  }
  return false;
}

std::vector<int> TrackNetwork::PassengerComponents(const TrackPosition& state) const {
  const int n = static_cast<int>(nodes_.size());
  // Element per (node, gauge), except that a station is one element for both gauges: passengers
  // change trains (and gauges) only at stations (4.3.1).
  auto element = [&](int node, int line) {
    return nodes_[node].kind == TrackNode::Kind::kStation ? node : n + node * 2 + line;
  };
  UnionFind uf(n * 3);
  // The station nodes holding a base of any company.
  std::vector<int> base_nodes;
  for (const auto& bases : state.bases) {
    for (const Base& base : bases) {
      if (const int station = StationNode(base.hex, base.station); station >= 0) base_nodes.push_back(station);
    }
  }
  UnionFind gauge_uf(n);
  std::vector<char> with_base(static_cast<size_t>(n));
  for (int line : {kBroadLine, kMetreLine}) {
    // Components of this gauge's track.
    std::iota(gauge_uf.parent.begin(), gauge_uf.parent.end(), 0);
    for (const TrackPath& path : paths_) {
      if (Fits(path.gauge, line)) gauge_uf.Union(path.a, path.b);
    }
    // A line counts only if a base lies on it (4.3.1).
    std::fill(with_base.begin(), with_base.end(), 0);
    for (int station : base_nodes) with_base[gauge_uf.Find(station)] = 1;
    for (const TrackPath& path : paths_) {
      if (!Fits(path.gauge, line) || !with_base[gauge_uf.Find(path.a)]) continue;
      uf.Union(element(path.a, line), element(path.b, line));
    }
  }
  // The stations of one city are a short rickshaw ride apart (4.3.1).
  std::vector<int> first_station(data_.hexes.size(), -1);  // by the hex's index in the board's data
  for (int i = 0; i < n; ++i) {
    if (nodes_[i].kind != TrackNode::Kind::kStation) continue;
    const HexDef* hex = data_.Hex(nodes_[i].hex);
    if (!hex || !hex->city) continue;
    int& first = first_station[static_cast<size_t>(hex - data_.hexes.data())];
    if (first < 0) {
      first = i;
    } else {
      uf.Union(i, first);
    }
  }
  std::vector<int> component(n);
  for (int i = 0; i < n; ++i) component[i] = uf.Find(element(i, kBroadLine));
  return component;
}

}  // namespace mailrun::engine

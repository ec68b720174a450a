#include "engine/track/track_network.h"

#include <algorithm>
#include <deque>
#include <numeric>

#include "engine/board/promotion.h"

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

// Caps the enumeration of connecting lines for 4.1.8; beyond it the check gives the benefit of
// the doubt (docs/rulings.md).
constexpr int kMaxConnectingLines = 4000;

}  // namespace

std::optional<TileOnHex> TileOn(const EditionData& data, const BoardState& board, HexCoord hex) {
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

int CurrentStation(const EditionData& data, const BoardState& board, HexCoord hex, int printed) {
  const HexDef* def = data.Hex(hex);
  if (!def || !def->preprinted) return printed;
  const auto on = TileOn(data, board, hex);
  const TileDef* first = data.Tile(def->preprinted->tile_id);
  if (!on || on->preprinted || !first) return printed;
  const std::vector<int> mapping = StationMapping(*first, def->preprinted->rotation, *on->tile, on->rotation);
  return printed >= 0 && printed < static_cast<int>(mapping.size()) ? mapping[printed] : printed;
}

uint64_t TrackNetwork::NodeKey(TrackNode::Kind kind, HexCoord hex, int index, HexCoord other) {
  auto part = [](int value) { return static_cast<uint64_t>(value + 64) & 0xFFFF; };  // rows/cols may be -1
  return (static_cast<uint64_t>(kind) << 60) | (part(hex.row) << 44) | (part(hex.col) << 28) |
         (static_cast<uint64_t>(index & 0xFF) << 20) | (part(other.row) << 10) | part(other.col);
}

int TrackNetwork::Node(TrackNode::Kind kind, HexCoord hex, int index, HexCoord other) {
  const uint64_t key = NodeKey(kind, hex, index, other);
  const auto found = node_index_.find(key);
  if (found != node_index_.end()) return found->second;
  const int id = static_cast<int>(nodes_.size());
  nodes_.push_back({kind, hex, index, other, nullptr});
  links_.emplace_back();
  node_index_.emplace(key, id);
  return id;
}

TrackNetwork::TrackNetwork(const EditionData& data, const BoardState& board) : data_(data) {
  // Only hexes with a tile: the laid ones and the preprinted large cities.
  std::vector<const HexDef*> tiled;
  for (const auto& [coord, placed] : board.tiles) {
    if (const HexDef* hex = data.Hex(coord)) tiled.push_back(hex);
  }
  for (const HexDef& hex : data.hexes) {
    if (hex.preprinted && !board.tiles.count(hex.coord)) tiled.push_back(&hex);
  }
  node_index_.reserve(tiled.size() * 8);
  for (const HexDef* hex_ptr : tiled) {
    const HexDef& hex = *hex_ptr;
    const auto on = TileOn(data, board, hex.coord);
    if (!on) continue;
    const TileDef& tile = *on->tile;
    for (size_t s = 0; s < tile.stations.size(); ++s) {
      nodes_[Node(TrackNode::Kind::kStation, hex.coord, static_cast<int>(s))].station = &tile.stations[s];
    }
    auto end_node = [&](const PathEnd& end) {
      switch (end.kind) {
        case PathEnd::Kind::kStation: return Node(TrackNode::Kind::kStation, hex.coord, end.index);
        case PathEnd::Kind::kJunction: return Node(TrackNode::Kind::kJunction, hex.coord, end.index);
        case PathEnd::Kind::kEdge: break;
      }
      const int edge = BoardEdge(end.index, on->rotation);
      const HexCoord neighbour = Neighbour(hex.coord, edge);
      if (hex.coord < neighbour) return Node(TrackNode::Kind::kBoundary, hex.coord, edge, neighbour);
      return Node(TrackNode::Kind::kBoundary, neighbour, OppositeEdge(edge), hex.coord);
    };
    for (size_t i = 0; i < tile.paths.size(); ++i) {
      const TilePath& path = tile.paths[i];
      const int a = end_node(path.a);
      const int b = end_node(path.b);
      const int id = static_cast<int>(paths_.size());
      paths_.push_back({a, b, path.gauge, hex.coord, static_cast<int>(i)});
      links_[a].push_back({b, id});
      links_[b].push_back({a, id});
    }
  }
  (void)data_;
}

int TrackNetwork::StationNode(HexCoord hex, int station) const {
  const auto found = node_index_.find(NodeKey(TrackNode::Kind::kStation, hex, station, HexCoord{}));
  return found == node_index_.end() ? -1 : found->second;
}

TrackNetwork::Tokens TrackNetwork::TokensOf(const GameState& state) {
  Tokens tokens;
  for (int c = 0; c < kCompanies; ++c) {
    for (const Base& base : state.companies[c].bases) tokens[{base.hex, base.station}].push_back(c);
  }
  return tokens;
}

bool TrackNetwork::Blocks(const Tokens& tokens, int company, int node) const {
  const TrackNode& n = nodes_[node];
  if (n.kind != TrackNode::Kind::kStation || !n.station) return false;
  if (n.station->terminal) return true;  // 4.2.12: no line continues through a terminal station
  const auto on = tokens.find({n.hex, n.index});
  if (on == tokens.end()) return false;
  if (std::find(on->second.begin(), on->second.end(), company) != on->second.end()) return false;
  return n.station->token_slots > 0 && static_cast<int>(on->second.size()) >= n.station->token_slots;
}

CompanyReach TrackNetwork::Reach(const GameState& state, int company, std::optional<int> only_base,
                                 const std::set<int>& excluded) const {
  CompanyReach reach;
  const Tokens tokens = TokensOf(state);
  const auto& bases = state.companies[company].bases;
  std::set<Railhead> railheads;
  std::set<Railhead> touches;
  for (size_t b = 0; b < bases.size(); ++b) {
    if (only_base && *only_base != static_cast<int>(b)) continue;
    const int start = StationNode(bases[b].hex, bases[b].station);
    if (start < 0) continue;
    for (int line : {kBroadLine, kMetreLine}) {
      // BFS over (node, hex the line arrived from): a boundary is crossed to the other hex.
      std::set<std::pair<int, HexCoord>> seen;
      std::deque<std::pair<int, HexCoord>> queue;
      queue.push_back({start, HexCoord{-1, -1}});
      seen.insert(queue.front());
      reach.stations.insert({bases[b].hex, bases[b].station});
      reach.hexes.insert(bases[b].hex);
      while (!queue.empty()) {
        const auto [node, from_hex] = queue.front();
        queue.pop_front();
        const TrackNode& n = nodes_[node];
        if (node != start && Blocks(tokens, company, node)) continue;  // may end here, not pass
        std::optional<HexCoord> only_hex;
        if (n.kind == TrackNode::Kind::kBoundary) {
          const HexCoord onward = from_hex == n.hex ? n.other : n.hex;
          bool onward_track = false;
          for (const TrackLink& link : links_[node]) onward_track = onward_track || paths_[link.path].hex == onward;
          if (!onward_track) {
            const HexDef* def = data_.Hex(onward);
            const int edge = onward == n.hex ? n.index : OppositeEdge(n.index);
            if (def && def->playable) {
              const Railhead end{onward, edge, LineGauge(line), static_cast<int>(b)};
              (TileOn(data_, state.board, onward) ? touches : railheads).insert(end);
            }
            continue;
          }
          only_hex = onward;
        }
        for (const TrackLink& link : links_[node]) {
          const TrackPath& path = paths_[link.path];
          if (excluded.count(link.path) || !Fits(path.gauge, line)) continue;
          if (only_hex && !(path.hex == *only_hex)) continue;
          const std::pair<int, HexCoord> next{link.to, path.hex};
          reach.paths.insert(link.path);
          reach.hexes.insert(path.hex);
          if (!seen.insert(next).second) continue;
          const TrackNode& to = nodes_[link.to];
          if (to.kind == TrackNode::Kind::kStation) reach.stations.insert({to.hex, to.index});
          queue.push_back(next);
        }
      }
    }
  }
  reach.railheads.assign(railheads.begin(), railheads.end());
  reach.touches.assign(touches.begin(), touches.end());
  return reach;
}

bool TrackNetwork::SeparateConnections(const GameState& state, int company, const TrackNetwork& before,
                                       const Railhead& first, const Railhead& second) const {
  const Tokens tokens = TokensOf(state);
  const auto& bases = state.companies[company].bases;
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
      if (node != start && before.Blocks(tokens, company, node)) return;
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
      for (const TrackLink& link : before.links_[node]) {
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

std::vector<int> TrackNetwork::PassengerComponents(const GameState& state) const {
  const int n = static_cast<int>(nodes_.size());
  // Element per (node, gauge), except that a station is one element for both gauges: passengers
  // change trains (and gauges) only at stations (4.3.1).
  auto element = [&](int node, int line) {
    return nodes_[node].kind == TrackNode::Kind::kStation ? node : n + node * 2 + line;
  };
  UnionFind uf(n * 3);
  const Tokens tokens = TokensOf(state);
  for (int line : {kBroadLine, kMetreLine}) {
    // Components of this gauge's track.
    UnionFind gauge_uf(n);
    for (const TrackPath& path : paths_) {
      if (Fits(path.gauge, line)) gauge_uf.Union(path.a, path.b);
    }
    // A line counts only if a base lies on it (4.3.1).
    std::set<int> with_base;
    for (const auto& [where, companies] : tokens) {
      const int station = StationNode(where.first, where.second);
      if (station >= 0) with_base.insert(gauge_uf.Find(station));
    }
    for (const TrackPath& path : paths_) {
      if (!Fits(path.gauge, line) || !with_base.count(gauge_uf.Find(path.a))) continue;
      uf.Union(element(path.a, line), element(path.b, line));
    }
  }
  // The stations of one city are a short rickshaw ride apart (4.3.1).
  std::map<HexCoord, int> first_station;
  for (int i = 0; i < n; ++i) {
    if (nodes_[i].kind != TrackNode::Kind::kStation) continue;
    const HexDef* hex = data_.Hex(nodes_[i].hex);
    if (!hex || !hex->city) continue;
    const auto [it, inserted] = first_station.emplace(nodes_[i].hex, i);
    if (!inserted) uf.Union(i, it->second);
  }
  std::vector<int> component(n);
  for (int i = 0; i < n; ++i) component[i] = uf.Find(element(i, kBroadLine));
  return component;
}

}  // namespace mailrun::engine

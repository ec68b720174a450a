// A candidate tile over the board's track network (see lay_reach.h).
#include "engine/titles/t1947/lay_reach.h"

#include <algorithm>
#include <deque>

namespace mailrun::engine::t1947 {
namespace {

// A line keeps one gauge; dual-gauge track fits both (as TrackNetwork::Reach).
bool Fits(Gauge track, Gauge line) { return track == Gauge::kDual || track == line; }

// The board's network with one hex's track replaced by a candidate tile's. Nodes and paths of the
// network keep their numbers; the tile's stations, junctions and edges no network boundary has
// yet are numbered after the network's nodes, its paths after the network's paths.
class Overlay {
 public:
  Overlay(const TrackNetwork& network, const std::map<std::pair<HexCoord, int>, int>& boundaries, HexCoord hex,
          const TileDef& tile, int rotation)
      : network_(network), hex_(hex), first_node_(static_cast<int>(network.nodes().size())),
        first_path_(static_cast<int>(network.paths().size())) {
    int junctions = static_cast<int>(tile.junctions.size());
    for (const TilePath& p : tile.paths) {
      for (const PathEnd& end : {p.a, p.b}) {
        if (end.kind == PathEnd::Kind::kJunction) junctions = std::max(junctions, end.index + 1);
      }
    }
    for (size_t s = 0; s < tile.stations.size(); ++s) {
      nodes_.push_back({TrackNode::Kind::kStation, hex, static_cast<int>(s), HexCoord{}, &tile.stations[s]});
    }
    for (int j = 0; j < junctions; ++j) nodes_.push_back({TrackNode::Kind::kJunction, hex, j, HexCoord{}, nullptr});
    links_.resize(nodes_.size());
    std::map<std::pair<HexCoord, int>, int> added;  // boundaries the network does not have
    auto end_node = [&](const PathEnd& end) {
      if (end.kind == PathEnd::Kind::kStation) return first_node_ + end.index;
      if (end.kind == PathEnd::Kind::kJunction) return first_node_ + static_cast<int>(tile.stations.size()) + end.index;
      const int edge = BoardEdge(end.index, rotation);
      const HexCoord neighbour = Neighbour(hex, edge);
      const std::pair<HexCoord, int> key = hex < neighbour ? std::pair{hex, edge} : std::pair{neighbour, OppositeEdge(edge)};
      const HexCoord other = hex < neighbour ? neighbour : hex;
      if (const auto found = boundaries.find(key); found != boundaries.end()) return found->second;
      if (const auto found = added.find(key); found != added.end()) return found->second;
      const int id = first_node_ + static_cast<int>(nodes_.size());
      nodes_.push_back({TrackNode::Kind::kBoundary, key.first, key.second, other, nullptr});
      links_.emplace_back();
      added.emplace(key, id);
      return id;
    };
    for (size_t i = 0; i < tile.paths.size(); ++i) {
      const int a = end_node(tile.paths[i].a);
      const int b = end_node(tile.paths[i].b);
      const int id = first_path_ + static_cast<int>(paths_.size());
      paths_.push_back({a, b, tile.paths[i].gauge, hex, static_cast<int>(i)});
      AddLink(a, {b, id});
      AddLink(b, {a, id});
    }
  }

  int size() const { return first_node_ + static_cast<int>(nodes_.size()); }
  const TrackNode& node(int n) const { return n < first_node_ ? network_.nodes()[n] : nodes_[n - first_node_]; }
  const TrackPath& path(int p) const { return p < first_path_ ? network_.paths()[p] : paths_[p - first_path_]; }
  // The tile's path index of an overlay path; -1 for the network's own paths.
  int TilePathOf(int p) const { return p < first_path_ ? -1 : p - first_path_; }

  // The node's links: the network's, less those on the replaced hex, and the tile's.
  template <typename Visit>
  void ForEachLink(int n, Visit visit) const {
    if (n < first_node_) {
      for (const TrackLink& link : network_.Links(n)) {
        if (!(network_.paths()[link.path].hex == hex_)) visit(link);
      }
      if (const auto found = boundary_links_.find(n); found != boundary_links_.end()) {
        for (const TrackLink& link : found->second) visit(link);
      }
      return;
    }
    for (const TrackLink& link : links_[n - first_node_]) visit(link);
  }

  // The station node of (hex, station) with the tile laid; -1 if absent.
  int StationNode(HexCoord hex, int station) const {
    if (!(hex == hex_)) return network_.StationNode(hex, station);
    const bool on_tile = station >= 0 && station < static_cast<int>(nodes_.size()) && nodes_[station].kind == TrackNode::Kind::kStation;
    return on_tile ? first_node_ + station : -1;
  }

 private:
  void AddLink(int node, TrackLink link) {
    if (node < first_node_) {
      boundary_links_[node].push_back(link);
    } else {
      links_[node - first_node_].push_back(link);
    }
  }

  const TrackNetwork& network_;
  HexCoord hex_;
  int first_node_;
  int first_path_;
  std::vector<TrackNode> nodes_;
  std::vector<std::vector<TrackLink>> links_;
  std::vector<TrackPath> paths_;
  std::map<int, std::vector<TrackLink>> boundary_links_;  // the tile's paths at the network's boundaries
};

}  // namespace

LayReach::LayReach(const T1947Data& data, const Board1947& board, int railway)
    : board_(board), railway_(railway), network_(data.board.data, board.board), tokens_(TrackNetwork::TokensOf(board.stations)) {
  const std::vector<TrackNode>& nodes = network_.nodes();
  for (size_t n = 0; n < nodes.size(); ++n) {
    if (nodes[n].kind == TrackNode::Kind::kBoundary) boundaries_.emplace(std::pair{nodes[n].hex, nodes[n].index}, static_cast<int>(n));
  }
}

// The search of TrackNetwork::Reach, from each station of the railway and for each gauge, over
// (node, hex the line arrived from): a line never passes a station full of other railways'
// stations nor a terminal station (it may end there), and crosses a boundary only onto the track
// of the hex on the other side. It stops at the first path of the tile that counts.
bool LayReach::Reaches(HexCoord hex, const TileDef& tile, int rotation, const std::function<bool(int path)>& counts) const {
  const Overlay overlay(network_, boundaries_, hex, tile, rotation);
  auto blocks = [&](int n) {
    const TrackNode& node = overlay.node(n);
    if (node.kind != TrackNode::Kind::kStation || !node.station) return false;
    if (node.station->terminal) return true;
    const auto on = tokens_.find({node.hex, node.index});
    if (on == tokens_.end()) return false;
    if (std::find(on->second.begin(), on->second.end(), railway_) != on->second.end()) return false;
    return node.station->token_slots > 0 && static_cast<int>(on->second.size()) >= node.station->token_slots;
  };
  std::vector<char> seen(static_cast<size_t>(overlay.size()) * 2);
  auto visit = [&](int n, HexCoord from_hex) -> char& {
    return seen[static_cast<size_t>(n) * 2 + (from_hex == overlay.node(n).hex ? 1 : 0)];
  };
  for (const Base& base : board_.stations[railway_]) {
    const int start = overlay.StationNode(base.hex, base.station);
    if (start < 0) continue;
    for (Gauge line : {Gauge::kBroad, Gauge::kMetre}) {
      std::fill(seen.begin(), seen.end(), 0);
      std::deque<std::pair<int, HexCoord>> queue;
      queue.push_back({start, HexCoord{-1, -1}});
      visit(start, HexCoord{-1, -1}) = 1;
      bool found = false;
      while (!queue.empty() && !found) {
        const auto [n, from_hex] = queue.front();
        queue.pop_front();
        const TrackNode& node = overlay.node(n);
        if (n != start && blocks(n)) continue;  // may end here, not pass
        std::optional<HexCoord> only_hex;
        if (node.kind == TrackNode::Kind::kBoundary) {
          const HexCoord onward = from_hex == node.hex ? node.other : node.hex;
          bool onward_track = false;
          overlay.ForEachLink(n, [&](const TrackLink& link) { onward_track = onward_track || overlay.path(link.path).hex == onward; });
          if (!onward_track) continue;  // a railhead or a touch: no track to run onto
          only_hex = onward;
        }
        overlay.ForEachLink(n, [&](const TrackLink& link) {
          const TrackPath& path = overlay.path(link.path);
          if (found || !Fits(path.gauge, line) || (only_hex && !(path.hex == *only_hex))) return;
          const int on_tile = overlay.TilePathOf(link.path);
          if (on_tile >= 0 && counts(on_tile)) {
            found = true;
            return;
          }
          char& seen_next = visit(link.to, path.hex);
          if (seen_next) return;
          seen_next = 1;
          queue.push_back({link.to, path.hex});
        });
      }
      if (found) return true;
    }
  }
  return false;
}

}  // namespace mailrun::engine::t1947

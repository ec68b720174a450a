#include "engine/core/routes/route_graph.h"

#include <functional>
#include <unordered_set>
#include <utility>

namespace mailrun::engine::routes {

namespace {

Error BadGraph(std::string message) {
  return DataFault("route graph: " + std::move(message));
}

uint64_t CoordKey(HexCoord coord) {
  return (static_cast<uint64_t>(static_cast<uint32_t>(coord.row)) << 32) | static_cast<uint32_t>(coord.col);
}

uint64_t NameKey(std::string_view name) { return std::hash<std::string_view>{}(name); }

}  // namespace

void RouteGraph::Reserve(size_t tiled_hexes) {
  const size_t hexes = tiled_hexes * 2;  // with the neighbours their track runs into
  const size_t nodes = tiled_hexes * 4;  // stations, junctions, boundaries
  hexes_.reserve(hexes);
  nodes_.reserve(nodes);
  incident_.reserve(nodes);
  edges_.reserve(nodes);
  hex_by_coord_.Reserve(hexes);
  node_by_name_hash_.Reserve(nodes);
  boundary_by_hexes_.Reserve(nodes);
}

int RouteGraph::AddHex(HexCoord coord, std::string name) {
  if (int found = FindHex(coord); found >= 0) return found;
  hexes_.push_back(RouteHex{coord, std::move(name), ""});
  hex_by_coord_.Emplace(CoordKey(coord), static_cast<int>(hexes_.size()) - 1);
  return static_cast<int>(hexes_.size()) - 1;
}

std::string RouteGraph::StationPlace(int node) const {
  const RouteNode& station = nodes_[node];
  if (station.hex < 0 || station.hex >= static_cast<int>(hexes_.size())) return station.name;
  const RouteHex& hex = hexes_[station.hex];
  if (!hex.place.empty()) return hex.place;
  return station.station.city >= 0 ? hex.name : "town at " + hex.name;
}

int RouteGraph::AddNode(RouteNode node) {
  int index = static_cast<int>(nodes_.size());
  // A duplicate keeps the first (Check() reports it); a name whose hash another name has is found
  // by FindNode's scan.
  node_by_name_hash_.Emplace(NameKey(node.name), index);
  nodes_.push_back(std::move(node));
  incident_.emplace_back();
  return index;
}

int RouteGraph::AddStation(int hex, int index_on_tile, const StationInfo& info) {
  RouteNode node;
  node.kind = NodeKind::kStation;
  node.hex = hex;
  node.station = info;
  node.name = (hex >= 0 && hex < static_cast<int>(hexes_.size()) ? hexes_[hex].name : "?") + ".s" +
              std::to_string(index_on_tile);
  return AddNode(std::move(node));
}

int RouteGraph::AddJunction(int hex, int index_on_tile, NodeKind kind) {
  RouteNode node;
  node.kind = kind;
  node.hex = hex;
  node.name = (hex >= 0 && hex < static_cast<int>(hexes_.size()) ? hexes_[hex].name : "?") + ".j" +
              std::to_string(index_on_tile);
  return AddNode(std::move(node));
}

int RouteGraph::AddBoundary(int hex_a, int hex_b) {
  int n = static_cast<int>(hexes_.size());
  if (hex_a >= 0 && hex_a < n && hex_b >= 0 && hex_b < n && hexes_[hex_b].coord < hexes_[hex_a].coord) {
    std::swap(hex_a, hex_b);
  }
  const uint64_t pair = (static_cast<uint64_t>(static_cast<uint32_t>(hex_a)) << 32) | static_cast<uint32_t>(hex_b);
  if (const int found = boundary_by_hexes_.Find(pair); found >= 0) return found;
  auto name_of = [&](int hex) { return hex >= 0 && hex < n ? hexes_[hex].name : std::string("?"); };
  RouteNode node;
  node.kind = NodeKind::kBoundary;
  node.hex = hex_a;
  node.other_hex = hex_b;
  node.name = name_of(hex_a) + "/" + name_of(hex_b);
  const int index = AddNode(std::move(node));
  boundary_by_hexes_.Emplace(pair, index);
  return index;
}

int RouteGraph::AddEdge(int a, int b, Gauge gauge, int hex, int group) {
  if (group < 0) group = NewGroup();
  int index = static_cast<int>(edges_.size());
  edges_.push_back(RouteEdge{a, b, gauge, hex, group});
  int n = static_cast<int>(nodes_.size());
  if (a >= 0 && a < n) incident_[a].push_back(index);
  if (b >= 0 && b < n && b != a) incident_[b].push_back(index);
  return index;
}

int RouteGraph::FindNode(std::string_view name) const {
  const int found = node_by_name_hash_.Find(NameKey(name));
  if (found < 0 || nodes_[found].name == name) return found;
  for (size_t i = 0; i < nodes_.size(); ++i) {  // another name with the same hash was kept
    if (nodes_[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

int RouteGraph::FindHex(HexCoord coord) const { return hex_by_coord_.Find(CoordKey(coord)); }

Status RouteGraph::Check() const {
  const int hex_count = static_cast<int>(hexes_.size());
  const int node_count = static_cast<int>(nodes_.size());
  std::unordered_set<std::string> names;
  for (const RouteNode& node : nodes_) {
    if (!names.insert(node.name).second) return BadGraph("two nodes are named " + node.name);
    if (node.hex < 0 || node.hex >= hex_count) return BadGraph(node.name + " lies on no registered hex");
    if (node.kind == NodeKind::kBoundary) {
      if (node.other_hex < 0 || node.other_hex >= hex_count || node.other_hex == node.hex) {
        return BadGraph("boundary " + node.name + " needs two different hexes");
      }
    } else if (node.kind == NodeKind::kStation) {
      const StationInfo& s = node.station;
      if (s.revenue < 0) return BadGraph("station " + node.name + " has a negative revenue");
      if (s.blocked && s.company_base) {
        return BadGraph("station " + node.name + " holds the company's base, so it cannot be blocked");
      }
      if (s.city < -1) return BadGraph("station " + node.name + " has an invalid city");
    }
  }
  for (const RouteEdge& edge : edges_) {
    if (edge.a < 0 || edge.a >= node_count || edge.b < 0 || edge.b >= node_count) {
      return BadGraph("an edge joins a node that does not exist");
    }
    const RouteNode& a = nodes_[edge.a];
    const RouteNode& b = nodes_[edge.b];
    if (edge.a == edge.b) return BadGraph("an edge joins " + a.name + " to itself");
    if (edge.group < 0 || edge.group >= group_count_) {
      return BadGraph("the edge " + a.name + "-" + b.name + " has no valid exclusivity group");
    }
    if (edge.hex < 0 || edge.hex >= hex_count) {
      return BadGraph("the edge " + a.name + "-" + b.name + " lies on no registered hex");
    }
    for (const RouteNode* end : {&a, &b}) {
      bool on_hex = end->hex == edge.hex || (end->kind == NodeKind::kBoundary && end->other_hex == edge.hex);
      if (!on_hex) {
        return BadGraph("the edge " + a.name + "-" + b.name + " lies on " + hexes_[edge.hex].name +
                        " but " + end->name + " does not");
      }
    }
  }
  return OkStatus();
}

}  // namespace mailrun::engine::routes

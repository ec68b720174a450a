#include "engine/core/routes/route_graph.h"

#include <unordered_set>
#include <utility>

namespace mailrun::engine::routes {

namespace {

Error BadGraph(std::string message) {
  return DataFault("route graph: " + std::move(message));
}

}  // namespace

int RouteGraph::AddHex(HexCoord coord, std::string name) {
  if (int found = FindHex(coord); found >= 0) return found;
  hexes_.push_back(RouteHex{coord, std::move(name), ""});
  hex_by_coord_.emplace(coord, static_cast<int>(hexes_.size()) - 1);
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
  node_by_name_.emplace(node.name, index);  // a duplicate keeps the first; Check() reports it
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
  auto name_of = [&](int hex) { return hex >= 0 && hex < n ? hexes_[hex].name : std::string("?"); };
  std::string name = name_of(hex_a) + "/" + name_of(hex_b);
  if (int found = FindNode(name); found >= 0 && nodes_[found].kind == NodeKind::kBoundary) return found;
  RouteNode node;
  node.kind = NodeKind::kBoundary;
  node.hex = hex_a;
  node.other_hex = hex_b;
  node.name = std::move(name);
  return AddNode(std::move(node));
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
  auto it = node_by_name_.find(std::string(name));
  return it == node_by_name_.end() ? -1 : it->second;
}

int RouteGraph::FindHex(HexCoord coord) const {
  const auto found = hex_by_coord_.find(coord);
  return found == hex_by_coord_.end() ? -1 : found->second;
}

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

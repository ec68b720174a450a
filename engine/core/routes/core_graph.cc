#include "engine/core/routes/core_graph.h"

#include <algorithm>
#include <deque>
#include <map>
#include <unordered_map>

namespace mailrun::engine::routes::internal {

namespace {

int OtherEnd(const RouteEdge& edge, int node) { return edge.a == node ? edge.b : edge.a; }

}  // namespace

CoreGraph CoreGraph::Build(const RouteGraph& graph, Gauge gauge, const std::vector<int>& must_hexes) {
  const auto& gnodes = graph.nodes();
  const auto& gedges = graph.edges();
  const int node_count = static_cast<int>(gnodes.size());
  std::vector<bool> usable(gedges.size());
  for (size_t e = 0; e < gedges.size(); ++e) usable[e] = GaugeFits(gauge, gedges[e].gauge);

  // Lines usable at a node: for a boundary, per side.
  auto count_lines = [&](int n, int* side_a, int* side_b) {
    *side_a = *side_b = 0;
    for (int e : graph.EdgesAt(n)) {
      if (!usable[e]) continue;
      (gedges[e].hex == gnodes[n].hex ? *side_a : *side_b) += 1;
    }
  };
  auto can_pass = [&](int n) {
    int a = 0, b = 0;
    count_lines(n, &a, &b);
    if (gnodes[n].kind == NodeKind::kBoundary) return a >= 1 && b >= 1;
    return a + b >= 2;
  };

  // Prune places no run can pass, until none is left: a run never ends at a non-station.
  std::vector<bool> alive(node_count, true);
  std::deque<int> queue;
  for (int n = 0; n < node_count; ++n) {
    if (gnodes[n].kind != NodeKind::kStation) queue.push_back(n);
  }
  while (!queue.empty()) {
    int n = queue.front();
    queue.pop_front();
    if (!alive[n] || gnodes[n].kind == NodeKind::kStation || can_pass(n)) continue;
    alive[n] = false;
    for (int e : graph.EdgesAt(n)) {
      if (!usable[e]) continue;
      usable[e] = false;
      queue.push_back(OtherEnd(gedges[e], n));
    }
  }

  CoreGraph core;
  core.core_of_.assign(node_count, -1);
  std::map<int, int> city_index;
  for (int n = 0; n < node_count; ++n) {
    if (!alive[n]) continue;
    const RouteNode& node = gnodes[n];
    int a = 0, b = 0;
    count_lines(n, &a, &b);
    if (node.kind != NodeKind::kStation && a + b <= 2) continue;  // passed straight through: in a segment
    CoreNode c;
    c.node = n;
    c.station = node.kind == NodeKind::kStation;
    c.boundary = node.kind == NodeKind::kBoundary;
    c.passable = true;
    if (c.station) {
      const StationInfo& s = node.station;
      c.large = s.large;
      c.base = s.company_base;
      c.passable = !s.terminal && !s.blocked;
      c.value = s.revenue;
      if (s.city >= 0) {
        auto [it, fresh] = city_index.emplace(s.city, static_cast<int>(city_index.size()));
        c.city = it->second;
      }
    }
    core.core_of_[n] = static_cast<int>(core.nodes_.size());
    core.nodes_.push_back(c);
  }
  core.city_count_ = static_cast<int>(city_index.size());

  // Trace the segments from every core node along each usable line not yet traced.
  std::vector<bool> traced(gedges.size(), false);
  for (int u = 0; u < static_cast<int>(core.nodes_.size()); ++u) {
    int start = core.nodes_[u].node;
    for (int first : graph.EdgesAt(start)) {
      if (!usable[first] || traced[first]) continue;
      Segment seg;
      seg.u = u;
      seg.nodes.push_back(start);
      int edge = first;
      int at = start;
      while (true) {
        traced[edge] = true;
        seg.edges.push_back(edge);
        at = OtherEnd(gedges[edge], at);
        seg.nodes.push_back(at);
        if (core.core_of_[at] >= 0) break;
        int next = -1;
        for (int e : graph.EdgesAt(at)) {
          if (usable[e] && e != edge) next = e;
        }
        edge = next;
      }
      seg.v = core.core_of_[at];
      if (seg.v == u) continue;  // a loop back to its start: passing it would visit u twice
      seg.side_u = gedges[seg.edges.front()].hex;
      seg.side_v = gedges[seg.edges.back()].hex;
      for (int e : seg.edges) {
        for (size_t i = 0; i < must_hexes.size() && i < 64; ++i) {
          if (gedges[e].hex == must_hexes[i]) seg.must_mask |= uint64_t{1} << i;
        }
      }
      core.segments_.push_back(std::move(seg));
    }
  }

  // Exclusivity groups per segment, and the adjacency in segment order.
  core.group_words_ = std::max(1, (graph.group_count() + 63) / 64);
  core.group_bits_.assign(core.segments_.size() * core.group_words_, 0);
  std::vector<std::vector<CoreAdj>> adj(core.nodes_.size());
  for (int s = 0; s < static_cast<int>(core.segments_.size()); ++s) {
    const Segment& seg = core.segments_[s];
    uint64_t* bits = &core.group_bits_[static_cast<size_t>(s) * core.group_words_];
    for (int e : seg.edges) bits[gedges[e].group / 64] |= uint64_t{1} << (gedges[e].group % 64);
    adj[seg.u].push_back(CoreAdj{s, seg.v, seg.side_u, seg.side_v});
    adj[seg.v].push_back(CoreAdj{s, seg.u, seg.side_v, seg.side_u});
  }
  core.adj_start_.push_back(0);
  for (const auto& list : adj) {
    core.adj_.insert(core.adj_.end(), list.begin(), list.end());
    core.adj_start_.push_back(static_cast<int>(core.adj_.size()));
  }
  return core;
}

void CoreGraph::MergeGroups(std::vector<CoreGraph>* cores) {
  if (cores->empty()) return;
  const int words = (*cores)[0].group_words_;
  const size_t groups = static_cast<size_t>(words) * 64;
  // The segments using each group (numbered across the cores), in increasing order.
  std::vector<std::vector<int>> users(groups);
  int offset = 0;
  for (const CoreGraph& core : *cores) {
    for (size_t s = 0; s < core.segments_.size(); ++s) {
      for (int w = 0; w < words; ++w) {
        for (uint64_t bits = core.group_bits_[s * words + w]; bits != 0; bits &= bits - 1) {
          users[static_cast<size_t>(w) * 64 + __builtin_ctzll(bits)].push_back(offset + static_cast<int>(s));
        }
      }
    }
    offset += static_cast<int>(core.segments_.size());
  }
  std::vector<int> merged(groups, -1);
  std::map<std::vector<int>, int> by_users;
  int count = 0;
  for (size_t g = 0; g < groups; ++g) {
    if (users[g].empty()) continue;
    const auto [it, fresh] = by_users.emplace(users[g], count);
    if (fresh) ++count;
    merged[g] = it->second;
  }
  const int merged_words = std::max(1, (count + 63) / 64);
  for (CoreGraph& core : *cores) {
    std::vector<uint64_t> bits(core.segments_.size() * merged_words, 0);
    for (size_t s = 0; s < core.segments_.size(); ++s) {
      for (int w = 0; w < words; ++w) {
        for (uint64_t old = core.group_bits_[s * words + w]; old != 0; old &= old - 1) {
          const int group = merged[static_cast<size_t>(w) * 64 + __builtin_ctzll(old)];
          bits[s * merged_words + group / 64] |= uint64_t{1} << (group % 64);
        }
      }
    }
    core.group_bits_ = std::move(bits);
    core.group_words_ = merged_words;
  }
}

}  // namespace mailrun::engine::routes::internal

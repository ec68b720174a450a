// CoreGraph: the optimiser's compressed view of a RouteGraph for one gauge of train. Track the
// gauge cannot use is dropped; places no run can pass (a boundary with track on one side only, a
// junction or hub with fewer than two lines) are pruned, repeatedly; and every chain of places a
// run can only pass straight through (a boundary with one path on each side, a junction or hub
// with exactly two usable lines) is contracted into one Segment. What remains are the core nodes:
// every station, and the junctions, hubs and boundaries where a run can choose its way.
//
// A segment remembers the original edges and nodes it stands for, the exclusivity groups it uses
// (as a bit set over the graph's groups) and which must-run-over hexes it covers (bit i: the i-th
// hex of the constraint). At a core boundary a run must continue onto a segment that starts on the
// other hex (`side`), which keeps 4.5.5's "no reversing at a tile edge".
// Internal to the optimiser; immutable after Build; safe to share between threads.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/core/routes/route_graph.h"

namespace mailrun::engine::routes::internal {

struct CoreNode {
  int node = -1;          // index in the RouteGraph
  bool station = false;
  bool large = false;
  bool base = false;      // holds a base of the running company
  bool passable = false;  // a run may continue through it (not a terminal or blocked station)
  bool boundary = false;  // transitions restricted to the other side
  int value = 0;          // revenue
  int city = -1;          // dense city index (0..city_count-1), -1 for towns and non-stations
};

struct Segment {
  int u = -1, v = -1;           // core node indices at the two ends
  int side_u = -1, side_v = -1;  // the hex of the first edge at u and of the last edge at v
  std::vector<int> edges;       // RouteGraph edges from u to v
  std::vector<int> nodes;       // RouteGraph nodes from u to v, ends included
  uint64_t must_mask = 0;       // must-run-over hexes covered
};

struct CoreAdj {
  int segment = -1;
  int other = -1;      // core node at the far end
  int side_here = -1;  // the segment's hex at this end
  int side_there = -1; // the segment's hex at the far end
};

class CoreGraph {
 public:
  // must_hexes: RouteGraph hex indices of the must-run-over constraint (at most 64).
  static CoreGraph Build(const RouteGraph& graph, Gauge gauge, const std::vector<int>& must_hexes);

  // Renumbers the exclusivity groups of `cores` (built from one RouteGraph): groups used by
  // exactly the same segments of all of them become one (a run, a chain of segments, uses all of
  // them or none), and groups no segment uses disappear. Two runs then clash exactly when they did
  // before, over far fewer bits (most groups are the single edges of one segment).
  static void MergeGroups(std::vector<CoreGraph>* cores);

  const std::vector<CoreNode>& nodes() const { return nodes_; }
  const std::vector<Segment>& segments() const { return segments_; }
  int city_count() const { return city_count_; }
  int group_words() const { return group_words_; }
  // Exclusivity groups used by a segment (after MergeGroups, the merged ones): group_words() words.
  const uint64_t* SegmentGroups(int segment) const { return &group_bits_[static_cast<size_t>(segment) * group_words_]; }
  // Adjacency of a core node, in segment order.
  const CoreAdj* AdjBegin(int core) const { return adj_.data() + adj_start_[core]; }
  const CoreAdj* AdjEnd(int core) const { return adj_.data() + adj_start_[core + 1]; }

 private:
  std::vector<CoreNode> nodes_;
  std::vector<Segment> segments_;
  std::vector<CoreAdj> adj_;
  std::vector<int> adj_start_;
  std::vector<int> core_of_;
  std::vector<uint64_t> group_bits_;
  int group_words_ = 1;
  int city_count_ = 0;
};

}  // namespace mailrun::engine::routes::internal

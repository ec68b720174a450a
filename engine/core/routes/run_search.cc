#include "engine/core/routes/run_search.h"

#include <algorithm>
#include <functional>

namespace mailrun::engine::routes::internal {

namespace {

inline bool TestBit(const std::vector<uint64_t>& bits, int i) { return (bits[i >> 6] >> (i & 63)) & 1; }
inline void SetBit(std::vector<uint64_t>& bits, int i) { bits[i >> 6] |= uint64_t{1} << (i & 63); }
inline void ClearBit(std::vector<uint64_t>& bits, int i) { bits[i >> 6] &= ~(uint64_t{1} << (i & 63)); }

class Dfs {
 public:
  Dfs(const CoreGraph& graph, const TrainKind& kind, const Scoring& scoring, const SearchLimits& limits,
      bool list_mode, int64_t bar, RunList* out)
      : g_(graph),
        nodes_(graph.nodes()),
        scoring_(scoring),
        limits_(limits),
        list_mode_(list_mode),
        bar_(bar),
        out_(out),
        cap_(kind.is_1m ? 1 : kind.large_stations),
        is_1m_(kind.is_1m),
        min_large_(kind.min_large) {
    const int n = static_cast<int>(nodes_.size());
    visited_.assign((n + 63) / 64 + 1, 0);
    cities_.assign((graph.city_count() + 63) / 64 + 1, 0);
    stamp_.assign(n, 0);
    city_stamp_.assign(graph.city_count() + 1, 0);
    city_best_.assign(graph.city_count() + 1, 0);
    if (!limits_.reach_bound) {
      // The weak bound: every station of the graph, whatever is reachable.
      std::vector<int> city_max(graph.city_count(), 0);
      for (const CoreNode& c : nodes_) {
        if (!c.station) continue;
        if (!c.large) {
          static_towns_ += c.value;
        } else if (c.city >= 0) {
          city_max[c.city] = std::max(city_max[c.city], c.value);
        } else {
          static_larges_.push_back(c.value);
        }
        static_max_ = std::max(static_max_, c.value);
      }
      static_larges_.insert(static_larges_.end(), city_max.begin(), city_max.end());
      std::sort(static_larges_.begin(), static_larges_.end(), std::greater<int>());
    }
  }

  bool found() const { return found_; }
  SearchEnd end() const { return stopped_ ? SearchEnd::kStopped : SearchEnd::kComplete; }

  void Run() {
    const int n = static_cast<int>(nodes_.size());
    for (int b = 0; b < n; ++b) {
      if (!nodes_[b].station || !nodes_[b].base) continue;
      // Runs through a lower-numbered base are generated from that base.
      for (int lower = 0; lower < b; ++lower) {
        if (nodes_[lower].station && nodes_[lower].base) SetBit(visited_, lower);
      }
      b_ = b;
      Enter(b);
      for (const CoreAdj* adj = g_.AdjBegin(b); adj != g_.AdjEnd(b); ++adj) {
        if (Banned(adj->segment) || !CanEnter(adj->other)) continue;
        first_segment_ = adj->segment;
        Go(1, *adj, b);
      }
      Leave(b);
      for (int lower = 0; lower < b; ++lower) {
        if (nodes_[lower].station && nodes_[lower].base) ClearBit(visited_, lower);
      }
    }
  }

 private:
  bool Banned(int segment) const { return limits_.banned != nullptr && (*limits_.banned)[segment]; }

  bool CanEnter(int x) const {
    if (TestBit(visited_, x)) return false;
    const CoreNode& c = nodes_[x];
    if (!c.station) return true;
    if (c.city >= 0 && TestBit(cities_, c.city)) return false;
    return !c.large || large_ < cap_;
  }

  void Enter(int x) {
    SetBit(visited_, x);
    const CoreNode& c = nodes_[x];
    if (!c.station) return;
    if (c.city >= 0) SetBit(cities_, c.city);
    revenue_ += c.value;
    ++stations_;
    if (c.large) {
      ++large_;
      if (c.base) ++large_bases_;
    }
  }

  void Leave(int x) {
    ClearBit(visited_, x);
    const CoreNode& c = nodes_[x];
    if (!c.station) return;
    if (c.city >= 0) ClearBit(cities_, c.city);
    revenue_ -= c.value;
    --stations_;
    if (c.large) {
      --large_;
      if (c.base) --large_bases_;
    }
  }

  // Runs along `adj` from `from` into its far node, then continues from there.
  void Go(int phase, const CoreAdj& adj, int from) {
    const Segment& seg = g_.segments()[adj.segment];
    int code = 2 * adj.segment + (seg.u == from ? 0 : 1);
    std::vector<int>& half = phase == 1 ? half1_ : half2_;
    half.push_back(code);
    uint64_t saved_must = must_;
    must_ |= seg.must_mask;
    Enter(adj.other);
    const int64_t saved_bound = inherited_;
    const int saved_since = since_refresh_;
    Step(phase, adj.other, adj.side_there);
    inherited_ = saved_bound;
    since_refresh_ = saved_since;
    Leave(adj.other);
    must_ = saved_must;
    half.pop_back();
  }

  void Step(int phase, int at, int in_side) {
    if (limits_.work != nullptr) ++*limits_.work;
    if (stopped_ || (limits_.max_partial_runs > 0 && ++partial_runs_ > limits_.max_partial_runs)) {
      stopped_ = true;
      return;
    }
    const CoreNode& here = nodes_[at];
    if (here.station) {
      if (phase == 1) {
        Consider(b_, at);
        if (nodes_[b_].passable) {
          end_ = at;
          StartHalf2();
        }
      } else {
        Consider(at, end_);
      }
    }
    if (!here.passable || !Passes(inherited_)) return;
    // The reachability bound costs a search of the graph: it is refreshed every few steps, and in
    // between the last one holds (what a longer run can still reach is a part of it).
    if (++since_refresh_ >= kRefreshEvery || !limits_.reach_bound) {
      inherited_ = std::min(inherited_, Bound(phase, at));
      since_refresh_ = 0;
      if (!Passes(inherited_)) return;
    }
    for (const CoreAdj* adj = g_.AdjBegin(at); adj != g_.AdjEnd(at); ++adj) {
      if (Banned(adj->segment)) continue;
      if (here.boundary && adj->side_here == in_side) continue;  // 4.5.5: no reversing at a tile edge
      if (!CanEnter(adj->other)) continue;
      Go(phase, *adj, at);
    }
  }

  void StartHalf2() {
    bool any = false;
    for (const CoreAdj* adj = g_.AdjBegin(b_); adj != g_.AdjEnd(b_); ++adj) {
      if (adj->segment > first_segment_ && !Banned(adj->segment) && CanEnter(adj->other)) any = true;
    }
    if (!any) return;
    const int64_t saved_bound = inherited_;
    const int saved_since = since_refresh_;
    inherited_ = std::min(inherited_, Bound(2, b_));
    since_refresh_ = 0;
    if (Passes(inherited_)) {
      for (const CoreAdj* adj = g_.AdjBegin(b_); adj != g_.AdjEnd(b_); ++adj) {
        if (adj->segment <= first_segment_ || Banned(adj->segment) || !CanEnter(adj->other)) continue;
        Go(2, *adj, b_);
      }
    }
    inherited_ = saved_bound;
    since_refresh_ = saved_since;
  }

  int64_t Score(int64_t revenue, int64_t mail) const {
    return scoring_.a * revenue + std::max(scoring_.b * mail, scoring_.d);
  }

  void Consider(int first, int last) {
    if (stations_ < 2) return;
    if (is_1m_ && (large_ != 1 || large_bases_ != 1 || stations_ - large_ < 1)) return;  // 4.8.18 b
    if (large_ < min_large_) return;  // TrainSpec::min_large_stations (1947: 6.14.1)
    int mail = nodes_[first].value + nodes_[last].value;
    int64_t score = Score(revenue_, mail);
    if (list_mode_) {
      if (score < bar_) return;
    } else {
      if (score <= bar_ || (must_ & limits_.must_all) != limits_.must_all) return;
      bar_ = score;
      out_->runs.clear();
      out_->segments.clear();
      out_->groups.clear();
    }
    found_ = true;
    FoundRun run;
    run.revenue = revenue_;
    run.mail = mail;
    run.must_mask = must_;
    run.score = score;
    run.seg_begin = static_cast<int64_t>(out_->segments.size());
    for (auto it = half2_.rbegin(); it != half2_.rend(); ++it) out_->segments.push_back(*it ^ 1);
    out_->segments.insert(out_->segments.end(), half1_.begin(), half1_.end());
    run.seg_count = static_cast<int>(static_cast<int64_t>(out_->segments.size()) - run.seg_begin);
    const int words = g_.group_words();
    out_->groups.resize(out_->groups.size() + words, 0);
    AddRunGroups(g_, &out_->segments[run.seg_begin], run.seg_count, &out_->groups[out_->groups.size() - words]);
    out_->runs.push_back(run);
    if (list_mode_ && limits_.max_runs > 0 && static_cast<int64_t>(out_->runs.size()) >= limits_.max_runs) {
      stopped_ = true;
    }
  }

  bool Passes(int64_t bound) const { return list_mode_ ? bound >= bar_ : bound > bar_; }

  // The most a run extended from here could still score.
  int64_t Bound(int phase, int at) {
    const int cap_left = cap_ - large_;
    int64_t towns = 0;
    int best_end = 0;
    large_values_.clear();
    if (limits_.reach_bound) {
      ++current_stamp_;
      stack_.clear();
      stack_.push_back(at);
      if (phase == 1 && nodes_[b_].passable) stack_.push_back(b_);
      while (!stack_.empty()) {
        int from = stack_.back();
        stack_.pop_back();
        for (const CoreAdj* adj = g_.AdjBegin(from); adj != g_.AdjEnd(from); ++adj) {
          int x = adj->other;
          if (stamp_[x] == current_stamp_ || TestBit(visited_, x) || Banned(adj->segment)) continue;
          stamp_[x] = current_stamp_;
          const CoreNode& c = nodes_[x];
          if (c.station) {
            if (c.city >= 0 && TestBit(cities_, c.city)) continue;
            if (c.large) {
              if (cap_left <= 0) continue;
              if (c.city < 0) {
                large_values_.push_back(c.value);
              } else if (city_stamp_[c.city] != current_stamp_) {
                city_stamp_[c.city] = current_stamp_;
                city_best_[c.city] = c.value;
                cities_seen_.push_back(c.city);
              } else {
                city_best_[c.city] = std::max(city_best_[c.city], c.value);
              }
            } else {
              towns += c.value;
            }
            best_end = std::max(best_end, c.value);
          }
          if (c.passable) stack_.push_back(x);
        }
      }
      for (int city : cities_seen_) large_values_.push_back(city_best_[city]);
      cities_seen_.clear();
      int k = std::min<int>(cap_left, static_cast<int>(large_values_.size()));
      if (k < static_cast<int>(large_values_.size())) {
        std::nth_element(large_values_.begin(), large_values_.begin() + k, large_values_.end(), std::greater<int>());
      }
      for (int i = 0; i < k; ++i) towns += large_values_[i];
    } else {
      towns = static_towns_;
      for (int i = 0; i < cap_left && i < static_cast<int>(static_larges_.size()); ++i) towns += static_larges_[i];
      best_end = static_max_;
    }
    int64_t revenue_bound = revenue_ + towns;
    int here = nodes_[at].station ? nodes_[at].value : 0;
    int64_t mail_bound;
    if (phase == 1) {
      mail_bound = std::max(nodes_[b_].value, best_end) + std::max(here, best_end);
    } else {
      mail_bound = std::max(here, best_end) + nodes_[end_].value;
    }
    return Score(revenue_bound, mail_bound);
  }

  const CoreGraph& g_;
  const std::vector<CoreNode>& nodes_;
  const Scoring scoring_;
  const SearchLimits limits_;
  const bool list_mode_;
  int64_t bar_;
  RunList* out_;
  const int cap_;
  const bool is_1m_;
  const int min_large_;

  std::vector<uint64_t> visited_;
  std::vector<uint64_t> cities_;
  int revenue_ = 0;
  int stations_ = 0;
  int large_ = 0;
  int large_bases_ = 0;
  uint64_t must_ = 0;
  std::vector<int> half1_, half2_;
  int b_ = -1;
  int end_ = -1;
  int first_segment_ = -1;
  bool found_ = false;
  bool stopped_ = false;
  static constexpr int kRefreshEvery = 6;  // measured on the late-game benchmark: 3 and 12 were slower
  int64_t inherited_ = INT64_MAX;
  int since_refresh_ = kRefreshEvery;
  int64_t partial_runs_ = 0;

  std::vector<int> stamp_;
  int current_stamp_ = 0;
  std::vector<int> stack_;
  std::vector<int> city_stamp_;
  std::vector<int> city_best_;
  std::vector<int> cities_seen_;
  std::vector<int> large_values_;
  int64_t static_towns_ = 0;
  int static_max_ = 0;
  std::vector<int> static_larges_;
};

}  // namespace

void AddRunGroups(const CoreGraph& graph, const int* segments, int count, uint64_t* bits) {
  const int words = graph.group_words();
  for (int i = 0; i < count; ++i) {
    const uint64_t* seg = graph.SegmentGroups(segments[i] >> 1);
    for (int w = 0; w < words; ++w) bits[w] |= seg[w];
  }
}

SearchEnd FindBestRun(const CoreGraph& graph, const TrainKind& kind, const Scoring& scoring,
                      const SearchLimits& limits, int64_t floor, RunList* best) {
  best->runs.clear();
  best->segments.clear();
  best->groups.clear();
  Dfs dfs(graph, kind, scoring, limits, false, floor, best);
  dfs.Run();
  return dfs.end();
}

SearchEnd ListRuns(const CoreGraph& graph, const TrainKind& kind, const Scoring& scoring, const SearchLimits& limits,
                   int64_t threshold, RunList* out) {
  Dfs dfs(graph, kind, scoring, limits, true, threshold, out);
  dfs.Run();
  return dfs.end();
}

}  // namespace mailrun::engine::routes::internal

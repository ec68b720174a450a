#include "engine/core/routes/route_optimizer.h"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <numeric>
#include <set>
#include <unordered_map>
#include <utility>

#include "engine/core/routes/core_graph.h"
#include "engine/core/routes/run_search.h"
#include "engine/core/routes/run_validator.h"
#include "engine/core/structured_text.h"

namespace mailrun::engine::routes {

namespace {

using internal::CoreGraph;
using internal::FoundRun;
using internal::RunList;
using internal::Scoring;
using internal::SearchLimits;
using internal::TrainKind;

// A chosen run: which list (kind) and which entry.
struct Choice {
  const RunList* list = nullptr;
  int index = -1;
};

class Optimizer {
 public:
  Optimizer(const RouteGraph& graph, const std::vector<TrainSpec>& trains, const OptimizeOptions& options,
            std::vector<int> must_hexes)
      : graph_(graph), trains_(trains), options_(options), must_hexes_(std::move(must_hexes)) {
    must_all_ = must_hexes_.empty() ? 0 : (~uint64_t{0} >> (64 - must_hexes_.size()));
    for (const TrainSpec& train : trains_) {
      TrainKind kind{train.is_1m ? 1 : train.large_stations, train.is_1m, train.gauge, train.min_large_stations};
      auto it = std::find(kinds_.begin(), kinds_.end(), kind);
      kind_of_train_.push_back(static_cast<int>(it - kinds_.begin()));
      if (it == kinds_.end()) kinds_.push_back(kind);
    }
    for (const TrainKind& kind : kinds_) {
      int gauge = kind.gauge == Gauge::kMetre ? 1 : 0;
      if (core_index_[gauge] < 0) {
        core_index_[gauge] = static_cast<int>(cores_.size());
        cores_.push_back(CoreGraph::Build(graph_, kind.gauge, must_hexes_));
      }
    }
    CoreGraph::MergeGroups(&cores_);
    int64_t all = 0;
    int top = 0;
    for (const RouteNode& node : graph_.nodes()) {
      if (node.kind != NodeKind::kStation) continue;
      all += node.station.revenue;
      top = std::max(top, node.station.revenue);
    }
    big_ = all * static_cast<int64_t>(std::max<size_t>(1, trains_.size())) + 2 * top + 1;
    revenue_best_.assign(kinds_.size(), 0);
    for (size_t k = 0; k < kinds_.size(); ++k) {
      RunList best;
      if (Best(static_cast<int>(k), Scoring{1, 0, 0}, nullptr, 0, -1, &best)) {
        revenue_best_[k] = best.runs[0].revenue;
      }
    }
  }

  // Highest a * dividend + b * mail.
  Result<RunPlan> Solve(int64_t a, int64_t b) {
    a_ = a;
    b_ = b;
    best_choices_.clear();
    const int n = static_cast<int>(trains_.size());
    if (n == 0) return NoPlanUnlessFree();
    // What a train of each kind could score alone: bounds its share of any plan.
    score_best_.assign(kinds_.size(), 0);
    for (size_t k = 0; k < kinds_.size(); ++k) {
      RunList best;
      if (Best(static_cast<int>(k), Scoring{a_, b_, 0}, nullptr, 0, -1, &best)) score_best_[k] = best.runs[0].score;
    }
    if (n == 1) {
      RunList best;
      if (!Best(kind_of_train_[0], Scoring{a_, b_, 0}, nullptr, must_all_, -1, &best)) return NoPlanUnlessFree();
      return MakePlan({Choice{&best, 0}}, {0});
    }
    if (stopped_) return GreedyPlan();  // the bounds are not exact: the greedy plan is all we have
    OrderTrains(std::vector<size_t>(kinds_.size(), 0));
    const int64_t upper = suffix_revenue_[0] + suffix_extra_[0];

    const int64_t lower = Greedy();
    if (stopped_) return GreedyPlan();

    // Targets: the greedy plan's score, or (no greedy plan satisfies the constraints) falling ones.
    // With a greedy plan the target is its score: one listing. Without one (no greedy plan covers
    // the must-run-over hexes) targets fall from near the upper bound, since listing is cheap for
    // high targets and grows fast below: the first target a plan reaches gives the optimum.
    std::vector<int64_t> targets;
    const int64_t floor_target = lower >= 0 ? lower : 0;
    const int64_t gap = upper - floor_target;
    for (int64_t part : {16, 8, 4, 2}) {
      if (lower >= 0) break;
      int64_t target = upper - gap / part;
      if (target > floor_target && (targets.empty() || target < targets.back())) targets.push_back(target);
    }
    targets.push_back(floor_target);
    if (!options_.threshold_listing) targets = {std::numeric_limits<int64_t>::min() / 4};  // list every run
    for (int64_t target : targets) {
      std::vector<RunList> lists(kinds_.size());
      for (size_t k = 0; k < kinds_.size() && !stopped_; ++k) ListFor(static_cast<int>(k), target, &lists[k]);
      if (stopped_) return GreedyPlan();
      best_score_ = target - 1;
      best_choices_.clear();
      std::vector<Choice> choices(n);
      std::vector<size_t> sizes;
      for (const RunList& list : lists) sizes.push_back(list.runs.size());
      OrderTrains(sizes);
      combine_words_ = CompressGroups(&lists);
      BuildPostings(lists);
      BuildAvoidBounds(lists);
      std::vector<uint64_t> used(static_cast<size_t>(combine_words_) * (n + 1), 0);
      Combine(0, 0, 0, 0, &lists, &choices, &used);
      if (stopped_) return GreedyPlan();
      if (!best_choices_.empty()) {
        std::vector<Choice> by_train(n);
        for (int i = 0; i < n; ++i) by_train[order_[i]] = best_choices_[i];
        std::vector<int> train_of(n);
        std::iota(train_of.begin(), train_of.end(), 0);
        return MakePlan(by_train, train_of);
      }
    }
    return NoPlanUnlessFree();
  }

 private:
  // The best revenue and the best score a listed run of one kind can still make (see caps_).
  struct Cap {
    int64_t revenue = 0;
    int64_t score = 0;
  };

  // The order of the combination search: identical trains next to each other, kinds with the
  // shortest run lists first (the last level is the one searched most often), then by kind.
  void OrderTrains(const std::vector<size_t>& list_sizes) {
    const int n = static_cast<int>(trains_.size());
    order_.resize(n);
    std::iota(order_.begin(), order_.end(), 0);
    std::stable_sort(order_.begin(), order_.end(), [&](int x, int y) {
      int kx = kind_of_train_[x], ky = kind_of_train_[y];
      return std::make_pair(list_sizes[kx], kx) < std::make_pair(list_sizes[ky], ky);
    });
    suffix_revenue_.assign(n + 1, 0);
    suffix_extra_.assign(n + 1, 0);
    for (int i = n - 1; i >= 0; --i) {
      int k = kind_of_train_[order_[i]];
      suffix_revenue_[i] = suffix_revenue_[i + 1] + a_ * revenue_best_[k];
      suffix_extra_[i] = std::max(suffix_extra_[i + 1], score_best_[k] - a_ * revenue_best_[k]);
    }
  }

  int Words() const { return cores_.empty() ? 1 : cores_[0].group_words(); }
  const CoreGraph& CoreOfKind(int k) const { return cores_[core_index_[kinds_[k].gauge == Gauge::kMetre ? 1 : 0]]; }

  bool Best(int k, const Scoring& scoring, const std::vector<char>* banned, uint64_t must, int64_t floor,
            RunList* out) {
    SearchLimits limits;
    limits.banned = banned;
    limits.must_all = must;
    limits.reach_bound = options_.reach_bound;
    int64_t work = 0;
    limits.work = &work;
    limits.max_partial_runs = options_.max_partial_runs;
    if (internal::FindBestRun(CoreOfKind(k), kinds_[k], scoring, limits, floor, out) ==
        internal::SearchEnd::kStopped) {
      stopped_ = true;
    }
    bool found = !out->runs.empty();
    if (options_.stats != nullptr) options_.stats->partial_runs += work;
    return found;
  }

  // Every run of kind k that can belong to a plan scoring at least `target`.
  void ListFor(int k, int64_t target, RunList* out) {
    const int n = static_cast<int>(trains_.size());
    int64_t others_revenue = 0;
    int64_t extra = 0;
    int self = -1;
    for (int i = 0; i < n; ++i) {
      if (kind_of_train_[i] == k && self < 0) {
        self = i;
        continue;
      }
      int j = kind_of_train_[i];
      others_revenue += a_ * revenue_best_[j];
      extra = std::max(extra, score_best_[j] - a_ * revenue_best_[j]);
    }
    SearchLimits limits;
    limits.reach_bound = options_.reach_bound;
    int64_t work = 0;
    limits.work = &work;
    limits.max_partial_runs = options_.max_partial_runs;
    limits.max_runs = options_.max_listed_runs;
    if (internal::ListRuns(CoreOfKind(k), kinds_[k], Scoring{a_, b_, extra}, limits, target - others_revenue, out) ==
        internal::SearchEnd::kStopped) {
      stopped_ = true;
    }
    // Best first by what the run adds on its own.
    std::vector<int> idx(out->runs.size());
    std::iota(idx.begin(), idx.end(), 0);
    for (FoundRun& run : out->runs) run.score = a_ * run.revenue + b_ * run.mail;
    std::stable_sort(idx.begin(), idx.end(), [&](int x, int y) { return out->runs[x].score > out->runs[y].score; });
    RunList sorted;
    const int words = CoreOfKind(k).group_words();
    for (int i : idx) {
      FoundRun run = out->runs[i];
      sorted.groups.insert(sorted.groups.end(), out->groups.begin() + static_cast<size_t>(i) * words,
                           out->groups.begin() + static_cast<size_t>(i + 1) * words);
      run.seg_begin = static_cast<int>(sorted.segments.size());
      sorted.segments.insert(sorted.segments.end(), out->segments.begin() + out->runs[i].seg_begin,
                             out->segments.begin() + out->runs[i].seg_begin + run.seg_count);
      sorted.runs.push_back(run);
    }
    *out = std::move(sorted);
    if (options_.stats != nullptr) {
      options_.stats->partial_runs += work;
      options_.stats->listed_runs += static_cast<int64_t>(out->runs.size());
    }
  }

  // Only what can make two listed runs clash matters to the combination search. Groups that
  // exactly the same listed runs use are merged (a clash on one is a clash on all); groups no two
  // runs that could run together use are dropped (one run only, or only runs of one kind that a
  // single train has). What is left is renumbered densely, so the search compares and ORs far
  // fewer bits. Returns the words per run.
  int CompressGroups(std::vector<RunList>* lists) {
    const int words = Words();
    const int kinds = static_cast<int>(lists->size());
    std::vector<int> trains_of_kind(kinds, 0);
    for (int kind : kind_of_train_) ++trains_of_kind[kind];
    std::vector<int64_t> first_run(kinds + 1, 0);  // global run ids: list k holds [first_run[k], first_run[k + 1])
    for (int k = 0; k < kinds; ++k) first_run[k + 1] = first_run[k] + static_cast<int64_t>((*lists)[k].runs.size());
    // The runs using each group, in increasing order, as slices of one array (counting sort).
    const size_t groups = static_cast<size_t>(words) * 64;
    std::vector<int> start(groups + 1, 0);
    std::vector<uint64_t> hash(groups, 0);
    for (int k = 0; k < kinds; ++k) {
      const RunList& list = (*lists)[k];
      for (size_t r = 0; r < list.runs.size(); ++r) {
        const uint64_t id = static_cast<uint64_t>(first_run[k]) + r;
        for (int w = 0; w < words; ++w) {
          for (uint64_t bits = list.groups[r * words + w]; bits != 0; bits &= bits - 1) {
            const size_t group = static_cast<size_t>(w) * 64 + __builtin_ctzll(bits);
            ++start[group + 1];
            hash[group] = (hash[group] ^ id) * 0x100000001B3ULL;
          }
        }
      }
    }
    for (size_t g = 0; g < groups; ++g) start[g + 1] += start[g];
    std::vector<int> users(start[groups]);
    std::vector<int> fill(start.begin(), start.end() - 1);
    for (int k = 0; k < kinds; ++k) {
      const RunList& list = (*lists)[k];
      for (size_t r = 0; r < list.runs.size(); ++r) {
        for (int w = 0; w < words; ++w) {
          for (uint64_t bits = list.groups[r * words + w]; bits != 0; bits &= bits - 1) {
            users[fill[static_cast<size_t>(w) * 64 + __builtin_ctzll(bits)]++] = static_cast<int>(first_run[k] + r);
          }
        }
      }
    }
    auto kind_of_run = [&](int id) {
      return static_cast<int>(std::upper_bound(first_run.begin(), first_run.end(), id) - first_run.begin()) - 1;
    };
    auto same_users = [&](size_t a, size_t b) {
      return start[a + 1] - start[a] == start[b + 1] - start[b] &&
             std::equal(users.begin() + start[a], users.begin() + start[a + 1], users.begin() + start[b]);
    };
    std::vector<int> dense(groups, -1);
    std::unordered_map<uint64_t, std::vector<int>> by_hash;  // hash of the users -> groups kept
    int count = 0;
    for (size_t group = 0; group < groups; ++group) {
      const int used_by = start[group + 1] - start[group];
      if (used_by < 2) continue;
      const int kind = kind_of_run(users[start[group]]);
      if (kind == kind_of_run(users[start[group + 1] - 1]) && trains_of_kind[kind] == 1) continue;
      std::vector<int>& same_hash = by_hash[hash[group] ^ static_cast<uint64_t>(used_by)];
      for (int other : same_hash) {
        if (same_users(group, static_cast<size_t>(other))) dense[group] = dense[other];
      }
      if (dense[group] >= 0) continue;
      dense[group] = count++;
      same_hash.push_back(static_cast<int>(group));
    }
    const int compact = std::max(1, (count + 63) / 64);
    for (RunList& list : *lists) {
      std::vector<uint64_t> packed(list.runs.size() * compact, 0);
      for (size_t r = 0; r < list.runs.size(); ++r) {
        for (int w = 0; w < words; ++w) {
          for (uint64_t bits = list.groups[r * words + w]; bits != 0; bits &= bits - 1) {
            const int group = dense[w * 64 + __builtin_ctzll(bits)];
            if (group >= 0) packed[r * compact + group / 64] |= uint64_t{1} << (group % 64);
          }
        }
      }
      list.groups = std::move(packed);
    }
    return compact;
  }

  // Per kind and group: which listed runs use the group (a bit set over the list), when small enough.
  void BuildPostings(const std::vector<RunList>& lists) {
    const int words = combine_words_;
    postings_.assign(lists.size(), {});
    posting_users_.assign(lists.size(), std::vector<int>(static_cast<size_t>(words) * 64, 0));
    taken_groups_.assign(trains_.size() + 1, {});
    for (size_t k = 0; k < lists.size(); ++k) {
      const size_t count = lists[k].runs.size();
      const size_t run_words = (count + 63) / 64;
      if (count < 16 || run_words * words * 64 > kMaxPostingWords) continue;
      std::vector<uint64_t>& posting = postings_[k];
      posting.assign(static_cast<size_t>(words) * 64 * run_words, 0);
      for (size_t r = 0; r < count; ++r) {
        for (int w = 0; w < words; ++w) {
          for (uint64_t bits = lists[k].groups[r * words + w]; bits != 0; bits &= bits - 1) {
            size_t group = static_cast<size_t>(w) * 64 + __builtin_ctzll(bits);
            posting[group * run_words + r / 64] |= uint64_t{1} << (r % 64);
            ++posting_users_[k][group];
          }
        }
      }
    }
  }

  // Per kind: the best revenue of a listed run that avoids one group (for every group), the best
  // listed score and the best mail value. With them a choice of runs bounds what each later
  // train can still earn: no more than its best run avoiding every group taken so far.
  void BuildAvoidBounds(const std::vector<RunList>& lists) {
    const int words = combine_words_;
    const size_t groups = static_cast<size_t>(words) * 64;
    avoid_.assign(lists.size(), {});
    for (size_t k = 0; k < lists.size(); ++k) {
      const RunList& list = lists[k];
      AvoidBound& bound = avoid_[k];
      bound.revenue_without.assign(groups, 0);
      bound.score_without.assign(groups, 0);
      if (list.runs.empty()) continue;
      bound.top_score = list.runs[0].score;  // the list is sorted by score
      std::vector<int> by_revenue(list.runs.size());
      std::iota(by_revenue.begin(), by_revenue.end(), 0);
      std::stable_sort(by_revenue.begin(), by_revenue.end(),
                       [&](int x, int y) { return list.runs[x].revenue > list.runs[y].revenue; });
      for (const FoundRun& run : list.runs) bound.top_mail = std::max<int64_t>(bound.top_mail, run.mail);
      bound.top_revenue = list.runs[by_revenue[0]].revenue;
      // For every group some run uses: the first run without it, by revenue and by score (the
      // list's own order). Groups no run uses keep the best of all.
      std::fill(bound.revenue_without.begin(), bound.revenue_without.end(), bound.top_revenue);
      std::fill(bound.score_without.begin(), bound.score_without.end(), bound.top_score);
      std::vector<uint64_t> used(words, 0);
      for (size_t r = 0; r < list.runs.size(); ++r) {
        for (int w = 0; w < words; ++w) used[w] |= list.groups[r * words + w];
      }
      auto without = [&](const std::vector<int>& order, int group) {
        const size_t w = static_cast<size_t>(group / 64);
        for (int r : order) {
          if (((list.groups[static_cast<size_t>(r) * words + w] >> (group % 64)) & 1) == 0) return r;
        }
        return -1;
      };
      std::vector<int> by_score(list.runs.size());
      std::iota(by_score.begin(), by_score.end(), 0);
      for (int w = 0; w < words; ++w) {
        for (uint64_t bits = used[w]; bits != 0; bits &= bits - 1) {
          const int group = w * 64 + __builtin_ctzll(bits);
          const int by_rev = without(by_revenue, group);
          bound.revenue_without[group] = by_rev < 0 ? 0 : list.runs[by_rev].revenue;
          const int by_sc = without(by_score, group);
          bound.score_without[group] = by_sc < 0 ? 0 : list.runs[by_sc].score;
        }
      }
    }
    caps_.assign((trains_.size() + 1) * lists.size(), Cap{});
    for (size_t k = 0; k < lists.size(); ++k) caps_[k] = Cap{avoid_[k].top_revenue, avoid_[k].top_score};
  }

  // Trains one after another, each taking its best run on the track the others left; every
  // rotation of the train order, once plainly and once with the first train made to cover the
  // must-run-over hexes. Returns the best such plan's score (-1: none is legal).
  int64_t Greedy() {
    int64_t lower = -1;
    greedy_lists_.clear();
    greedy_choices_.assign(trains_.size(), Choice{});
    const int n = static_cast<int>(trains_.size());
    const int words = Words();
    std::vector<int> by_revenue(n);
    std::iota(by_revenue.begin(), by_revenue.end(), 0);
    std::stable_sort(by_revenue.begin(), by_revenue.end(), [&](int x, int y) {
      return revenue_best_[kind_of_train_[x]] > revenue_best_[kind_of_train_[y]];
    });
    for (int variant = 0; variant < (must_all_ != 0 ? 2 : 1); ++variant) {
      std::set<std::vector<int>> tried;
      for (int rotation = 0; rotation < n; ++rotation) {
        std::vector<int> kinds_in_order;
        for (int i = 0; i < n; ++i) kinds_in_order.push_back(kind_of_train_[by_revenue[(rotation + i) % n]]);
        if (!tried.insert(kinds_in_order).second) continue;
        std::vector<uint64_t> used(words, 0);
        std::vector<RunList> found(n);
        std::vector<Choice> picked(n);
        int64_t revenue = 0;
        int64_t mail = 0;
        uint64_t covered = 0;
        for (int i = 0; i < n; ++i) {
          int train = by_revenue[(rotation + i) % n];
          int k = kind_of_train_[train];
          const CoreGraph& core = CoreOfKind(k);
          std::vector<char> banned(core.segments().size(), 0);
          for (size_t s = 0; s < core.segments().size(); ++s) {
            const uint64_t* bits = core.SegmentGroups(static_cast<int>(s));
            for (int w = 0; w < words; ++w) banned[s] = banned[s] || (bits[w] & used[w]) != 0;
          }
          uint64_t must = variant == 1 && i == 0 ? must_all_ : 0;
          if (!Best(k, Scoring{a_, b_, 0}, &banned, must, -1, &found[train])) continue;
          const FoundRun& run = found[train].runs[0];
          for (int w = 0; w < words; ++w) used[w] |= found[train].groups[w];
          revenue += run.revenue;
          mail = std::max<int64_t>(mail, run.mail);
          covered |= run.must_mask;
          picked[train] = Choice{&found[train], 0};
        }
        if ((covered & must_all_) != must_all_) continue;
        if (a_ * revenue + b_ * mail > lower) {
          lower = a_ * revenue + b_ * mail;
          greedy_lists_ = std::move(found);
          for (int t = 0; t < n; ++t) {
            greedy_choices_[t] = picked[t].list == nullptr ? Choice{} : Choice{&greedy_lists_[t], 0};
          }
        }
      }
    }
    return lower;
  }

  void Combine(int i, int64_t revenue, int64_t mail, uint64_t covered, std::vector<RunList>* lists,
               std::vector<Choice>* choices, std::vector<uint64_t>* used) {
    if (options_.stats != nullptr) ++options_.stats->combinations;
    const int n = static_cast<int>(trains_.size());
    if (i == n) {
      if ((covered & must_all_) != must_all_) return;
      int64_t score = a_ * revenue + b_ * mail;
      if (score > best_score_) {
        best_score_ = score;
        best_choices_ = *choices;
      }
      return;
    }
    if (a_ * revenue + suffix_revenue_[i] + std::max(b_ * mail, suffix_extra_[i]) <= best_score_) return;
    const int k = kind_of_train_[order_[i]];
    const RunList& list = (*lists)[k];
    const int count = static_cast<int>(list.runs.size());
    int start = 0;
    if (i > 0 && kind_of_train_[order_[i - 1]] == k) {
      const Choice& previous = (*choices)[i - 1];
      start = previous.index < 0 ? count : previous.index + 1;  // identical trains: list order
    }
    const int words = combine_words_;
    const uint64_t* mine = &(*used)[static_cast<size_t>(i) * words];
    uint64_t* next = &(*used)[static_cast<size_t>(i + 1) * words];
    const int64_t rest = suffix_revenue_[i + 1];
    // After a few clashes in a row the runs clashing with the track taken so far are marked at
    // once from the per-group index, and the scan jumps over them.
    const std::vector<uint64_t>* index = k < static_cast<int>(postings_.size()) ? &postings_[k] : nullptr;
    const int run_words = (count + 63) / 64;
    // After a few clashes in a row the scan goes by the per-group index instead: 64 runs at a
    // time, the runs using any group taken so far are masked out with one OR per taken group.
    std::vector<int>& taken = taken_groups_[i];
    bool by_index = false;
    int clashes = 0;
    // Whether a run of this score could still be part of a plan beating the best: the later
    // trains bounded by their best alone, or by their best avoiding the track taken so far (and an
    // identical train by this run's score: it takes a run further down the list). Both bounds fall
    // along the list, so runs from `stop` on cannot beat the best plan.
    const Cap* cap = &caps_[static_cast<size_t>(i) * avoid_.size()];
    auto may_beat = [&](int64_t score) {
      if (a_ * revenue + rest + score + std::max(b_ * mail, suffix_extra_[i + 1]) <= best_score_) return false;
      const LaterBound later = BoundLater(i, cap, score);
      return a_ * revenue + score + later.revenue + std::max(b_ * mail, later.extra) > best_score_;
    };
    const int stop = static_cast<int>(
        std::partition_point(list.runs.begin() + std::min(start, count), list.runs.end(),
                             [&](const FoundRun& run) { return may_beat(run.score); }) -
        list.runs.begin());
    auto free_runs = [&](int word) {
      uint64_t blocked = 0;
      for (int group : taken) blocked |= (*index)[static_cast<size_t>(group) * run_words + word];
      return ~blocked;
    };
    for (int r = start; r < count; ++r) {
      if (options_.max_combination_steps > 0 && ++combination_steps_ > options_.max_combination_steps) {
        stopped_ = true;
        return;
      }
      if (by_index) {
        int word = r / 64;
        uint64_t free = free_runs(word) & (~uint64_t{0} << (r % 64));
        while (free == 0 && ++word * 64 < stop) free = free_runs(word);
        if (free == 0) break;
        r = word * 64 + __builtin_ctzll(free);
        if (r >= count) break;
      }
      const FoundRun& run = list.runs[r];
      if (!may_beat(run.score)) break;
      const uint64_t* groups = &list.groups[static_cast<size_t>(r) * words];
      bool clash = false;
      for (int w = 0; w < words && !clash; ++w) clash = (groups[w] & mine[w]) != 0;
      if (clash) {
        if (++clashes == 8 && index != nullptr && !index->empty()) {
          if (options_.stats != nullptr) ++options_.stats->index_jumps;
          taken.clear();
          for (int w = 0; w < words; ++w) {
            for (uint64_t bits = mine[w]; bits != 0; bits &= bits - 1) taken.push_back(w * 64 + __builtin_ctzll(bits));
          }
          // The groups most runs of the list use rule out nearly all clashing runs: the index
          // masks with those only, and the few runs it lets through are checked in full above.
          const std::vector<int>& users = posting_users_[k];
          if (taken.size() > kIndexGroups) {
            std::partial_sort(taken.begin(), taken.begin() + kIndexGroups, taken.end(),
                              [&](int x, int y) { return users[x] > users[y]; });
            taken.resize(kIndexGroups);
          }
          by_index = true;
        }
        continue;
      }
      if (i + 1 < n &&
          !LaterTrainsMayBeat(i, revenue + run.revenue, std::max<int64_t>(mail, run.mail), run.score, groups)) {
        continue;
      }
      for (int w = 0; w < words; ++w) next[w] = mine[w] | groups[w];
      (*choices)[i] = Choice{&list, r};
      Combine(i + 1, revenue + run.revenue, std::max<int64_t>(mail, run.mail), covered | run.must_mask, lists,
              choices, used);
    }
    // This train does not run.
    const size_t kinds = avoid_.size();
    std::copy(caps_.begin() + i * kinds, caps_.begin() + (i + 1) * kinds, caps_.begin() + (i + 1) * kinds);
    for (int w = 0; w < words; ++w) next[w] = mine[w];
    (*choices)[i] = Choice{&list, -1};
    Combine(i + 1, revenue, mail, covered, lists, choices, used);
    (*choices)[i] = Choice{};
  }

  // What the trains of the levels after i can add at most, each avoiding the track of the caps
  // `cap` (per kind): the sum of their revenues (weighted) and, on top, the most the one carrying
  // the best mail can add. A train identical to level i's takes a run further down the list, so
  // scores no more than `score`, the score of level i's run.
  struct LaterBound {
    int64_t revenue = 0;
    int64_t extra = 0;
  };
  LaterBound BoundLater(int i, const Cap* cap, int64_t score) const {
    LaterBound bound;
    const int here = kind_of_train_[order_[i]];
    for (int j = i + 1; j < static_cast<int>(trains_.size()); ++j) {
      const int k = kind_of_train_[order_[j]];
      int64_t revenue = a_ * cap[k].revenue;
      int64_t whole = std::min({avoid_[k].top_score, revenue + b_ * avoid_[k].top_mail, cap[k].score});
      if (k == here) {
        revenue = std::min(revenue, score);
        whole = std::min(whole, score);
      }
      bound.revenue += revenue;
      bound.extra = std::max(bound.extra, whole - revenue);
    }
    return bound;
  }

  // With the run of `groups` (and `score`) chosen at level i, the revenue and mail so far given:
  // whether the later trains, each avoiding every group taken, could still lift the plan above
  // the best found. Fills the caps of level i + 1.
  bool LaterTrainsMayBeat(int i, int64_t revenue, int64_t mail, int64_t score, const uint64_t* groups) {
    const size_t kinds = avoid_.size();
    const Cap* cap = &caps_[i * kinds];
    Cap* next_cap = &caps_[(i + 1) * kinds];
    for (size_t k = 0; k < kinds; ++k) {
      Cap best = cap[k];
      const AvoidBound& avoid = avoid_[k];
      for (int w = 0; w < combine_words_; ++w) {
        for (uint64_t bits = groups[w]; bits != 0; bits &= bits - 1) {
          const int group = w * 64 + __builtin_ctzll(bits);
          best.revenue = std::min(best.revenue, avoid.revenue_without[group]);
          best.score = std::min(best.score, avoid.score_without[group]);
        }
      }
      next_cap[k] = best;
    }
    const LaterBound later = BoundLater(i, next_cap, score);
    return a_ * revenue + later.revenue + std::max(b_ * mail, later.extra) > best_score_;
  }

  // The best greedy plan (used when a search limit stopped the exact search).
  Result<RunPlan> GreedyPlan() {
    if (greedy_lists_.empty()) return NoPlanUnlessFree();
    std::vector<int> train_of(trains_.size());
    std::iota(train_of.begin(), train_of.end(), 0);
    return MakePlan(greedy_choices_, train_of);
  }

  Result<RunPlan> NoPlanUnlessFree() {
    if (must_all_ != 0) {
      return Illegal("core.refusal.route_optimizer.no_legal_set_runs_includes", "4.2.3", "no legal set of runs includes every tile that must be run over this turn (4.2.3, "
                              "4.4.2)");
    }
    return RunPlan{};
  }

  // The plan of the chosen runs (choices[i] for train train_of[i]), checked by the validator.
  Result<RunPlan> MakePlan(const std::vector<Choice>& choices, const std::vector<int>& train_of) {
    std::vector<PlannedRun> runs;
    for (size_t i = 0; i < choices.size(); ++i) {
      if (choices[i].list == nullptr || choices[i].index < 0) continue;
      const int train = train_of[i];
      const CoreGraph& core = CoreOfKind(kind_of_train_[train]);
      const FoundRun& found = choices[i].list->runs[choices[i].index];
      PlannedRun run;
      run.train = train;
      for (int j = 0; j < found.seg_count; ++j) {
        int code = choices[i].list->segments[found.seg_begin + j];
        const internal::Segment& seg = core.segments()[code >> 1];
        std::vector<int> nodes = seg.nodes;
        std::vector<int> edges = seg.edges;
        if (code & 1) {
          std::reverse(nodes.begin(), nodes.end());
          std::reverse(edges.begin(), edges.end());
        }
        run.nodes.insert(run.nodes.end(), nodes.begin() + (run.nodes.empty() ? 0 : 1), nodes.end());
        run.edges.insert(run.edges.end(), edges.begin(), edges.end());
      }
      runs.push_back(std::move(run));
    }
    std::stable_sort(runs.begin(), runs.end(), [](const PlannedRun& x, const PlannedRun& y) { return x.train < y.train; });
    // 4.6.6: the mail on the run with the best first + last values, the lowest train on a tie.
    int mail_run = -1;
    int best_mail = -1;
    for (size_t j = 0; options_.mail && j < runs.size(); ++j) {
      const auto& nodes = graph_.nodes();
      int value = nodes[runs[j].nodes.front()].station.revenue + nodes[runs[j].nodes.back()].station.revenue;
      if (value > best_mail) {
        best_mail = value;
        mail_run = static_cast<int>(j);
      }
    }
    Result<RunPlan> plan = CheckPlan(graph_, trains_, std::move(runs), mail_run, options_.constraints);
    if (!plan.ok()) {
      return DataFault("route optimiser produced an illegal plan: " + plan.error().ToString());
    }
    return plan;
  }

  const RouteGraph& graph_;
  const std::vector<TrainSpec>& trains_;
  const OptimizeOptions& options_;
  const std::vector<int> must_hexes_;
  uint64_t must_all_ = 0;

  std::vector<TrainKind> kinds_;
  std::vector<int> kind_of_train_;
  std::vector<CoreGraph> cores_;
  int core_index_[2] = {-1, -1};
  int64_t big_ = 1;
  std::vector<int64_t> revenue_best_;  // per kind: best revenue alone
  std::vector<int64_t> score_best_;    // per kind: best a * revenue + b * mail alone

  int64_t a_ = 1;
  int64_t b_ = 1;
  std::vector<int> order_;
  std::vector<int64_t> suffix_revenue_;
  std::vector<int64_t> suffix_extra_;
  int64_t best_score_ = -1;
  std::vector<Choice> best_choices_;
  std::vector<RunList> greedy_lists_;
  std::vector<Choice> greedy_choices_;
  int64_t combination_steps_ = 0;
  int combine_words_ = 1;
  static constexpr size_t kMaxPostingWords = 4'000'000;  // 32 MB
  std::vector<std::vector<uint64_t>> postings_;  // per kind: group-major bit sets over the list
  std::vector<std::vector<int>> posting_users_;   // per kind and group: how many listed runs use it
  std::vector<std::vector<int>> taken_groups_;    // per combination level: the groups the index masks with
  static constexpr size_t kIndexGroups = 10;
  struct AvoidBound {
    std::vector<int64_t> revenue_without;  // per group: best revenue of a listed run not using it
    std::vector<int64_t> score_without;    // per group: best score of a listed run not using it
    int64_t top_revenue = 0;
    int64_t top_score = 0;
    int64_t top_mail = 0;
  };
  std::vector<AvoidBound> avoid_;  // per kind
  // Per combination level and kind: the best revenue and the best score a listed run of the kind
  // can still make, avoiding every group taken by the levels before.
  std::vector<Cap> caps_;
  bool stopped_ = false;  // a search limit was reached: results are legal but not proven best

 public:
  int64_t big() const { return big_; }
  bool stopped() const { return stopped_; }
};

}  // namespace

Result<OptimizedRuns> Optimize(const RouteGraph& graph, const std::vector<TrainSpec>& trains,
                               const OptimizeOptions& options) {
  if (Status checked = graph.Check(); !checked.ok()) return checked.error();
  std::set<std::string> ids;
  for (const TrainSpec& train : trains) {
    if (train.id.empty() || !ids.insert(train.id).second) {
      return Malformed("core.refusal.route_optimizer.train_ids_must_present_distinct", fmt::format("train ids must be present and distinct; '{}' is not", train.id)).With({param::Text("train", train.id)});
    }
    if (train.gauge == Gauge::kDual) return Malformed("core.refusal.route_optimizer.train_cannot_dual_gauge", fmt::format("train '{}' cannot be of dual gauge", train.id)).With({param::Text("train", train.id)});
    if (train.large_stations < 1) return Malformed("core.refusal.route_optimizer.train_needs_train_number_1", fmt::format("train '{}' needs a train number of 1 or more", train.id)).With({param::Text("train", train.id)});
  }
  std::vector<int> must_hexes;
  for (const HexCoord& hex : options.constraints.must_run_over) {
    int index = graph.FindHex(hex);
    if (index < 0) {
      return Illegal("core.refusal.route_optimizer.no_run_can_include_hex", "4.2.3", fmt::format("no run can include the hex at row {}, column {}: no track of the company "
                                          "lies there (4.2.3, 4.4.2)",
                                          hex.row, hex.col)).With({param::Count("row", hex.row), param::Count("col", hex.col)});
    }
    if (std::find(must_hexes.begin(), must_hexes.end(), index) == must_hexes.end()) must_hexes.push_back(index);
  }
  if (must_hexes.size() > 64) return Malformed("core.refusal.route_optimizer.most_64_hexes_can_required", "at most 64 hexes can be required in runs");

  Optimizer optimizer(graph, trains, options, std::move(must_hexes));
  if (!options.mail) {
    Result<RunPlan> dividend = optimizer.Solve(1, 0);  // the runs alone
    if (!dividend.ok()) return dividend.error();
    return OptimizedRuns{*dividend, *dividend, !optimizer.stopped()};
  }
  const int64_t big = optimizer.big();
  Result<RunPlan> total = optimizer.Solve(big + 1, big);  // total first, then dividend
  if (!total.ok()) return total.error();
  Result<RunPlan> dividend = optimizer.Solve(big, 1);  // dividend first, then mail
  if (!dividend.ok()) return dividend.error();
  return OptimizedRuns{std::move(total).value(), std::move(dividend).value(), !optimizer.stopped()};
}

}  // namespace mailrun::engine::routes

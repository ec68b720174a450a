#include "engine/core/routes/exhaustive_search.h"

#include <algorithm>
#include <utility>

#include "engine/core/routes/run_validator.h"

namespace mailrun::engine::routes {

namespace {

struct Candidate {
  PlannedRun run;
  std::vector<int> groups;  // sorted
};

class Exhaustive {
 public:
  Exhaustive(const RouteGraph& graph, const std::vector<TrainSpec>& trains, const RunConstraints& constraints,
             int64_t budget)
      : graph_(graph), trains_(trains), constraints_(constraints), budget_(budget) {}

  Result<ExhaustiveResult> Run() {
    const int n = static_cast<int>(graph_.nodes().size());
    std::vector<bool> on_path(n, false);
    for (int s = 0; s < n && within_budget(); ++s) {
      if (graph_.nodes()[s].kind != NodeKind::kStation) continue;
      PlannedRun path;
      path.nodes.push_back(s);
      on_path[s] = true;
      Walk(&path, &on_path);
      on_path[s] = false;
    }
    if (!within_budget()) return result_;
    for (size_t t = 0; t < trains_.size(); ++t) {
      per_train_.emplace_back();
      for (const PlannedRun& path : paths_) {
        PlannedRun run = path;
        run.train = static_cast<int>(t);
        Result<PlannedRun> checked = CheckRun(graph_, trains_, run);
        if (!checked.ok()) continue;
        Candidate c{std::move(checked).value(), {}};
        for (int e : c.run.edges) c.groups.push_back(graph_.edges()[e].group);
        std::sort(c.groups.begin(), c.groups.end());
        c.groups.erase(std::unique(c.groups.begin(), c.groups.end()), c.groups.end());
        per_train_.back().push_back(std::move(c));
      }
    }
    std::vector<int> chosen(trains_.size(), -1);
    std::vector<int> group_users(graph_.group_count(), 0);
    Combine(0, &chosen, &group_users);
    if (!within_budget()) return result_;
    result_.finished = true;
    if (total_choice_.empty()) {
      return Illegal("core.refusal.exhaustive_search.no_legal_set_runs_includes", "4.2.3", "no legal set of runs includes every tile that must be run over this turn");
    }
    Result<RunPlan> total = MakePlan(total_choice_);
    if (!total.ok()) return total.error();
    Result<RunPlan> dividend = MakePlan(dividend_choice_);
    if (!dividend.ok()) return dividend.error();
    result_.best_total = std::move(total).value();
    result_.best_dividend = std::move(dividend).value();
    return result_;
  }

 private:
  bool within_budget() const { return result_.paths + result_.combinations <= budget_; }

  void Walk(PlannedRun* path, std::vector<bool>* on_path) {
    const int at = path->nodes.back();
    for (int e : graph_.EdgesAt(at)) {
      if (!within_budget()) return;
      const RouteEdge& edge = graph_.edges()[e];
      int next = edge.a == at ? edge.b : edge.a;
      if ((*on_path)[next]) continue;
      path->nodes.push_back(next);
      path->edges.push_back(e);
      (*on_path)[next] = true;
      ++result_.paths;
      // Each path once: in the direction from the lower-numbered end station.
      if (graph_.nodes()[next].kind == NodeKind::kStation && path->nodes.front() < next) paths_.push_back(*path);
      Walk(path, on_path);
      (*on_path)[next] = false;
      path->nodes.pop_back();
      path->edges.pop_back();
    }
  }

  void Combine(size_t t, std::vector<int>* chosen, std::vector<int>* group_users) {
    if (!within_budget()) return;
    ++result_.combinations;
    if (t == trains_.size()) {
      Score(*chosen);
      return;
    }
    (*chosen)[t] = -1;
    Combine(t + 1, chosen, group_users);
    for (size_t r = 0; r < per_train_[t].size(); ++r) {
      const Candidate& c = per_train_[t][r];
      bool clash = false;
      for (int g : c.groups) clash = clash || (*group_users)[g] > 0;
      if (clash) continue;  // every edge has a group, so this also catches shared track
      for (int g : c.groups) ++(*group_users)[g];
      (*chosen)[t] = static_cast<int>(r);
      Combine(t + 1, chosen, group_users);
      for (int g : c.groups) --(*group_users)[g];
    }
    (*chosen)[t] = -1;
  }

  void Score(const std::vector<int>& chosen) {
    int64_t dividend = 0;
    int64_t mail = 0;
    std::vector<bool> covered(graph_.hexes().size(), false);
    for (size_t t = 0; t < chosen.size(); ++t) {
      if (chosen[t] < 0) continue;
      const PlannedRun& run = per_train_[t][chosen[t]].run;
      dividend += run.revenue;
      mail = std::max<int64_t>(mail, run.mail_value);
      for (int e : run.edges) covered[graph_.edges()[e].hex] = true;
    }
    for (const HexCoord& hex : constraints_.must_run_over) {
      int index = graph_.FindHex(hex);
      if (index < 0 || !covered[index]) return;
    }
    std::pair<int64_t, int64_t> total_key{dividend + mail, dividend};
    std::pair<int64_t, int64_t> dividend_key{dividend, mail};
    if (total_choice_.empty() || total_key > best_total_) {
      best_total_ = total_key;
      total_choice_ = chosen;
    }
    if (dividend_choice_.empty() || dividend_key > best_dividend_) {
      best_dividend_ = dividend_key;
      dividend_choice_ = chosen;
    }
  }

  Result<RunPlan> MakePlan(const std::vector<int>& chosen) {
    std::vector<PlannedRun> runs;
    int mail_run = -1;
    int best_mail = -1;
    for (size_t t = 0; t < chosen.size(); ++t) {
      if (chosen[t] < 0) continue;
      const PlannedRun& run = per_train_[t][chosen[t]].run;
      if (run.mail_value > best_mail) {
        best_mail = run.mail_value;
        mail_run = static_cast<int>(runs.size());
      }
      runs.push_back(run);
    }
    return CheckPlan(graph_, trains_, std::move(runs), mail_run, constraints_);
  }

  const RouteGraph& graph_;
  const std::vector<TrainSpec>& trains_;
  const RunConstraints& constraints_;
  const int64_t budget_;
  ExhaustiveResult result_;
  std::vector<PlannedRun> paths_;
  std::vector<std::vector<Candidate>> per_train_;
  std::vector<int> total_choice_, dividend_choice_;
  std::pair<int64_t, int64_t> best_total_{-1, -1}, best_dividend_{-1, -1};
};

}  // namespace

Result<ExhaustiveResult> ExhaustiveSearch(const RouteGraph& graph, const std::vector<TrainSpec>& trains,
                                          const RunConstraints& constraints, int64_t budget) {
  if (Status checked = graph.Check(); !checked.ok()) return checked.error();
  return Exhaustive(graph, trains, constraints, budget).Run();
}

}  // namespace mailrun::engine::routes

// A 1947 run's and a company turn's revenue (see rules/revenue.h).
#include "engine/titles/t1947/rules/revenue.h"

#include <algorithm>
#include <set>

#include "engine/core/structured_text.h"

namespace mailrun::engine::t1947 {

int StopValue(const RevenueRules& rules, const Stop& stop, Season season) {
  if (stop.kind != StopKind::kCity) return stop.value;  // 6.13.4: towns, sites and trading posts never change
  return std::max(0, stop.value + rules.city_change[static_cast<int>(season)][static_cast<int>(stop.zone)]);
}

int CoochBeharValue(const T1947Data& data, int phase) {
  const CoochBehar& cooch = data.board.cooch_behar;
  const std::optional<int> t5 = PhaseIntroducedBy(data.phases, "T5");
  const std::optional<int> t8 = PhaseIntroducedBy(data.phases, "T8");
  if (t8 && phase >= *t8) return cooch.revenue_from_t8;
  if (t5 && phase >= *t5) return cooch.revenue_from_t5;
  return cooch.revenue;
}

bool LayingReduces(const RevenueRules& rules, Season season, Zone zone) {
  const auto& reducing = rules.laying_reduction_zone[static_cast<int>(season)];
  return reducing && *reducing == zone;
}

int RoundToTen(int times_hundred) { return (times_hundred + 500) / 1000 * 10; }

int Reduce(int revenue, int percent) { return RoundToTen(revenue * (100 - percent)); }

Result<RunRevenue> TrainRunRevenue(const RevenueRules& rules, const std::string& train, const std::vector<Stop>& stops,
                                   Season season, int trading_post_value) {
  const int most = rules.Stops(train);
  if (most == 0) return Illegal("1947.refusal.runs.no_such_train", "6.14.1", "there is no train " + train).With({param::Train("train", train)});
  RunRevenue run;
  std::set<std::string> visited;
  bool own_station = false;
  for (size_t i = 0; i < stops.size(); ++i) {
    const Stop& stop = stops[i];
    const bool end = i == 0 || i + 1 == stops.size();
    if (!visited.insert(stop.place).second) {
      return Illegal("1947.refusal.runs.train_may_not_visit_twice", "6.14.1", "a train may not run to or through " + stop.place + " twice").With({param::Hex("hex", stop.place)});
    }
    switch (stop.kind) {
      case StopKind::kExpatriationSite:
        if (!end) return Illegal("1947.refusal.runs.site_always_terminus", "6.10", "an expatriation site is always the beginning or the end of a run");
        break;
      case StopKind::kTradingPost:
        if (!end) return Illegal("1947.refusal.runs.trading_post_only_at_end", "3.1", "a run may reach a trading post only at its beginning or end (P7)");
        run.revenue += trading_post_value;  // 3.1 P7: worth nothing to other companies
        continue;                           // and no stop (3.1 P7)
      case StopKind::kCity:
        own_station = own_station || stop.own_station;
        if (stop.blocked && !end) ++run.workers;  // 6.11.1: one worker per blocked city passed through
        break;
      case StopKind::kTown:
        break;
    }
    ++run.stops;
    run.revenue += StopValue(rules, stop, season);
  }
  if (run.stops < 2) return Illegal("1947.refusal.runs.route_joins_two_stops", "6.14.1", "a route joins at least two cities, towns or expatriation sites");
  if (run.stops > most) {
    return Illegal("1947.refusal.runs.train_makes_at_most_stops", "6.14.1", "a " + train + " makes at most " + std::to_string(most) + " stops, not " + std::to_string(run.stops))
        .With({param::Train("train", train), param::Count("most", most), param::Count("stops", run.stops)});
  }
  if (!own_station) return Illegal("1947.refusal.runs.route_needs_own_station", "6.14.1", "every route includes a city with one of the company's stations");
  return run;
}

Result<CompanyRevenue> OperatingRevenue(const RevenueRules& rules, const std::vector<TrainRun>& runs, const OperatingTurn& turn) {
  if (turn.phase < 1 || turn.phase > static_cast<int>(rules.trading_post.size())) {
    return Illegal("1947.refusal.runs.no_such_phase", "4.0", "there is no phase " + std::to_string(turn.phase)).With({param::Count("phase", turn.phase)});
  }
  const bool simplified = rules.simplified_revenue[turn.phase - 1];
  if (simplified && runs.size() > 1) return Illegal("1947.refusal.runs.only_largest_train_runs", "6.14.3", "from the first T8 only the company's largest train runs; its second adds a percentage");
  if (!simplified && turn.second_train) return Illegal("1947.refusal.runs.no_second_train_increase_yet", "6.14.3", "the second-train increase applies from the first T8");
  if (!runs.empty() && !turn.owns_train) return Illegal("1947.refusal.runs.company_owns_no_train", "6.14", "the company owns no train to run");
  const int trading_post_value = turn.owns_p7 ? rules.trading_post[turn.phase - 1] : 0;
  CompanyRevenue result;
  std::set<std::string> trading_posts;
  for (const TrainRun& r : runs) {
    Result<RunRevenue> run = TrainRunRevenue(rules, r.train, r.stops, turn.season, trading_post_value);
    if (!run.ok()) return run.error();
    for (const Stop& stop : r.stops) {
      if (stop.kind == StopKind::kTradingPost && !trading_posts.insert(stop.place).second) {
        return Illegal("1947.refusal.runs.one_train_per_trading_post", "3.1", "only one of a company's trains may run to the trading post at " + stop.place).With({param::Hex("hex", stop.place)});
      }
    }
    result.train_revenue.push_back(run->revenue);
    result.runs += run->revenue;
    result.workers_spent += run->workers;
  }
  if (result.workers_spent > turn.workers) {
    return Illegal("1947.refusal.runs.workers_for_blocked_cities", "6.11.1",
                   "passing through " + std::to_string(result.workers_spent) + " blocked cities needs as many workers; the president has " + std::to_string(turn.workers))
        .With({param::Count("needed", result.workers_spent), param::Count("workers", turn.workers)});
  }
  if (turn.owns_train) result.tile_bonus = turn.new_yellow_city_town_tiles * rules.new_tile_bonus;  // 6.14.2
  const int base = result.runs + result.tile_bonus;
  if (simplified && turn.second_train && !runs.empty()) {
    const std::string& largest = runs.front().train;
    if (rules.Stops(*turn.second_train) > rules.Stops(largest)) {
      return Illegal("1947.refusal.runs.largest_train_runs", "6.14.3", "the " + largest + " is not the company's largest train; the " + *turn.second_train + " runs")
          .With({param::Train("train", largest), param::Train("largest", *turn.second_train)});
    }
    auto card = rules.second_train_increase.find(largest);
    if (card == rules.second_train_increase.end() || !card->second.count(*turn.second_train)) {
      return Illegal("1947.refusal.runs.no_increase_on_card", "6.14.3", "the " + largest + "'s card gives no increase for a " + *turn.second_train)
          .With({param::Train("train", largest), param::Train("second", *turn.second_train)});
    }
    result.second_train_percent = card->second.at(*turn.second_train);
    result.second_train_increase = RoundToTen(base * result.second_train_percent);  // docs/rulings.md 1947
  }
  result.before_reduction = base + result.second_train_increase;
  if (turn.laid_in_season_zone) result.reduction_percent += rules.laying_reduction_percent;  // 6.13.3
  if (turn.temple_reduction) result.reduction_percent += rules.temple_reduction_percent;     // 6.8.1
  result.revenue = Reduce(result.before_reduction, result.reduction_percent);
  return result;
}

}  // namespace mailrun::engine::t1947

// Expatriation and temple bonuses (see rules/revenue_bonuses.h).
#include "engine/titles/t1947/rules/revenue_bonuses.h"

#include <string>

#include "engine/core/structured_text.h"

namespace mailrun::engine::t1947 {

namespace {
constexpr int kP5First = 30;  // 3.1 P5: the first company to reach the site
constexpr int kP5Later = 10;  // 3.1 P5: a site already reached
}  // namespace

Result<ExpatriationReward> ReachSite(const RevenueRules& rules, int nth, bool first_to_reach, int site_workers, bool owns_p5) {
  const int boxes = static_cast<int>(rules.expatriation_track.size());
  if (nth < 1 || nth > boxes) {
    return Illegal("1947.refusal.runs.no_expatriation_box", "6.10", "the charter's expatriation track has boxes 1 to " + std::to_string(boxes) + ", not " + std::to_string(nth))
        .With({param::Count("boxes", boxes), param::Count("box", nth)});
  }
  ExpatriationReward reward;
  reward.box = rules.expatriation_track[nth - 1];
  if (first_to_reach) reward.site_workers = site_workers;  // 6.10: the first company's president employs them
  if (owns_p5) reward.economic_incentives = first_to_reach ? kP5First : kP5Later;
  return reward;
}

Result<TempleReward> ConnectTemple(const RevenueRules& rules, int sites_reached, bool refuse_expatriation) {
  TempleReward reward;
  reward.cash = rules.temple_bonus;  // 6.8.2
  reward.expatriation.may_move_token = false;
  // Refused, or every site already reached: no expatriation bonus.
  if (refuse_expatriation || sites_reached >= static_cast<int>(rules.expatriation_track.size())) return reward;
  // 6.8.2: the bonus of a site not yet reached: its workers are not collected, the P5 does not
  // pay, and it allows no paid advance of the token.
  Result<ExpatriationReward> free_bonus = ReachSite(rules, sites_reached + 1, false, 0, false);
  if (!free_bonus.ok()) return free_bonus.error();
  reward.expatriation = *free_bonus;
  reward.expatriation.may_move_token = false;
  return reward;
}

}  // namespace mailrun::engine::t1947

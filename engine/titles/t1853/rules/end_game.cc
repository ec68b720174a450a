#include "engine/titles/t1853/rules/end_game.h"

#include <fmt/format.h>

#include <google/protobuf/util/json_util.h>

#include <algorithm>

namespace mailrun::engine::t1853 {

// 5.2.1: cash plus shares at their market value (par for a company that never formed, 3.1.7);
// bonds not returned and (5.2.2) the companies' money do not count.
int PlayerWealth(const Context& ctx, int seat) {
  const PlayerState& p = ctx.state.players[seat];
  int wealth = p.cash;
  for (int c = 0; c < kCompanies; ++c) wealth += p.shares[c] * ctx.SharePrice(c);
  return wealth;
}

// 1.6.4, 5.2: the results; 5.2.3: the wealthiest player wins (equal wealth, equal rank).
void FinishGame(Context& ctx, std::string key, std::string_view english, std::vector<TextParam> params) {
  GameState& s = ctx.state;
  const Said said = engine::Say(std::move(key), english, std::move(params), ctx.English());
  const std::string reason = said.text;
  s.stage = Stage::kFinished;
  s.end_reason = reason;
  s.end_reason_structured.clear();
  (void)google::protobuf::util::MessageToJsonString(said.structured, &s.end_reason_structured);
  s.scores.clear();
  for (int seat = 0; seat < s.players_count; ++seat) s.scores.push_back({seat, PlayerWealth(ctx, seat), 0});
  std::vector<FinalScore> sorted = s.scores;
  std::stable_sort(sorted.begin(), sorted.end(), [](const FinalScore& a, const FinalScore& b) { return a.wealth > b.wealth; });
  for (FinalScore& score : s.scores) {
    score.rank = 1;
    for (const FinalScore& other : sorted) {
      if (other.wealth > score.wealth) ++score.rank;
    }
  }
  ctx.Say("1853.log.end_game.ends", "The game ends: {reason}", {param::Text("reason", reason)});
  for (const FinalScore& score : sorted) {
    const FinalScore& ranked = s.scores[score.seat];
    ctx.Say("1853.log.end_game.standing", "{rank}. {seat} {wealth}", {param::Count("rank", ranked.rank), param::Seat("seat", score.seat), param::Amount("wealth", score.wealth)});
  }
}

}  // namespace mailrun::engine::t1853

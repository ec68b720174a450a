#include "engine/titles/t1853/rules/end_game.h"

#include <fmt/format.h>

#include <google/protobuf/util/json_util.h>

#include <algorithm>

#include "engine/core/standings.h"

namespace mailrun::engine::t1853 {

// 5.2.1: cash plus shares at their market value (par for a company that never formed, 3.1.7);
// bonds not returned and (5.2.2) the companies' money do not count.
int PlayerWealth(const Context& ctx, int seat) {
  const PlayerState& p = ctx.state.players[seat];
  int wealth = p.cash;
  for (int c = 0; c < kCompanies; ++c) wealth += ctx.state.shares.HeldBy(seat, c) * ctx.SharePrice(c);
  return wealth;
}

namespace {

// 1.6.4, 5.2: the results; 5.2.3: the wealthiest player wins (equal wealth, equal rank). The log
// says the reason (its own line, said by the caller) and then the standings.
void FinishGame(Context& ctx, const Said& said) {
  GameState& s = ctx.state;
  s.stage = Stage::kFinished;
  s.end_reason = said.text;
  s.end_reason_structured.clear();
  (void)google::protobuf::util::MessageToJsonString(said.structured, &s.end_reason_structured);
  s.scores.clear();
  std::vector<int> wealth;
  for (int seat = 0; seat < s.players_count; ++seat) wealth.push_back(PlayerWealth(ctx, seat));
  const std::vector<int> ranks = WealthRanks(wealth);
  for (int seat = 0; seat < s.players_count; ++seat) s.scores.push_back({seat, wealth[static_cast<size_t>(seat)], ranks[static_cast<size_t>(seat)]});
  std::vector<FinalScore> sorted = s.scores;
  std::stable_sort(sorted.begin(), sorted.end(), [](const FinalScore& a, const FinalScore& b) { return a.wealth > b.wealth; });
  for (const FinalScore& score : sorted) {
    const FinalScore& ranked = s.scores[score.seat];
    ctx.Say("1853.log.end_game.standing", "{rank}. {seat} {wealth}", {param::Count("rank", ranked.rank), param::Seat("seat", score.seat), param::Amount("wealth", score.wealth)});
  }
}

}  // namespace

// The log line names its parameters in the call itself (the message-key test reads them there).
void FinishBankBroken(Context& ctx) {
  ctx.Say("1853.log.end_game.bank_broken", "The game ends: the bank ran out of money ({rule})", {param::Rule("rule", "5.1.2")});
  FinishGame(ctx, engine::Say("1853.end.bank_broken", "the bank ran out of money ({rule})", {param::Rule("rule", "5.1.2")},
                              ctx.English()));
}

void FinishAtSharePrice(Context& ctx, int company, int price) {
  const std::string initials = ctx.Initials(company);
  ctx.Say("1853.log.end_game.share_price", "The game ends: the {company} share price reached {amount} ({rule})",
          {param::Company("company", initials), param::Amount("amount", price), param::Rule("rule", "5.1.3")});
  FinishGame(ctx, engine::Say("1853.end.share_price", "the {company} share price reached {amount} ({rule})",
                              {param::Company("company", initials), param::Amount("amount", price), param::Rule("rule", "5.1.3")},
                              ctx.English()));
}

}  // namespace mailrun::engine::t1853

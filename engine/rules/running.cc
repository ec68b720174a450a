#include "engine/rules/running.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/rules/end_game.h"
#include "engine/rules/railway_round.h"
#include "engine/rules/share_ledger.h"

namespace mailrun::engine {

bool CompanyCanRun(const Context& ctx, int company) { return !ctx.state.companies[company].trains.empty(); }

void AdjustSharePrice(Context& ctx, int company, int total_dividend) {
  CompanyState& c = ctx.state.companies[company];
  const int before = ctx.SharePrice(company);
  const int top = static_cast<int>(ctx.data.share_prices.size()) - 1;
  int spaces = 0;
  if (total_dividend <= 0) {
    spaces = c.pool_shares > 0 ? -1 : 0;  // 4.7.1
  } else {
    spaces = 1;
    for (int multiple = 2; multiple <= 5; ++multiple) {
      if (total_dividend >= multiple * before) spaces = multiple;  // 4.7.1: two to five spaces
    }
  }
  c.price_index = std::clamp(c.price_index + spaces, 0, top);  // 4.7.3: never below £10
  const int after = ctx.SharePrice(company);
  if (after != before) ctx.Log(fmt::format("The {} share price moves from {} to {}", ctx.Initials(company), Money(before), Money(after)));
  const bool longer_game = ctx.config.options().bank() == mailrun::v1::BANK_LONGER;
  if (c.price_index == top && !longer_game) {
    FinishGame(ctx, fmt::format("the {} share price reached {} (5.1.3)", ctx.Initials(company), Money(after)));
  }
}

void RunNothing(Context& ctx) {
  const int company = ctx.state.railway.company;
  ctx.Log(fmt::format("The {} runs no train", ctx.Initials(company)));
  AdjustSharePrice(ctx, company, 0);
}

Status ValidateRunTrains(const Context& ctx, int seat, const mailrun::v1::RunTrains& action) {
  if (ctx.state.stage != Stage::kRailway || ctx.state.railway.step != TurnStep::kRun || OperatingSeat(ctx) != seat) {
    return Error{ErrorKind::kNotYourTurn, "4.5", "it is not your company's turn to run trains"};
  }
  if (action.runs_size() > 0) return Illegal("4.5", "runs are not available in this build yet");
  return OkStatus();
}

void ExecuteRunTrains(Context& ctx, int, const mailrun::v1::RunTrains&) {
  RunNothing(ctx);
  if (ctx.state.stage == Stage::kRailway) AdvanceStep(ctx);
}

void ListRunActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out) {
  mailrun::v1::Action action;
  action.mutable_run_trains();
  if (!ValidateRunTrains(ctx, seat, action.run_trains()).ok()) return;
  action.set_seat(seat);
  mailrun::v1::LegalAction legal;
  *legal.mutable_action() = action;
  legal.set_description("Run no train");
  out.push_back(std::move(legal));
}

}  // namespace mailrun::engine

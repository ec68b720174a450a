#include "engine/titles/t1853/rules/bank.h"

#include <algorithm>

namespace mailrun::engine::t1853 {
namespace {

bool CompanyCredits(const Context& ctx) { return ctx.data.edition != mailrun::v1::EDITION_LOOKOUT_2009; }

}  // namespace

// 2009 3.4.6: while a manager's train bought on credit is unpaid, the company pays no other
// expense. Retuned's 3.4.6 has the manager meet every other expense as it comes.
bool ExpensesBarredByCreditTrain(const Context& ctx, int company) {
  if (ctx.data.edition != mailrun::v1::EDITION_LOOKOUT_2009) return false;
  const auto& trains = ctx.state.companies[company].trains;
  return std::any_of(trains.begin(), trains.end(), [](const TrainCard& train) { return train.on_credit; });
}

// 5.1.1: the game ends when the bank runs out of money (after the railway round, 5.1.2).
void PayFromBank(Context& ctx, int amount) {
  ctx.state.bank -= amount;
  if (ctx.state.bank <= 0 && !ctx.state.bank_broken) {
    ctx.state.bank_broken = true;
    ctx.Say("1853.log.bank.runs_out", "The bank has run out of money: the game ends after this railway round ({rule})", {param::Rule("rule", "5.1.2")});
  }
}

void CompanyReceives(Context& ctx, int company, int amount) {
  ctx.state.companies[company].treasury += amount;
  if (CompanyCredits(ctx)) {
    ctx.state.credits -= amount;
  } else {
    PayFromBank(ctx, amount);
  }
}

void CompanyPays(Context& ctx, int company, int amount) {
  ctx.state.companies[company].treasury -= amount;
  if (CompanyCredits(ctx)) {
    ctx.state.credits += amount;
  } else {
    ctx.state.bank += amount;
  }
}

void DirectorGives(Context& ctx, int seat, int company, int amount) {
  ctx.state.players[seat].cash -= amount;
  ctx.state.companies[company].treasury += amount;
  if (CompanyCredits(ctx)) {
    ctx.state.bank += amount;     // the money goes to the bank...
    ctx.state.credits -= amount;  // ...and the company receives credits for it
  }
}

}  // namespace mailrun::engine::t1853

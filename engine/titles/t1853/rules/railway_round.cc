#include "engine/titles/t1853/rules/railway_round.h"

#include <fmt/format.h>

#include "engine/titles/t1853/rules/bases.h"
#include "engine/titles/t1853/rules/dealing_round.h"
#include "engine/titles/t1853/rules/end_game.h"
#include "engine/titles/t1853/rules/running.h"
#include "engine/titles/t1853/rules/share_ledger.h"
#include "engine/titles/t1853/rules/track.h"
#include "engine/titles/t1853/rules/trains.h"

namespace mailrun::engine::t1853 {
namespace {

Error NotOperating(const Context& ctx) {
  const int seat = OperatingSeat(ctx);
  if (seat < 0) return OutOfTurn("1853.refusal.railway_round.no_company_operating", "4.0", "no company is operating");
  return OutOfTurn("1853.refusal.railway_round.acting_operating_company_no_company", "4.0",
               fmt::format("{} is acting for the operating company", ctx.Name(seat)))
      .With({param::Seat("seat", seat)});
}

bool Operating(const Context& ctx, int seat) {
  return ctx.state.stage == Stage::kRailway && ctx.state.railway.company >= 0 && OperatingSeat(ctx) == seat &&
         !ctx.state.offer;
}

// 1.6.3, 3.1.12, 4.0: companies operate in company order (TABLE 1), those formed in the last
// dealing round among them (3.3.3); companies not running are left out.
int NextFormedCompany(const Context& ctx, int after) {
  for (int c = after + 1; c < kCompanies; ++c) {
    if (ctx.state.companies[c].status == CompanyStatus::kFormed) return c;
  }
  return -1;
}

void BeginCompanyTurn(Context& ctx, int company) {
  const CompanyState& c = ctx.state.companies[company];
  // 4.1.3: a major's director chooses the double-lay option in its first railway round.
  ctx.state.railway.BeginTurn(
      company, (c.major && c.double_lay == DoubleLay::kUndecided) ? TurnStep::kDoubleLayChoice : TurnStep::kTrack);
  ctx.Say("1853.log.railway.operates", "{seat} operates the {company} ({treasury})", {param::Seat("seat", Controller(ctx, company)), param::Company("company", ctx.Initials(company)), param::Amount("treasury", c.treasury)});
}

void EndRailwayRound(Context& ctx) {
  GameState& s = ctx.state;
  s.railway.EndTurn();
  ctx.Say("1853.log.railway.round_ends", "Railway Round {round} ends", {param::Count("round", s.railway.number)});
  if (s.bank_broken) {
    FinishBankBroken(ctx);
    return;
  }
  if (s.railway.MoreRounds()) {
    StartRailwayRound(ctx);
    return;
  }
  if (!s.railway.extra_called) {
    s.stage = Stage::kExtraRound;  // 4.9
    return;
  }
  StartDealingRound(ctx, s.elephant);
}

}  // namespace

int OperatingSeat(const Context& ctx) {
  if (ctx.state.railway.company < 0) return -1;
  return Controller(ctx, ctx.state.railway.company);
}

const char* StepName(TurnStep step) {
  switch (step) {
    case TurnStep::kDoubleLayChoice: return "choose the double-lay option";
    case TurnStep::kTrack: return "lay or promote track";
    case TurnStep::kBase: return "establish a base station";
    case TurnStep::kRun: return "run trains";
    case TurnStep::kBuyTrains: return "buy trains";
  }
  return "";
}

Error NotAtStep(const Context& ctx, int seat, TurnStep step) {
  const RailwayState& r = ctx.state.railway;
  if (!Operating(ctx, seat) || r.step == step) return NotOperating(ctx);
  const std::string company = ctx.Initials(r.company);
  if (r.step < step) {
    // The rule that puts the step later: 4.1.3's choice comes before the first lay, 4.8.1 buys
    // trains at the end of the turn, 4.0 orders the rest.
    const char* rule = step == TurnStep::kBuyTrains ? "4.8.1" : r.step == TurnStep::kDoubleLayChoice ? "4.1.3" : "4.0";
    return Illegal("1853.refusal.railway_round.step_comes_later", rule,
                   fmt::format("the {} is at its step '{}': '{}' comes later in its turn", company, StepName(r.step),
                               StepName(step)))
        .With({param::Company("company", company), param::Text("current", StepName(r.step)), param::Text("step", StepName(step))});
  }
  return Illegal("1853.refusal.railway_round.step_is_over", "4.0",
                 fmt::format("the {}'s step '{}' is over: it is at '{}'", company, StepName(step), StepName(r.step)))
      .With({param::Company("company", company), param::Text("step", StepName(step)), param::Text("current", StepName(r.step))});
}

void StartRailwayRounds(Context& ctx) {
  GameState& s = ctx.state;
  if (s.bank_broken) {
    // The bank broke outside a railway round (a company's formation): no further round begins
    // (5.1.2, docs/rulings.md).
    FinishBankBroken(ctx);
    return;
  }
  if (NextFormedCompany(ctx, -1) < 0) {
    ctx.Say("1853.log.railway.no_company_running", "No company is running: the next dealing round follows at once", {});
    StartDealingRound(ctx, s.elephant);
    return;
  }
  s.railway.BeginSet(ctx.data.phases[s.phase_for_round_count - 1].railway_rounds);
  s.railway.extra_called = false;
  StartRailwayRound(ctx);
}

void StartRailwayRound(Context& ctx) {
  GameState& s = ctx.state;
  s.stage = Stage::kRailway;
  ++s.railway.number;
  s.railway.BeginRound();
  ctx.Say("1853.log.railway.round_begins", "Railway Round {round} begins ({in_set} of {set_size})", {param::Count("round", s.railway.number), param::Count("in_set", s.railway.in_set), param::Count("set_size", s.railway.set_size)});
  const int first = NextFormedCompany(ctx, -1);
  if (first < 0) {
    EndRailwayRound(ctx);
    return;
  }
  BeginCompanyTurn(ctx, first);
}

void AdvanceStep(Context& ctx) {
  RailwayState& r = ctx.state.railway;
  if (r.step == TurnStep::kTrack) FinishTrackStep(ctx);  // 4.1.15 frontier payments, 4.3 contracts
  if (!r.NextStep()) {  // the train step ends the turn (4.0)
    EndCompanyTurn(ctx);
    return;
  }
  if (r.step == TurnStep::kRun && !CompanyCanRun(ctx, r.company)) {
    RunNothing(ctx);  // 4.7.1 still applies
    if (ctx.state.stage != Stage::kRailway) return;
    AdvanceStep(ctx);
  }
}

void EndCompanyTurn(Context& ctx) {
  GameState& s = ctx.state;
  const int company = s.railway.company;
  ++s.companies[company].railway_turns;
  const int next = NextFormedCompany(ctx, company);
  if (next < 0) {
    EndRailwayRound(ctx);
    return;
  }
  BeginCompanyTurn(ctx, next);
}

Status ValidateChooseDoubleLay(const Context& ctx, int seat, const mailrun::v1::ChooseDoubleLay& action) {
  if (!Operating(ctx, seat)) return NotOperating(ctx);
  if (ctx.state.railway.step != TurnStep::kDoubleLayChoice) {
    return Illegal("1853.refusal.railway_round.double_lay_option_chosen_once", "4.1.3", "the double-lay option is chosen once, at the start of a major's first railway round");
  }
  if (action.option() != mailrun::v1::DOUBLE_LAY_FROM_PHASE_2 && action.option() != mailrun::v1::DOUBLE_LAY_PAY_PER_USE) {
    return Malformed("1853.refusal.railway_round.choose_double_lay_phase_2", "choose DOUBLE_LAY_FROM_PHASE_2 or DOUBLE_LAY_PAY_PER_USE");
  }
  return OkStatus();
}

void ExecuteChooseDoubleLay(Context& ctx, int seat, const mailrun::v1::ChooseDoubleLay& action) {
  const int company = ctx.state.railway.company;
  CompanyState& c = ctx.state.companies[company];
  if (action.option() == mailrun::v1::DOUBLE_LAY_FROM_PHASE_2) {
    c.double_lay = DoubleLay::kFromPhase2;
    ctx.Say("1853.log.railway.two_tiles_from_phase_2", "{seat}: the {company} will lay two tiles from phase {phase} ({rule})", {param::Seat("seat", seat), param::Company("company", ctx.Initials(company)), param::Count("phase", ctx.data.PhaseShown(2)), param::Rule("rule", "4.1.3")});
  } else {
    c.double_lay = DoubleLay::kPayPerUse;
    ctx.Say("1853.log.railway.two_tiles_now", "{seat}: the {company} may lay two tiles now, paying {fee} each time ({rule})", {param::Seat("seat", seat), param::Company("company", ctx.Initials(company)), param::Amount("fee", ctx.Def(company).double_lay_fee), param::Rule("rule", "4.1.3")});
  }
  AdvanceStep(ctx);
}

Status ValidateEndStep(const Context& ctx, int seat) {
  if (!Operating(ctx, seat)) return NotOperating(ctx);
  const RailwayState& r = ctx.state.railway;
  switch (r.step) {
    case TurnStep::kDoubleLayChoice: return Illegal("1853.refusal.railway_round.choose_double_lay_option_first", "4.1.3", "choose the double-lay option first");
    case TurnStep::kTrack: return ValidateEndTrackStep(ctx);
    case TurnStep::kRun: return Illegal("1853.refusal.railway_round.submit_runs_empty_list_runs", "4.5", "submit the runs (an empty list runs no train)");
    case TurnStep::kBase:
    case TurnStep::kBuyTrains: return ValidateEndTrainStep(ctx);
  }
  return OkStatus();
}

void ExecuteEndStep(Context& ctx, int) {
  if (ctx.state.railway.step == TurnStep::kBuyTrains) FinishTrainStep(ctx);
  AdvanceStep(ctx);
}

void ListRailwayActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out) {
  if (!Operating(ctx, seat)) return;
  auto add = [&](mailrun::v1::Action action, std::string text) {
    AddLegal(out, seat, std::move(action), std::move(text));
  };
  const RailwayState& r = ctx.state.railway;
  switch (r.step) {
    case TurnStep::kDoubleLayChoice: {
      mailrun::v1::Action later;
      later.mutable_choose_double_lay()->set_option(mailrun::v1::DOUBLE_LAY_FROM_PHASE_2);
      add(later, fmt::format("Lay two tiles only from phase {}, free (4.1.3)", ctx.data.PhaseShown(2)));
      mailrun::v1::Action now;
      now.mutable_choose_double_lay()->set_option(mailrun::v1::DOUBLE_LAY_PAY_PER_USE);
      add(now, fmt::format("Lay two tiles now, paying {} whenever you do (4.1.3)",
                           Money(ctx.Def(r.company).double_lay_fee)));
      return;
    }
    case TurnStep::kTrack: ListTrackActions(ctx, seat, out); break;
    case TurnStep::kBase: ListBaseActions(ctx, seat, out); break;
    case TurnStep::kRun: ListRunActions(ctx, seat, out); return;
    case TurnStep::kBuyTrains: ListTrainActions(ctx, seat, out); break;
  }
  if (ValidateEndStep(ctx, seat).ok()) {
    mailrun::v1::Action end;
    end.mutable_end_step();
    add(end, r.step == TurnStep::kBuyTrains ? "End the company's turn" : fmt::format("Done: {}", StepName(r.step)));
  }
}

bool OnlyEndStepLegal(const Context& ctx, int seat) {
  if (!Operating(ctx, seat)) return false;
  switch (ctx.state.railway.step) {
    case TurnStep::kDoubleLayChoice: return false;  // two options are listed (4.1.3)
    case TurnStep::kRun: return false;  // runs are listed, never the end of the step (4.5)
    case TurnStep::kTrack:
      if (AnyTrackAction(ctx, seat)) return false;
      break;
    case TurnStep::kBase:
      if (AnyBaseAction(ctx, seat)) return false;
      break;
    case TurnStep::kBuyTrains:
      if (AnyTrainAction(ctx, seat)) return false;
      break;
  }
  return ValidateEndStep(ctx, seat).ok();
}

}  // namespace mailrun::engine::t1853

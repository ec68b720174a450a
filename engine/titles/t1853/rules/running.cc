#include "engine/titles/t1853/rules/running.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/titles/t1853/rules/bank.h"
#include "engine/titles/t1853/rules/end_game.h"
#include "engine/titles/t1853/rules/railway_round.h"
#include "engine/titles/t1853/rules/share_ledger.h"
#include "engine/core/market/stock_market.h"
#include "engine/core/routes/plan_proto.h"
#include "engine/core/routes/route_optimizer.h"
#include "engine/core/routes/run_validator.h"
#include "engine/titles/t1853/route_graph_builder.h"
#include "engine/titles/t1853/track_cache.h"

namespace mailrun::engine::t1853 {
namespace {

std::vector<routes::TrainSpec> TrainSpecs(const Context& ctx, int company) {
  return RouteTrains(ctx.data, ctx.state, company);
}

bool OperatingRun(const Context& ctx, int seat) {
  return ctx.state.stage == Stage::kRailway && ctx.state.railway.step == TurnStep::kRun && OperatingSeat(ctx) == seat &&
         !ctx.state.offer;
}

Result<std::shared_ptr<const CheckedRuns>> Check(const Context& ctx, const mailrun::v1::RunTrains& action) {
  const int company = ctx.state.railway.company;
  // An execution follows its validation on the same position: the check is made once.
  if (ctx.track) {
    if (auto kept = ctx.track->RunCheck(ctx.data, ctx.state, company, action)) return kept;
  }
  // Checked on the part of the company's graph the runs name (BuildRunGraph): the same answer as
  // on the whole graph, which a check would otherwise build for every run step.
  auto checked = std::make_shared<CheckedRuns>();
  checked->graph = std::make_shared<const routes::RouteGraph>(
      BuildRunGraph(ctx.data, ctx.state, company, action, ctx.state.railway.must_run_hexes));
  checked->trains = TrainSpecs(ctx, company);
  std::vector<routes::SubmittedRun> runs;
  for (const auto& run : action.runs()) runs.push_back({run.train_id(), {run.nodes().begin(), run.nodes().end()}});
  routes::RunConstraints constraints;
  constraints.must_run_over = ctx.state.railway.must_run_hexes;
  auto plan = routes::ValidateRuns(*checked->graph, checked->trains, runs, action.mail_train_id(), constraints);
  if (!plan.ok()) return plan.error();
  checked->plan = std::move(*plan);
  if (ctx.track) ctx.track->KeepRunCheck(ctx.data, ctx.state, company, action, checked);
  return std::shared_ptr<const CheckedRuns>(std::move(checked));
}

std::string StationList(const routes::RouteGraph& graph, const routes::PlannedRun& run, const EditionData& data) {
  std::string text;
  for (int node : run.nodes) {
    const routes::RouteNode& n = graph.nodes()[node];
    if (n.kind != routes::NodeKind::kStation) continue;
    std::string name = n.station.city >= 0 ? data.cities[n.station.city].name : graph.hexes()[n.hex].name;
    text += (text.empty() ? "" : "-") + name;
  }
  return text;
}

// 4.6.5: 10% of the total per share to each holder; un-redeemed, unissued and pool shares earn
// nothing.
void PayDividend(Context& ctx, int company, int total) {
  const int per_share = total / 10;
  for (int seat = 0; seat < ctx.state.players_count; ++seat) {
    PlayerState& p = ctx.state.players[seat];
    const int paid_shares = ctx.state.shares.HeldBy(seat, company) - p.unredeemed[company];
    if (paid_shares <= 0) continue;
    p.cash += per_share * paid_shares;
    PayFromBank(ctx, per_share * paid_shares);
  }
}

mailrun::v1::RunTrains ToAction(const routes::RouteGraph& graph, const std::vector<routes::TrainSpec>& trains,
                                const routes::RunPlan& plan, bool pay) {
  mailrun::v1::RunTrains action;
  for (const routes::PlannedRun& run : plan.runs) {
    auto* r = action.add_runs();
    r->set_train_id(trains[run.train].id);
    for (int node : run.nodes) r->add_nodes(graph.nodes()[node].name);
  }
  if (plan.mail_run >= 0) action.set_mail_train_id(trains[plan.runs[plan.mail_run].train].id);
  action.set_pay_dividend(pay);
  return action;
}

}  // namespace

Result<RunSuggestions> SuggestRuns(const Context& ctx, int company) {
  const std::shared_ptr<const routes::RouteGraph> kept = ctx.RouteGraph(company);
  const routes::RouteGraph& graph = *kept;
  const std::vector<routes::TrainSpec> trains = TrainSpecs(ctx, company);
  routes::OptimizeOptions options;
  if (ctx.state.stage == Stage::kRailway && ctx.state.railway.company == company) {
    options.constraints.must_run_over = ctx.state.railway.must_run_hexes;
  }
  auto optimized = routes::Optimize(graph, trains, options);
  if (!optimized.ok()) return optimized.error();
  return RunSuggestions{routes::ToProto(graph, trains, optimized->best_total),
                        routes::ToProto(graph, trains, optimized->best_dividend)};
}

bool CanRunOver(const Context& ctx, const GameState& state, int company, const std::vector<HexCoord>& hexes) {
  routes::OptimizeOptions options;
  options.constraints.must_run_over = hexes;
  const auto optimized =
      routes::Optimize(BuildRouteGraph(ctx.data, state, company), RouteTrains(ctx.data, state, company), options);
  return optimized.ok() && !optimized->best_total.runs.empty();
}

bool CompanyCanRun(const Context& ctx, int company) { return !ctx.state.companies[company].trains.empty(); }

// 4.7.2: called for running companies only (only they operate), so a company not yet floated
// has no price to move.
void AdjustSharePrice(Context& ctx, int company, int total_dividend) {
  CompanyState& c = ctx.state.companies[company];
  const int before = ctx.SharePrice(company);
  int spaces = 0;
  if (total_dividend <= 0) {
    spaces = ctx.state.shares.InPool(company) > 0 ? -1 : 0;  // 4.7.1
  } else {
    spaces = 1;
    for (int multiple = 2; multiple <= 5; ++multiple) {
      if (total_dividend >= multiple * before) spaces = multiple;  // 4.7.1: two to five spaces
    }
  }
  // The track is the core market's one row; its ends hold the token (4.7.3: never below £10).
  const MarketCell at{0, c.price_index};
  c.price_index = (spaces >= 0 ? MoveRight(ctx.data.market, at, spaces) : MoveLeft(ctx.data.market, at, -spaces)).column;
  const int after = ctx.SharePrice(company);
  if (after != before) {
    ctx.Say("1853.log.running.share_price_moves", "The {company} share price moves from {from} to {to}", {param::Company("company", ctx.Initials(company)), param::Amount("from", before), param::Amount("to", after)});
  }
  // 5.1.1, 5.1.3: £400 ends the game at once (FinishAtSharePrice), except in the longer game (2.4.3).
  const bool longer_game = ctx.config.options().bank() == mailrun::v1::BANK_LONGER;
  if (c.price_index == static_cast<int>(ctx.data.SharePrices().size()) - 1 && !longer_game) {
    FinishAtSharePrice(ctx, company, after);
  }
}

void RunNothing(Context& ctx) {
  const int company = ctx.state.railway.company;
  ctx.state.companies[company].last_runs.clear();
  ctx.Say("1853.log.running.runs_no_train", "The {company} runs no train", {param::Company("company", ctx.Initials(company))});
  AdjustSharePrice(ctx, company, 0);
}

Status ValidateRunTrains(const Context& ctx, int seat, const mailrun::v1::RunTrains& action) {
  if (!OperatingRun(ctx, seat)) {
    return NotAtStep(ctx, seat, TurnStep::kRun);
  }
  const int company = ctx.state.railway.company;
  if (action.pay_dividend() && ctx.state.companies[company].director != seat) {
    return Illegal("1853.refusal.running.manager_not_declare_dividend_earnings", "3.4.2", "a manager may not declare a dividend: the earnings are retained");
  }
  auto checked = Check(ctx, action);
  if (!checked.ok()) return checked.error();
  return OkStatus();
}

void ExecuteRunTrains(Context& ctx, int, const mailrun::v1::RunTrains& action) {
  const int company = ctx.state.railway.company;
  const std::shared_ptr<const CheckedRuns> kept = *Check(ctx, action);
  const CheckedRuns& checked = *kept;
  const routes::RunPlan& plan = checked.plan;
  CompanyState& c = ctx.state.companies[company];
  c.last_runs.clear();
  for (size_t i = 0; i < plan.runs.size(); ++i) {
    const routes::PlannedRun& run = plan.runs[i];
    RunTrace& trace = c.last_runs.emplace_back();
    trace.train_id = checked.trains[run.train].id;
    for (int node : run.nodes) trace.nodes.push_back(checked.graph->nodes()[node].name);
    trace.revenue = run.revenue;
    if (static_cast<int>(i) == plan.mail_run) {
      ctx.Say("1853.log.running.train_runs_with_mail", "The {company}'s '{train}' train runs {stations} for {amount}, carrying the mail ({mail})", {param::Company("company", ctx.Initials(company)), param::Train("train", checked.trains[run.train].name), param::Text("stations", StationList(*checked.graph, run, ctx.data)), param::Amount("amount", run.revenue), param::Amount("mail", run.mail_value)});
    } else {
      ctx.Say("1853.log.running.train_runs", "The {company}'s '{train}' train runs {stations} for {amount}", {param::Company("company", ctx.Initials(company)), param::Train("train", checked.trains[run.train].name), param::Text("stations", StationList(*checked.graph, run, ctx.data)), param::Amount("amount", run.revenue)});
    }
  }
  const int revenue = plan.run_revenue;
  if (plan.runs.empty()) ctx.Say("1853.log.running.runs_no_train", "The {company} runs no train", {param::Company("company", ctx.Initials(company))});
  // 4.6.1: the bank pays the earnings; 4.6.4: all as a dividend (money) or all retained (credits).
  if (revenue > 0 && action.pay_dividend()) {
    PayDividend(ctx, company, revenue);
    ctx.Say("1853.log.running.pays_dividend", "The {company} pays a dividend of {amount} ({per_share} a share)", {param::Company("company", ctx.Initials(company)), param::Amount("amount", revenue), param::Amount("per_share", revenue / 10)});
  } else if (revenue > 0) {
    CompanyReceives(ctx, company, revenue);
    ctx.Say("1853.log.running.retains_earnings", "The {company} retains its earnings of {amount}", {param::Company("company", ctx.Initials(company)), param::Amount("amount", revenue)});
  }
  if (plan.mail_revenue > 0) {
    CompanyReceives(ctx, company, plan.mail_revenue);  // 4.6.6: always to the company
    ctx.Say("1853.log.running.mail_pays", "The Government Mail pays the {company} {amount} (treasury {treasury})", {param::Company("company", ctx.Initials(company)), param::Amount("amount", plan.mail_revenue), param::Amount("treasury", c.treasury)});
  }
  AdjustSharePrice(ctx, company, action.pay_dividend() ? revenue : 0);
  if (ctx.state.stage == Stage::kRailway) AdvanceStep(ctx);
}

void ListRunActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out) {
  if (!OperatingRun(ctx, seat)) return;
  const int company = ctx.state.railway.company;
  const bool director = ctx.state.companies[company].director == seat;
  const std::shared_ptr<const routes::RouteGraph> kept = ctx.RouteGraph(company);
  const routes::RouteGraph& graph = *kept;
  const std::vector<routes::TrainSpec> trains = TrainSpecs(ctx, company);
  routes::OptimizeOptions options;
  options.constraints.must_run_over = ctx.state.railway.must_run_hexes;
  auto add = [&](mailrun::v1::RunTrains runs, std::string text) {
    mailrun::v1::Action action;
    action.set_seat(seat);
    *action.mutable_run_trains() = std::move(runs);
    if (!ValidateRunTrains(ctx, seat, action.run_trains()).ok()) return;
    for (const auto& existing : out) {
      if (existing.action().SerializeAsString() == action.SerializeAsString()) return;
    }
    AddLegal(out, seat, std::move(action), std::move(text));
  };
  const auto optimized = routes::Optimize(graph, trains, options);
  if (optimized.ok()) {
    for (const auto* plan : {&optimized->best_total, &optimized->best_dividend}) {
      const std::string what = fmt::format("{} earned, {} mail", Money(plan->run_revenue), Money(plan->mail_revenue));
      if (director && plan->run_revenue > 0) add(ToAction(graph, trains, *plan, true), "Run " + what + ", pay it out");
      add(ToAction(graph, trains, *plan, false), "Run " + what + ", retain it");
    }
  }
  add(mailrun::v1::RunTrains{}, "Run no train");
}

}  // namespace mailrun::engine::t1853

// Running trains (4.5), collecting payment with the Government Mail (4.6) and the share price
// adjustment (4.7), for the operating company.
#pragma once

#include <vector>

#include "engine/titles/t1853/rules/context.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::t1853 {

// Whether the company owns any train (without one, the run step only adjusts the price).
bool CompanyCanRun(const Context& ctx, int company);

// No run and no dividend: 4.7.1's adjustment alone.
void RunNothing(Context& ctx);

Status ValidateRunTrains(const Context& ctx, int seat, const mailrun::v1::RunTrains& action);
void ExecuteRunTrains(Context& ctx, int seat, const mailrun::v1::RunTrains& action);

void ListRunActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out);

// The route optimiser's best plans for `company` on the board as it is: the highest total (runs +
// mail) and the highest dividend (4.6.6, 4.7.1). Honours the must-run-over hexes of the operating
// company's turn (4.2.3, 4.4.2).
struct RunSuggestions {
  mailrun::v1::RunPlan best_total;
  mailrun::v1::RunPlan best_dividend;
};
Result<RunSuggestions> SuggestRuns(const Context& ctx, int company);

// 4.2.3 / 4.4.2: whether `company`'s trains could run, on `state`'s board, a legal set of runs
// that passes over every one of `hexes`.
bool CanRunOver(const Context& ctx, const GameState& state, int company, const std::vector<HexCoord>& hexes);

// 4.7.1: moves the share price for a total dividend (0 = none paid). Ends the game at £400
// (4.7.3, 5.1.3) unless 2.4.3 is played.
void AdjustSharePrice(Context& ctx, int company, int total_dividend);

}  // namespace mailrun::engine::t1853

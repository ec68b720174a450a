// Railway rounds (section 4): sets of railway rounds between dealing rounds (TABLE 6, 4.9), each
// a turn for every formed company in company order (4.0), each turn a sequence of steps: the
// first-turn double-lay choice of a major (4.1.3), track (4.1, 4.2), base stations (4.4), running
// trains (4.5 - 4.7), buying trains (4.8). Ends the game when the bank has broken (5.1.2).
#pragma once

#include <vector>

#include "engine/titles/t1853/rules/context.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::t1853 {

// After a dealing round (and the Elephant sale): a set of railway rounds begins.
void StartRailwayRounds(Context& ctx);
// One railway round: every formed company in TABLE 1 order.
void StartRailwayRound(Context& ctx);
// Moves the operating company's turn to its next step (skipping steps with nothing to do), or
// ends the turn.
void AdvanceStep(Context& ctx);
// Ends the operating company's turn and starts the next company's (or ends the round).
void EndCompanyTurn(Context& ctx);

// The seat acting for the operating company (its director or manager).
int OperatingSeat(const Context& ctx);

Status ValidateChooseDoubleLay(const Context& ctx, int seat, const mailrun::v1::ChooseDoubleLay& action);
void ExecuteChooseDoubleLay(Context& ctx, int seat, const mailrun::v1::ChooseDoubleLay& action);

Status ValidateEndStep(const Context& ctx, int seat);
void ExecuteEndStep(Context& ctx, int seat);

void ListRailwayActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out);
// Whether ListRailwayActions would list ending the step and nothing else (a step with nothing to
// do, which the engine takes for the player), decided without listing every action: the track
// and base steps stop at the first legal action, the run step lists runs only.
bool OnlyEndStepLegal(const Context& ctx, int seat);

// Why `seat` may not take an action of `step` now, in a railway round: another seat acts for the
// operating company (4.0), or the company's turn is at another step, before `step` (4.1.3: the
// double-lay choice comes first; 4.8.1: trains are bought at the end of the turn; else 4.0's
// order) or past it (4.0). Each names the step the turn is at.
Error NotAtStep(const Context& ctx, int seat, TurnStep step);

// A short name of the current step for views ("lay track", "run trains", ...).
const char* StepName(TurnStep step);

}  // namespace mailrun::engine::t1853

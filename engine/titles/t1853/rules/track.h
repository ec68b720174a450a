// Track construction (4.1) and tile promotion (4.2) in a company's turn: lays from railheads,
// the right tile for the hex, terrain costs, the two-lay rules, promotions by phase and area,
// frontier payments (4.1.15) and the contract check (4.3) when the track step ends.
#pragma once

#include <vector>

#include "engine/titles/t1853/rules/context.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::t1853 {

Status ValidateLayTile(const Context& ctx, int seat, const mailrun::v1::LayTile& action);
void ExecuteLayTile(Context& ctx, int seat, const mailrun::v1::LayTile& action);

Status ValidatePromoteTile(const Context& ctx, int seat, const mailrun::v1::PromoteTile& action);
void ExecutePromoteTile(Context& ctx, int seat, const mailrun::v1::PromoteTile& action);

Status ValidateEndTrackStep(const Context& ctx);
// After the turn's lays: frontier posts (4.1.15) and contract fulfilment (4.3).
void FinishTrackStep(Context& ctx);

void ListTrackActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out);
// Whether ListTrackActions would list anything, found without listing it all (the test for a
// track step with nothing to do, which ends by itself).
bool AnyTrackAction(const Context& ctx, int seat);

}  // namespace mailrun::engine::t1853

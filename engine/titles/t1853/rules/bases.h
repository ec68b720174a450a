// Base stations (4.4): establishing additional bases on vacant large-station spaces the company
// reaches, within its TABLE 2 area before phase 4; £40 for the first additional base, £100 after.
#pragma once

#include <vector>

#include "engine/titles/t1853/rules/context.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::t1853 {

Status ValidatePlaceBase(const Context& ctx, int seat, const mailrun::v1::PlaceBase& action);
void ExecutePlaceBase(Context& ctx, int seat, const mailrun::v1::PlaceBase& action);

void ListBaseActions(const Context& ctx, int seat, std::vector<mailrun::v1::LegalAction>& out);
// Whether ListBaseActions would list anything, found without listing it all.
bool AnyBaseAction(const Context& ctx, int seat);

}  // namespace mailrun::engine::t1853

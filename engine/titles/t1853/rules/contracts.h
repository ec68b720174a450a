// Fulfilment of contract bids (4.3): after every change to the board or the bases, each bond
// whose cities are now all linked by track (any companies', any gauge, changing at stations and
// between a large city's stations; a line counts only if some base lies on it) is returned to
// its owner at once, and the bid's cities become public (4.3.2).
#pragma once

#include "engine/titles/t1853/rules/context.h"

namespace mailrun::engine::t1853 {

void CheckContracts(Context& ctx);

}  // namespace mailrun::engine::t1853

// Listing legal actions, the same way for every title: an action with the seat that may take it,
// the sentence a player reads and, where the player picks an amount, its range.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine {

// Appends `action`, as `seat`'s, to a listing of legal actions, with the sentence a player reads
// and, where the player picks an amount, its range (0 and 0 when there is none).
void AddLegal(std::vector<mailrun::v1::LegalAction>& out, int seat, mailrun::v1::Action action, std::string description,
              int64_t min_amount = 0, int64_t max_amount = 0);

}  // namespace mailrun::engine

// Listing legal actions, the same way for every title: an action with the seat that may take it,
// the sentence a player reads and, where the player picks an amount, its range. Every listed
// action also carries its sentence as structured text (proto/mailrun/v1/texts.proto): a title
// gives its own key and parameters (a Said), or the action itself is the text: key
// "<title>.legal.<action kind>" with the action's own fields as typed parameters.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/structured_text.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine {

// Appends `action`, as `seat`'s, to a listing of legal actions, with the sentence a player reads
// and, where the player picks an amount, its range (0 and 0 when there is none).
void AddLegal(std::vector<mailrun::v1::LegalAction>& out, int seat, mailrun::v1::Action action, Said description,
              int64_t min_amount = 0, int64_t max_amount = 0);
// The same with an English sentence only: the structured text is the action's kind and fields
// (`title_key`, e.g. "1853", prefixes the key).
void AddLegal(std::vector<mailrun::v1::LegalAction>& out, int seat, mailrun::v1::Action action, std::string description,
              int64_t min_amount = 0, int64_t max_amount = 0, const char* title_key = "1853");

// An action as structured text: "<title_key>.legal.<kind>" ("1853.legal.buy_train") with one
// parameter per set scalar field of the kind, typed by the field's name (company, hex, train,
// city, tile, price/amount → amount, seats, numbers), plus min_amount/max_amount when listed.
mailrun::v1::StructuredText ActionAsText(const mailrun::v1::Action& action, const char* title_key);

}  // namespace mailrun::engine

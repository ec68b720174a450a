#include "engine/core/legal_actions.h"

namespace mailrun::engine {

void AddLegal(std::vector<mailrun::v1::LegalAction>& out, int seat, mailrun::v1::Action action, std::string description,
              int64_t min_amount, int64_t max_amount) {
  action.set_seat(seat);
  mailrun::v1::LegalAction legal;
  *legal.mutable_action() = std::move(action);
  legal.set_description(std::move(description));
  legal.set_min_amount(min_amount);
  legal.set_max_amount(max_amount);
  out.push_back(std::move(legal));
}

}  // namespace mailrun::engine

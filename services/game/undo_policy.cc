#include "services/game/undo_policy.h"

namespace mailrun::game {

using mailrun::engine::Illegal;
using mailrun::engine::Stage;

std::optional<mailrun::engine::Error> UndoRefusal(const mailrun::engine::Game& before,
                                                  const mailrun::engine::Game& after) {
  if (after.Finished()) return Illegal("5.1", "the game is over: its last action cannot be taken back");
  if (before.state().stage == Stage::kBondCommit && after.state().stage != Stage::kBondCommit) {
    return Illegal("2.5.2.3", "that bond revealed every bond amount, so it cannot be taken back");
  }
  const auto& was = before.state().players;
  const auto& now = after.state().players;
  for (size_t player = 0; player < now.size(); ++player) {
    if (now[player].bond.returned && !was[player].bond.returned) {
      return Illegal("4.3.2", "that action returned a bond and made its cities public, so it cannot be taken back");
    }
  }
  return std::nullopt;
}

}  // namespace mailrun::game

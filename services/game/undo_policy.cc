#include "services/game/undo_policy.h"

namespace mailrun::game {

using mailrun::engine::Illegal;
using mailrun::engine::Stage;

std::optional<mailrun::engine::Error> UndoRefusal(const mailrun::engine::Game& before,
                                                  const mailrun::engine::Game& after, int seat) {
  if (after.Finished()) return Illegal("5.1", "the game is over: its last action cannot be taken back");
  if (before.state().stage == Stage::kBondCommit && after.state().stage != Stage::kBondCommit) {
    return Illegal("2.5.2.3", "that bond revealed every bond amount, so it cannot be taken back");
  }
  const auto& was = before.state().players;
  const auto& now = after.state().players;
  for (size_t other = 0; other < now.size(); ++other) {
    if (static_cast<int>(other) == seat) continue;
    if (now[other].bond.returned && !was[other].bond.returned) {
      return Illegal("4.3.2", "that action returned another player's bond and revealed their cities, so it cannot "
                              "be taken back");
    }
  }
  return std::nullopt;
}

}  // namespace mailrun::game

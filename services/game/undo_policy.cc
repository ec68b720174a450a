#include "services/game/undo_policy.h"

namespace mailrun::game {

std::optional<mailrun::engine::Error> UndoRefusal(const mailrun::engine::Game& before,
                                                  const mailrun::engine::Game& after) {
  return after.UndoRefusal(before);
}

}  // namespace mailrun::game

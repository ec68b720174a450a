// UndoPolicy: whether an action may be taken back, judged from the game before and after it.
// UndoLastAction (move_service.h) has already checked that the action is the caller's and the
// latest one in effect; this adds what the rules of secrecy demand, which each title states
// (TitleGame::UndoRefusal): an action that showed its player something secret cannot be taken
// back, or the player could decide again knowing it. In 1853:
//   - the last bond written down reveals every bond amount (2.5.2.3);
//   - an action that returned a bond made its cities public (4.3.2) and announced it to every
//     player (BondReturned): what everyone has seen cannot be taken back;
//   - a finished game stays finished (its results may already be recorded).
// Pure.
#pragma once

#include <optional>

#include "engine/core/result.h"
#include "engine/titles/game.h"

namespace mailrun::game {

std::optional<mailrun::engine::Error> UndoRefusal(const mailrun::engine::Game& before,
                                                  const mailrun::engine::Game& after);

}  // namespace mailrun::game

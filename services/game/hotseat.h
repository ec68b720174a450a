// Hotseat: in a study game (proto/mailrun/v1/study.proto) one account, its owner, plays every
// seat. The owner holds seat 0 (their views are seat 0's); their moves, previews, undos and legal
// actions are for the seat that is to act. Pure.
#pragma once

#include <string>
#include <vector>

#include "engine/titles/game.h"
#include "mailrun/v1/views.pb.h"
#include "services/game/game_info.h"

namespace mailrun::game {

// Whether `user_id` plays every seat of the game: the owner of a study game.
bool PlaysEverySeat(const GameInfo& info, const std::string& user_id);

// The seat a study owner's action is for: `asked` (the action's seat) when set (non-zero; the
// engine refuses it if that seat is not to act), else the first seat to act, or 0 when nobody is
// (the engine then says why nothing can be done).
int HotseatSeat(const mailrun::engine::Game& game, int asked);

// The legal actions of every seat to act, in seat order (each action names its seat).
std::vector<mailrun::v1::LegalAction> HotseatLegalActions(const mailrun::engine::Game& game);

}  // namespace mailrun::game

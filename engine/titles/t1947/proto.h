// 1947 actions and views in the API's protobuf messages (proto/mailrun/v1/actions.proto and
// views.proto, the *1947 messages): converting actions both ways and building the public view of
// a game. An action that is not a 1947 one is refused.
#pragma once

#include <cstdint>

#include "engine/core/result.h"
#include "engine/titles/t1947/actions.h"
#include "mailrun/v1/actions.pb.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::t1947 {

Result<Action1947> FromProto(const T1947Game& game, const mailrun::v1::Action& action);
mailrun::v1::Action ToProto(const Action1947& action);
mailrun::v1::Game1947View BuildView(const T1947Game& game);
// The GameView fields every title shares: tiles laid (hexes by 1947's names), tiles left and the
// bank's trains.
void AddBoardAndTrains(const T1947Game& game, mailrun::v1::GameView& view);
// The step of an operating turn as the view names it: "lay track" (6.4) .. "buy trains" (6.15).
const char* OrStepName(OrStep step);

// 7.0: a player's wealth as the end of the game counts it (PlayerView.wealth): cash, plus each
// ordinary and savings share at its railway's market value (5.6.1: a savings share is worth an
// ordinary one), plus each convertible bond at half of it (5.4.2), those bought this stock round
// too. Private companies do not count (docs/rulings.md, 1947 ruling 15).
int64_t Wealth(const T1947Game& game, int player);

}  // namespace mailrun::engine::t1947

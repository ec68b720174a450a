// Per-viewer views of a game (GameView of proto/mailrun/v1/views.proto). A player sees their own
// secret bid cities and bond; nobody else's until the bond is returned (4.3.2) or, for bond
// amounts, until every bond is committed (2.5.2.3). Spectators see no secrets.
#pragma once

#include <vector>

#include "engine/titles/t1853/rules/context.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::t1853 {

mailrun::v1::GameView BuildView(const Context& ctx, int viewer, const std::vector<int>& active_seats);
// Of the view, only whose turn it is and what it asks: the phase, the round, the active seats, the
// pending offer and the end reason (TitleGame::TurnView). BuildView starts from it.
mailrun::v1::GameView BuildTurnView(const Context& ctx, const std::vector<int>& active_seats);

}  // namespace mailrun::engine::t1853

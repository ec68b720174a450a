// SeatLeavers: how the lobby counts a game in which seats were handed over (proto/mailrun/v1/
// seats.proto, GameFinished.handovers; docs/game-service.md "Empty seats"). The game's results name
// each seat's holder at the end; the lobby's players are the table's, so each handed-over seat's
// result goes back to the player who first sat there, the leaver. The leaver's game counts as a
// loss: below every player who stayed, whatever the seat's wealth (leavers share the last rank).
// Players who stayed keep their order among themselves, ranked from 1 without the leavers. A
// substitute (or the bot) is not a table player and is not rated: the game counts nothing for them.
// Pure functions.
#pragma once

#include "mailrun/v1/events.pb.h"

namespace mailrun::lobby {

// `finished` with each handed-over seat's result under its first leaver and the ranks as above.
// Without handovers: `finished` unchanged.
mailrun::v1::GameFinished WithLeaversRanked(const mailrun::v1::GameFinished& finished);

}  // namespace mailrun::lobby

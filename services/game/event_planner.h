// EventPlanner: which events (proto/mailrun/v1/events.proto) one change of a game causes, from
// the game before and after it. Pure: the caller appends the events to the outbox in the change's
// own transaction.
//
//   YourTurn       to each seat that may act after the change and could not before (the actor
//                  excepted: they are at the table), event id "game:<id>:<version>:turn:<seat>";
//   BondReturned   to every player, for each bond returned by the change (4.3; its cities become
//                  public then, 4.3.2), id "game:<id>:bond:<seat>";
//   GameFinished   to every player when the change ends the game, with final wealth and ranks
//                  (5.2) and the lobby's table and tournament, id "game:<id>:finished".
// Event ids are deterministic, so a change written twice announces each event once.
#pragma once

#include <cstdint>
#include <vector>

#include "engine/titles/game.h"
#include "mailrun/v1/events.pb.h"
#include "services/game/game_info.h"

namespace mailrun::game {

// Sentinel actor for a change nobody made (the creation of the game).
inline constexpr int kNoActor = -1;

// `before` is nullptr for the creation of the game. `version` is the game's version after the
// change; `now_unix_ms` stamps the events.
std::vector<mailrun::v1::Event> PlanEvents(const GameInfo& info, const mailrun::engine::Game* before,
                                           const mailrun::engine::Game& after, int actor, int64_t version,
                                           int64_t now_unix_ms);
// The same, for a caller that has `after`'s TurnView() (or its whole spectator's view) at hand already.
std::vector<mailrun::v1::Event> PlanEvents(const GameInfo& info, const mailrun::engine::Game* before,
                                           const mailrun::engine::Game& after,
                                           const mailrun::v1::GameView& after_turn_view, int actor,
                                           int64_t version, int64_t now_unix_ms);

// "Contract bids", "Dealing Round 2", "Railway Round 3 (1 of 2)", "Finished".
std::string RoundName(const mailrun::v1::RoundInfo& round);

}  // namespace mailrun::game

// Seat changes: each game's change number of what GetSeats shows (migrations/0113_seat_changes.sql).
// EmptySeats takes the next number in the transaction of every change (a count of missed deadlines,
// a vote, an invitation, a handover) and announces the game after the commit; the WatchGame streams
// opened with with_seats read the latest number and send it when it is past the client's, so the
// other players' seat banners are read again at once (docs/game-service.md, "Empty seats").
#pragma once

#include <cstdint>
#include <string>

#include <pqxx/pqxx>

namespace mailrun::game {

// The game's seats changed: the next change number, in the changing transaction.
void NoteSeatChange(pqxx::transaction_base& txn, const std::string& game_id);

// The game's latest seat change number (0: its seats never changed).
int64_t LastSeatChange(pqxx::transaction_base& txn, const std::string& game_id);

}  // namespace mailrun::game

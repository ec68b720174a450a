#include "services/game/seat_changes.h"

namespace mailrun::game {

void NoteSeatChange(pqxx::transaction_base& txn, const std::string& game_id) {
  txn.exec_params(
      "INSERT INTO game_seat_changes (game_id, last_change) VALUES ($1, 1)"
      " ON CONFLICT (game_id) DO UPDATE SET last_change = game_seat_changes.last_change + 1",
      game_id);
}

int64_t LastSeatChange(pqxx::transaction_base& txn, const std::string& game_id) {
  const pqxx::result row = txn.exec_params("SELECT last_change FROM game_seat_changes WHERE game_id = $1", game_id);
  return row.empty() ? 0 : row[0][0].as<int64_t>();
}

}  // namespace mailrun::game

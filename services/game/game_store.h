// GameStore: the game service's SQL, and nothing else (migrations/0101_games.sql has the schema).
// Each function runs its statements in the caller's transaction; the caller decides what belongs
// together (a move writes in one statement, move_service.h). Every statement names one game_id, so
// nothing here crosses games (ListGamesOf reads one user's seats across games, read-only).
// Stateless; thread-safe as long as each thread uses its own transaction.
#pragma once

#include <cstdint>
#include <optional>
#include <pqxx/pqxx>
#include <string>
#include <vector>

#include "services/common/outbox.h"
#include "services/game/game_info.h"

namespace mailrun::game::store {

inline constexpr char kActionRow[] = "action";
inline constexpr char kUndoRow[] = "undo";

struct GameHead {
  int64_t version = 0;
  bool finished = false;
};

std::optional<GameHead> ReadHead(pqxx::transaction_base& txn, const std::string& game_id);
std::optional<GameInfo> ReadInfo(pqxx::transaction_base& txn, const std::string& game_id);

// A log row found by its request_id: what kind of call made it, by whom, what it did and its stored
// answer (what a repeated request is compared with and answered from).
struct StoredRequest {
  int64_t seq = 0;
  std::string kind;
  std::string user_id;
  std::string action;  // serialized mailrun.v1.Action as applied (seat set); empty for undo rows
  std::string answer;  // serialized SubmitActionResponse or UndoLastActionResponse
};
std::optional<StoredRequest> FindRequest(pqxx::transaction_base& txn, const std::string& game_id,
                                         const std::string& request_id);
// ReadHead and FindRequest in one statement (one round trip, what a move reads first).
struct HeadAndRequest {
  GameHead head;
  std::optional<StoredRequest> request;
};
std::optional<HeadAndRequest> ReadHeadAndRequest(pqxx::transaction_base& txn, const std::string& game_id,
                                                 const std::string& request_id);

// One row of the log, as replay needs it.
struct LogRow {
  int64_t seq = 0;
  std::string kind;
  int seat = 0;
  std::string action;      // serialized mailrun.v1.Action (action rows, when asked for)
  int64_t undoes_seq = 0;  // undo rows
};

// The newest snapshot (seq, state JSON) with seq <= max_seq that replay up to `version` may start
// from: no undo up to `version` takes back an action at or before it.
std::optional<std::pair<int64_t, std::string>> UsableSnapshot(pqxx::transaction_base& txn, const std::string& game_id,
                                                              int64_t version, int64_t max_seq);
// Rows after_seq < seq <= up_to_seq in order; `with_actions` also reads the action bytes.
std::vector<LogRow> Rows(pqxx::transaction_base& txn, const std::string& game_id, int64_t after_seq, int64_t up_to_seq,
                         bool with_actions);

// A new row for the log. action is empty for undo rows, undoes_seq 0 for action rows.
struct NewRow {
  int64_t seq = 0;
  std::string kind;
  int seat = 0;
  std::string user_id;
  std::string action;
  int64_t undoes_seq = 0;
  std::string request_id;
  std::string answer;
};
// The game's row after a change. results: the serialized GameFinished when it ended.
struct HeadUpdate {
  int64_t expected_version = 0;  // the version the change was made on; the new one is + 1
  bool finished = false;
  std::vector<int> active_seats;
  std::string round;
  std::string end_reason;
  std::optional<std::string> results;
};
// A change's writes, in ONE statement (a move commits by it alone: transaction.h RunStatements):
// bumps the version by one if it still is expected_version (row-locking the game until it
// commits) and then, only then, appends `row` to the log, stores `snapshot_json` as the state at
// the new version (when given) and appends `events` to the outbox, marked to be announced after
// the commit (outbox.h ToOutboxRow; AnnounceCommitted). False, and nothing written, when the
// version is no longer expected_version: the caller lost a race.
bool AdvanceAndAppend(pqxx::transaction_base& txn, const std::string& game_id, const HeadUpdate& update,
                      const NewRow& row, const std::vector<mailrun::service::OutboxRow>& events,
                      const std::optional<std::string>& snapshot_json);
// The channel of PostgreSQL's NOTIFY that tells every replica a game has a new version (the
// payload is the game id); version_listener.h listens to it.
inline constexpr char kGameVersionChannel[] = "mailrun_game_version";
// After moves' commits (announcer.h): NOTIFY kGameVersionChannel with each game id and, when a
// move appended outbox rows (AdvanceAndAppend's `events`), the outbox relays' channel once, in
// one statement per kAnnouncedAtOnce games, outside the moves' transactions. A NOTIFY inside a
// transaction holds a database-wide lock from before its commit until the commit is flushed, so
// moves that notified at commit could not share a log flush; this one's transaction writes
// nothing and flushes nothing.
inline constexpr size_t kAnnouncedAtOnce = 32;
void AnnounceCommitted(pqxx::transaction_base& txn, const std::vector<std::string>& game_ids, bool outbox_rows);

// CreateGame. Inserts the game and its seats unless a game with this id exists; false then.
struct NewGame {
  GameInfo info;
  std::string create_request;  // serialized CreateGameRequest as received
  std::string created_by;
  std::vector<int> active_seats;
  std::string round;
};
bool InsertGame(pqxx::work& txn, const NewGame& game);
std::optional<std::string> CreateRequestOf(pqxx::transaction_base& txn, const std::string& game_id);

// GetGameResult.
struct GameOutcome {
  bool finished = false;
  std::string end_reason;
  std::string results;  // serialized GameFinished, empty while active
  std::string table_id;
  std::string tournament_id;
};
std::optional<GameOutcome> ReadOutcome(pqxx::transaction_base& txn, const std::string& game_id);

// GetHistory and the log lines of GetGame(since_version).
struct HistoryRow {
  int64_t seq = 0;
  int seat = 0;
  std::string kind;
  int64_t undoes_seq = 0;
  std::string answer;
  int64_t at_unix_ms = 0;
  bool undone = false;
};
std::vector<HistoryRow> History(pqxx::transaction_base& txn, const std::string& game_id, int64_t after_seq,
                                int64_t up_to_seq, int limit);

// ListMyGames: the user's games, most recently changed first, after the cursor (if any).
struct MyGameRow {
  std::string game_id;
  bool finished = false;
  int64_t version = 0;
  int seat = 0;
  std::vector<int> active_seats;
  std::string round;
  std::string config;  // serialized GameConfig (display names in seat order)
  int64_t updated_us = 0;
  bool autopilot = false;  // the seat is played by the bot (SetAutopilot)
  bool study = false;      // a study game (migrations/0108): the user plays every seat
};
struct MyGamesCursor {
  int64_t updated_us = 0;
  std::string game_id;
};
// Whether the bot plays `seat` of the game (a deleted account's seat, or one on autopilot).
bool PlayedByBot(pqxx::transaction_base& txn, const std::string& game_id, int seat);
// The seats of the game the bot plays (PlayedByBot), in seat order.
std::vector<int> BotSeats(pqxx::transaction_base& txn, const std::string& game_id);

std::vector<MyGameRow> GamesOf(pqxx::transaction_base& txn, const std::string& user_id,
                               const std::optional<MyGamesCursor>& after, int limit);

}  // namespace mailrun::game::store

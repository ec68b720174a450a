#include "services/game/game_store.h"

#include <algorithm>
#include <sstream>

#include <fmt/format.h>

#include "services/common/outbox.h"
#include "services/common/prepared.h"

namespace mailrun::game::store {
namespace {

std::string Bytes(const pqxx::field& field) {
  return field.is_null() ? std::string() : pqxx::binarystring(field).str();
}

pqxx::binarystring Blob(const std::string& bytes) { return pqxx::binarystring(bytes.data(), bytes.size()); }

// "{1,2}" for an integer[] parameter.
std::string IntArray(const std::vector<int>& values) {
  std::string text = "{";
  for (size_t i = 0; i < values.size(); ++i) text += (i ? "," : "") + std::to_string(values[i]);
  return text + "}";
}

// Parses array_to_string(x, ',').
std::vector<int> ParseInts(const std::string& text) {
  std::vector<int> values;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (!item.empty()) values.push_back(std::stoi(item));
  }
  return values;
}

}  // namespace

std::optional<GameHead> ReadHead(pqxx::transaction_base& txn, const std::string& game_id) {
  const pqxx::result rows = mailrun::service::ExecPrepared(
      txn, "game_head", "SELECT version, status = 'finished' FROM games WHERE game_id = $1", game_id);
  if (rows.empty()) return std::nullopt;
  return GameHead{rows[0][0].as<int64_t>(), rows[0][1].as<bool>()};
}

std::optional<GameInfo> ReadInfo(pqxx::transaction_base& txn, const std::string& game_id) {
  const pqxx::result rows = txn.exec_params(
      "SELECT config, table_id, tournament_id, turn_deadline_seconds, study_owner FROM games WHERE game_id = $1",
      game_id);
  if (rows.empty()) return std::nullopt;
  GameInfo info;
  info.game_id = game_id;
  if (!info.config.ParseFromString(Bytes(rows[0][0]))) {
    throw std::runtime_error("game " + game_id + ": stored config does not parse");
  }
  info.table_id = rows[0][1].as<std::string>();
  info.tournament_id = rows[0][2].as<std::string>();
  info.turn_deadline_seconds = rows[0][3].as<int64_t>();
  info.study_owner = rows[0][4].as<std::string>();
  for (const auto& row : txn.exec_params(
           "SELECT seat, leaver_user_id, substitute_user_id FROM game_seat_handovers WHERE game_id = $1"
           " AND state = 'done' ORDER BY done_at, seat",
           game_id)) {
    auto& handover = info.handovers.emplace_back();
    handover.set_seat(row[0].as<int>());
    handover.set_leaver_user_id(row[1].as<std::string>());
    handover.set_substitute_user_id(row[2].as<std::string>());
  }
  return info;
}

std::optional<StoredRequest> FindRequest(pqxx::transaction_base& txn, const std::string& game_id,
                                         const std::string& request_id) {
  const pqxx::result rows = mailrun::service::ExecPrepared(
      txn, "game_request", "SELECT seq, kind, user_id, action, answer FROM game_actions WHERE game_id = $1 AND request_id = $2",
      game_id, request_id);
  if (rows.empty()) return std::nullopt;
  return StoredRequest{rows[0][0].as<int64_t>(), rows[0][1].as<std::string>(), rows[0][2].as<std::string>(),
                       Bytes(rows[0][3]), Bytes(rows[0][4])};
}

std::optional<HeadAndRequest> ReadHeadAndRequest(pqxx::transaction_base& txn, const std::string& game_id,
                                                 const std::string& request_id) {
  const pqxx::result rows = mailrun::service::ExecPrepared(
      txn, "game_head_and_request",
      "SELECT g.version, g.status = 'finished', a.seq, a.kind, a.user_id, a.action, a.answer FROM games g"
      " LEFT JOIN game_actions a ON a.game_id = g.game_id AND a.request_id = $2 WHERE g.game_id = $1",
      game_id, request_id);
  if (rows.empty()) return std::nullopt;
  HeadAndRequest read{GameHead{rows[0][0].as<int64_t>(), rows[0][1].as<bool>()}, std::nullopt};
  if (!rows[0][2].is_null()) {
    read.request = StoredRequest{rows[0][2].as<int64_t>(), rows[0][3].as<std::string>(), rows[0][4].as<std::string>(),
                                 Bytes(rows[0][5]), Bytes(rows[0][6])};
  }
  return read;
}

std::optional<std::pair<int64_t, std::string>> UsableSnapshot(pqxx::transaction_base& txn, const std::string& game_id,
                                                              int64_t version, int64_t max_seq) {
  const pqxx::result rows = txn.exec_params(
      "SELECT s.seq, s.state FROM game_snapshots s WHERE s.game_id = $1 AND s.seq <= $3"
      " AND NOT EXISTS (SELECT 1 FROM game_actions u WHERE u.game_id = $1 AND u.kind = 'undo'"
      "                 AND u.seq > s.seq AND u.seq <= $2 AND u.undoes_seq <= s.seq)"
      " ORDER BY s.seq DESC LIMIT 1",
      game_id, version, std::min(version, max_seq));
  if (rows.empty()) return std::nullopt;
  return std::make_pair(rows[0][0].as<int64_t>(), rows[0][1].as<std::string>());
}

std::vector<LogRow> Rows(pqxx::transaction_base& txn, const std::string& game_id, int64_t after_seq, int64_t up_to_seq,
                         bool with_actions) {
  const pqxx::result rows = txn.exec_params(
      std::string("SELECT seq, kind, seat, ") + (with_actions ? "action" : "NULL::bytea") +
          ", coalesce(undoes_seq, 0) FROM game_actions WHERE game_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq",
      game_id, after_seq, up_to_seq);
  std::vector<LogRow> out;
  out.reserve(rows.size());
  for (const auto& row : rows) {
    out.push_back(
        {row[0].as<int64_t>(), row[1].as<std::string>(), row[2].as<int>(), Bytes(row[3]), row[4].as<int64_t>()});
  }
  return out;
}

namespace {

// The statement of AdvanceAndAppend for one shape of change (results or not, a snapshot or not, so
// many events), and its name: each shape is prepared once per connection. Parameters: $1-$13 the
// head and the row, then the results, the snapshot, the events' ids and the events' payloads.
struct AdvanceStatement {
  std::string name;
  std::string sql;
};

AdvanceStatement AdvanceStatementFor(bool results, bool snapshot, size_t events) {
  int next = 14;
  const std::string results_sql = results ? fmt::format(", results = ${}", next++) : "";
  // due_since: when each seat to act became due (migrations/0112, empty_seats.h): kept for a seat
  // that was to act before and is not the one acting ($8), now for the others. The SET's right-hand
  // sides read the row as it was.
  std::string sql =
      "WITH advanced AS (UPDATE games SET version = version + 1, status = $3, active_seats = $4::integer[],"
      " due_since = ARRAY(SELECT CASE WHEN a.seat = $8::integer OR NOT a.seat = ANY (games.active_seats)"
      " THEN clock_timestamp() ELSE coalesce(games.due_since[array_position(games.active_seats, a.seat)],"
      " games.updated_at) END FROM unnest($4::integer[]) WITH ORDINALITY AS a (seat, n) ORDER BY a.n),"
      " round = $5, end_reason = $6, updated_at = clock_timestamp(),"
      " finished_at = CASE WHEN $3 = 'finished' THEN coalesce(finished_at, clock_timestamp()) END" +
      results_sql + " WHERE game_id = $1 AND version = $2 RETURNING game_id)";
  if (snapshot) {
    sql += fmt::format(
        ", snapshot AS (INSERT INTO game_snapshots (game_id, seq, state) SELECT game_id, $2::bigint + 1, ${}::text"
        " FROM advanced ON CONFLICT DO NOTHING)",
        next++);
  }
  if (events > 0) {
    // The outbox trigger (at the statement's end) sees the setting and leaves the NOTIFY to
    // AnnounceCommitted; rows are only inserted when the version moved, and then after it is set.
    std::string values;
    for (size_t i = 0; i < events; ++i) {
      values += fmt::format("{}(${}::text, ${}::bytea)", i ? ", " : "", next + i, next + events + i);
    }
    sql +=
        ", later AS (SELECT set_config('mailrun.outbox_announce', 'after_commit', true) FROM advanced),"
        " announced AS (INSERT INTO outbox (event_id, payload) SELECT e.event_id, e.payload FROM later, (VALUES " +
        values + ") AS e (event_id, payload) ON CONFLICT (event_id) DO NOTHING)";
  }
  // The log row is inserted only if the version moved: "FROM advanced" has a row exactly then.
  // An undo row has no action ($9 empty), an action row no undoes_seq ($10 = 0).
  sql +=
      " INSERT INTO game_actions (game_id, seq, kind, seat, user_id, action, undoes_seq, request_id, answer)"
      " SELECT game_id, $2::bigint + 1, $7::text, $8::integer, $11::text,"
      " CASE WHEN $7::text = 'undo' THEN NULL ELSE $9::bytea END, NULLIF($10::bigint, 0), $12::text, $13::bytea"
      " FROM advanced";
  return {fmt::format("game_advance_r{}_s{}_e{}", results ? 1 : 0, snapshot ? 1 : 0, events), std::move(sql)};
}

}  // namespace

bool AdvanceAndAppend(pqxx::transaction_base& txn, const std::string& game_id, const HeadUpdate& update,
                      const NewRow& row, const std::vector<mailrun::service::OutboxRow>& events,
                      const std::optional<std::string>& snapshot_json) {
  const AdvanceStatement statement = AdvanceStatementFor(update.results.has_value(), snapshot_json.has_value(),
                                                         events.size());
  std::vector<std::string> optional;  // the results (bytes) and the snapshot, in the statement's order
  std::vector<pqxx::binarystring> results;
  if (update.results) results.push_back(Blob(*update.results));
  if (snapshot_json) optional.push_back(*snapshot_json);
  std::vector<std::string> event_ids;
  std::vector<pqxx::binarystring> payloads;
  for (const auto& event : events) {
    event_ids.push_back(event.event_id);
    payloads.push_back(Blob(event.payload));
  }
  const char* status = update.finished ? "finished" : "active";
  const pqxx::result rows = mailrun::service::ExecPrepared(
      txn, statement.name, statement.sql, game_id, update.expected_version, status, IntArray(update.active_seats),
      update.round, update.end_reason, row.kind, row.seat, Blob(row.action), row.undoes_seq, row.user_id,
      row.request_id, Blob(row.answer), pqxx::prepare::make_dynamic_params(results),
      pqxx::prepare::make_dynamic_params(optional), pqxx::prepare::make_dynamic_params(event_ids),
      pqxx::prepare::make_dynamic_params(payloads));
  return rows.affected_rows() == 1;
}

void AnnounceCommitted(pqxx::transaction_base& txn, const std::vector<std::string>& game_ids, bool outbox_rows) {
  for (size_t first = 0; first < game_ids.size(); first += kAnnouncedAtOnce) {
    const std::vector<std::string> ids(game_ids.begin() + static_cast<std::ptrdiff_t>(first),
                                       game_ids.begin() + static_cast<std::ptrdiff_t>(
                                                              std::min(game_ids.size(), first + kAnnouncedAtOnce)));
    // The relays' NOTIFY repeated on every row is delivered once: PostgreSQL folds identical
    // notifications of one transaction.
    const bool relays = outbox_rows && first == 0;
    std::string values;
    for (size_t i = 0; i < ids.size(); ++i) values += fmt::format("{}(${}::text)", i ? ", " : "", i + 2);
    const std::string relay_notify =
        relays ? fmt::format(", pg_notify('{}', '')", mailrun::service::kOutboxNotifyChannel) : "";
    const std::string sql = fmt::format("SELECT pg_notify($1, g){} FROM (VALUES {}) AS v (g)", relay_notify, values);
    mailrun::service::ExecPrepared(txn, fmt::format("game_announce_{}{}", ids.size(), relays ? "_outbox" : ""), sql,
                                   kGameVersionChannel, pqxx::prepare::make_dynamic_params(ids));
  }
}

bool InsertGame(pqxx::work& txn, const NewGame& game) {
  const GameInfo& info = game.info;
  const pqxx::result inserted = txn.exec_params(
      "INSERT INTO games (game_id, create_request, config, edition, options, seed, players, active_seats, round,"
      " table_id, tournament_id, turn_deadline_seconds, created_by, title)"
      " VALUES ($1, $2, $3, $4, $5, $6::numeric, $7, $8::integer[], $9, $10, $11, $12, $13, $14)"
      " ON CONFLICT (game_id) DO NOTHING",
      info.game_id, Blob(game.create_request), Blob(info.config.SerializeAsString()),
      static_cast<int>(info.config.edition()), Blob(info.config.options().SerializeAsString()),
      std::to_string(info.config.seed()), info.players(), IntArray(game.active_seats), game.round, info.table_id,
      info.tournament_id, info.turn_deadline_seconds, game.created_by, static_cast<int>(info.config.title()));
  if (inserted.affected_rows() == 0) return false;
  for (int seat = 0; seat < info.players(); ++seat) {
    txn.exec_params("INSERT INTO game_players (game_id, seat, user_id, display_name) VALUES ($1, $2, $3, $4)",
                    info.game_id, seat, info.user_of(seat), info.config.players(seat).display_name());
  }
  return true;
}

std::optional<std::string> CreateRequestOf(pqxx::transaction_base& txn, const std::string& game_id) {
  const pqxx::result rows = txn.exec_params("SELECT create_request FROM games WHERE game_id = $1", game_id);
  if (rows.empty()) return std::nullopt;
  return Bytes(rows[0][0]);
}

std::optional<GameOutcome> ReadOutcome(pqxx::transaction_base& txn, const std::string& game_id) {
  const pqxx::result rows = txn.exec_params(
      "SELECT status = 'finished', end_reason, results, table_id, tournament_id FROM games WHERE game_id = $1",
      game_id);
  if (rows.empty()) return std::nullopt;
  return GameOutcome{rows[0][0].as<bool>(), rows[0][1].as<std::string>(), Bytes(rows[0][2]),
                     rows[0][3].as<std::string>(), rows[0][4].as<std::string>()};
}

std::vector<HistoryRow> History(pqxx::transaction_base& txn, const std::string& game_id, int64_t after_seq,
                                int64_t up_to_seq, int limit) {
  const pqxx::result rows = txn.exec_params(
      "SELECT a.seq, a.seat, a.kind, coalesce(a.undoes_seq, 0), a.answer,"
      " (extract(epoch FROM a.created_at) * 1000)::bigint,"
      " EXISTS (SELECT 1 FROM game_actions u WHERE u.game_id = a.game_id AND u.kind = 'undo'"
      "         AND u.undoes_seq = a.seq AND u.seq <= $3)"
      " FROM game_actions a WHERE a.game_id = $1 AND a.seq > $2 AND a.seq <= $3 ORDER BY a.seq LIMIT $4",
      game_id, after_seq, up_to_seq, limit);
  std::vector<HistoryRow> out;
  out.reserve(rows.size());
  for (const auto& row : rows) {
    out.push_back({row[0].as<int64_t>(), row[1].as<int>(), row[2].as<std::string>(), row[3].as<int64_t>(),
                   Bytes(row[4]), row[5].as<int64_t>(), row[6].as<bool>()});
  }
  return out;
}

bool PlayedByBot(pqxx::transaction_base& txn, const std::string& game_id, int seat) {
  const pqxx::result row =
      txn.exec_params("SELECT played_by_bot FROM game_players WHERE game_id = $1 AND seat = $2", game_id, seat);
  return !row.empty() && row[0][0].as<bool>();
}

std::vector<int> BotSeats(pqxx::transaction_base& txn, const std::string& game_id) {
  std::vector<int> seats;
  for (const auto& row : txn.exec_params(
           "SELECT seat FROM game_players WHERE game_id = $1 AND played_by_bot ORDER BY seat", game_id)) {
    seats.push_back(row[0].as<int>());
  }
  return seats;
}

std::vector<MyGameRow> GamesOf(pqxx::transaction_base& txn, const std::string& user_id,
                               const std::optional<MyGamesCursor>& after, int limit) {
  const std::string select =
      "SELECT g.game_id, g.status = 'finished', g.version, p.seat, array_to_string(g.active_seats, ','), g.round,"
      " g.config, (extract(epoch FROM g.updated_at) * 1000000)::bigint AS updated_us, p.played_by_bot,"
      " g.study_owner <> ''"
      " FROM game_players p JOIN games g ON g.game_id = p.game_id WHERE p.user_id = $1";
  const std::string order = " ORDER BY updated_us DESC, g.game_id DESC LIMIT $2";
  const pqxx::result rows =
      after ? txn.exec_params(
                  select + " AND ((extract(epoch FROM g.updated_at) * 1000000)::bigint, g.game_id) < ($3, $4)" + order,
                  user_id, limit, after->updated_us, after->game_id)
            : txn.exec_params(select + order, user_id, limit);
  std::vector<MyGameRow> out;
  for (const auto& row : rows) {
    out.push_back({row[0].as<std::string>(), row[1].as<bool>(), row[2].as<int64_t>(), row[3].as<int>(),
                   ParseInts(row[4].as<std::string>()), row[5].as<std::string>(), Bytes(row[6]), row[7].as<int64_t>(),
                   row[8].as<bool>(), row[9].as<bool>()});
  }
  return out;
}

}  // namespace mailrun::game::store

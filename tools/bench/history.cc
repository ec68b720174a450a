#include "tools/bench/history.h"

#include <fmt/format.h>
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <pqxx/pqxx>
#include <stdexcept>
#include <thread>

#include "tools/bench/bench_support.h"

namespace mailrun::bench {
namespace {

// The columns of `table` but `left_out`, comma-separated, in their order.
std::string ColumnsBut(pqxx::transaction_base& txn, const std::string& table, const std::string& left_out) {
  return txn.exec_params1("SELECT string_agg(column_name, ', ' ORDER BY ordinal_position) FROM information_schema.columns"
                          " WHERE table_name = $1 AND NOT column_name = ANY(string_to_array($2, ','))",
                          table, left_out)[0]
      .as<std::string>();
}

// Loads of at least this many rows run in bulk: game_actions' indexes and its foreign key's checks
// are set aside while the rows go in, and the indexes are built once at the end. Row by row, the
// loader made 6,600-7,700 rows/s here, two hours for 50 million.
constexpr int64_t kBulkRows = 2'000'000;

// Drops game_actions' indexes (the constraints of migrations/0101_games.sql, by their names).
void SetIndexesAside(pqxx::connection& connection) {
  pqxx::nontransaction txn(connection);
  txn.exec("ALTER TABLE game_actions DROP CONSTRAINT game_actions_pkey,"
           " DROP CONSTRAINT game_actions_game_id_request_id_key");
  txn.exec("DROP INDEX game_actions_undone");
}

// Builds game_actions' indexes again, as migrations/0101_games.sql makes them, but at fillfactor
// 70: a B-tree that years of moves filled one key at a time (each game's keys inserted among
// everyone else's) has its leaves about 70 % full, where a fresh build packs them to 90 %, which
// would flatter the grown database.
void BuildIndexes(pqxx::connection& connection) {
  pqxx::nontransaction txn(connection);
  txn.exec("SET maintenance_work_mem = '1GB'");
  txn.exec("ALTER TABLE game_actions ADD CONSTRAINT game_actions_pkey PRIMARY KEY (game_id, seq) WITH (fillfactor = 70)");
  txn.exec("ALTER TABLE game_actions ADD CONSTRAINT game_actions_game_id_request_id_key UNIQUE (game_id, request_id)"
           " WITH (fillfactor = 70)");
  txn.exec("CREATE INDEX game_actions_undone ON game_actions (game_id, undoes_seq) WITH (fillfactor = 70)"
           " WHERE kind = 'undo'");
}

}  // namespace

int64_t StoredActions(const std::string& database_url) {
  pqxx::connection connection(database_url);
  pqxx::nontransaction txn(connection);
  return txn.exec1("SELECT count(*) FROM game_actions")[0].as<int64_t>();
}

void GrowHistory(const std::string& database_url, int64_t target) {
  pqxx::connection connection(database_url);
  int64_t stored = StoredActions(database_url);
  if (stored >= target) return;
  int64_t copy = 0;
  {
    pqxx::nontransaction txn(connection);
    const pqxx::row sources = txn.exec1(
        "SELECT count(*), coalesce(sum(version), 0) FROM games WHERE status = 'finished'"
        " AND game_id NOT LIKE 'h%' AND game_id NOT LIKE 'pgbench-%'");
    if (sources[0].as<int64_t>() == 0) throw std::runtime_error("no finished game to copy into the history");
    fmt::print("history: copying {} finished games ({} actions) until game_actions holds {} rows\n",
               sources[0].as<int64_t>(), sources[1].as<int64_t>(), target);
    copy = txn.exec1("SELECT count(*) FROM games WHERE game_id LIKE 'h%'")[0].as<int64_t>();
  }
  const bool bulk = target - stored >= kBulkRows;
  if (bulk) {
    fmt::print("history: bulk load, game_actions' indexes set aside until the rows are in\n");
    SetIndexesAside(connection);
  }
  const auto started = std::chrono::steady_clock::now();
  const int per_batch = bulk ? 200 : 40;  // copies of every source game per transaction
  while (stored < target) {
    pqxx::work txn(connection);
    txn.exec("SET LOCAL synchronous_commit = off");
    // The copies' games rows go in first in the same transaction; with the indexes aside, the
    // foreign key's per-row checks (triggers) are skipped too: replica mode (the stack's
    // PostgreSQL user is its superuser).
    if (bulk) txn.exec("SET LOCAL session_replication_role = replica");
    const std::string game_columns = ColumnsBut(txn, "games", "game_id,created_at,updated_at,finished_at");
    const std::string player_columns = ColumnsBut(txn, "game_players", "game_id,user_id");
    // Copy i of source game g: "h" + i + "-" + g's id without its "g"; finished some hours
    // to two years ago; its players are four of a million accounts.
    const std::string sources =
        "(SELECT game_id, finished_at - created_at AS took FROM games WHERE status = 'finished'"
        " AND game_id NOT LIKE 'h%' AND game_id NOT LIKE 'pgbench-%') s";
    const std::string copies = fmt::format("generate_series({}, {}) i", copy, copy + per_batch - 1);
    const std::string new_id = "'h' || i || '-' || substr(s.game_id, 2)";
    const std::string finished = "now() - make_interval(hours => (1 + (i * 7919) % 17000))";
    txn.exec(fmt::format("INSERT INTO games (game_id, created_at, updated_at, finished_at, {0})"
                         " SELECT {1}, {2} - s.took, {2}, {2}, {3} FROM {4} CROSS JOIN {5} JOIN games g USING (game_id)",
                         game_columns, new_id, finished, game_columns, sources, copies));
    txn.exec(fmt::format("INSERT INTO game_players (game_id, user_id, {0})"
                         " SELECT {1}, 'user-' || ((i * 4 + p.seat) % 1000000), {2} FROM {3} CROSS JOIN {4}"
                         " JOIN game_players p USING (game_id)",
                         player_columns, new_id, player_columns, sources, copies));
    const pqxx::result actions = txn.exec(fmt::format(
        "INSERT INTO game_actions (game_id, seq, kind, seat, user_id, action, undoes_seq, request_id, answer, created_at)"
        " SELECT {0}, a.seq, a.kind, a.seat, a.user_id, a.action, a.undoes_seq,"
        " a.request_id, a.answer, {1} - s.took + (a.created_at - g.created_at)"
        " FROM {2} CROSS JOIN {3} JOIN game_actions a USING (game_id) JOIN games g USING (game_id)",
        new_id, finished, sources, copies));
    txn.exec(fmt::format(
        "INSERT INTO game_snapshots (game_id, seq, state, created_at) SELECT {0}, n.seq, n.state, {1}"
        " FROM {2} CROSS JOIN {3} JOIN games g USING (game_id) JOIN game_snapshots n ON n.game_id = g.game_id"
        " AND n.seq = g.version",
        new_id, finished, sources, copies));
    txn.commit();
    stored += actions.affected_rows();
    copy += per_batch;
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    fmt::print("history: {} actions stored ({:.0f} s, {:.0f} rows/s)\n", stored, seconds,
               static_cast<double>(stored) / std::max(seconds, 1.0));
    std::fflush(stdout);
  }
  if (bulk) {
    const auto building = std::chrono::steady_clock::now();
    BuildIndexes(connection);
    fmt::print("history: indexes built in {:.0f} s\n",
               std::chrono::duration<double>(std::chrono::steady_clock::now() - building).count());
  }
  pqxx::nontransaction settle(connection);
  settle.exec("VACUUM ANALYZE");
  settle.exec("CHECKPOINT");
  const pqxx::row size = settle.exec1(
      "SELECT pg_size_pretty(pg_total_relation_size('game_actions')), pg_size_pretty(pg_database_size(current_database()))");
  fmt::print("history: game_actions {} with its indexes; the database {}\n", size[0].as<std::string>(),
             size[1].as<std::string>());
}

std::vector<std::string> FinishedGames(const std::string& database_url, int count) {
  pqxx::connection connection(database_url);
  pqxx::nontransaction txn(connection);
  const bool copies = txn.exec1("SELECT EXISTS (SELECT 1 FROM games WHERE game_id LIKE 'h%')")[0].as<bool>();
  // TABLESAMPLE keeps the choice cheap in a table of millions of games.
  const pqxx::result rows = txn.exec_params(
      copies ? "SELECT game_id FROM games TABLESAMPLE SYSTEM (1) WHERE game_id LIKE 'h%' ORDER BY random() LIMIT $1"
             : "SELECT game_id FROM games WHERE status = 'finished' AND game_id NOT LIKE 'pgbench-%' ORDER BY random() LIMIT $1",
      count);
  std::vector<std::string> games;
  for (const auto& row : rows) games.push_back(row[0].as<std::string>());
  return games;
}

std::vector<double> ColdReads(const std::string& game_address, const service::TokenSigner& signer,
                              const std::string& database_url, const std::vector<std::string>& games) {
  pqxx::connection connection(database_url);
  pqxx::nontransaction txn(connection);
  auto stub = mailrun::v1::GameService::NewStub(grpc::CreateChannel(game_address, grpc::InsecureChannelCredentials()));
  std::vector<double> ms;
  for (const std::string& game_id : games) {
    // A copy's stored configuration names its source game's players ("h<i>-<rest>" copies "g<rest>").
    const std::string source = game_id[0] == 'h' ? "g" + game_id.substr(game_id.find('-') + 1) : game_id;
    const std::string player =
        txn.exec_params1("SELECT user_id FROM game_players WHERE game_id = $1 AND seat = 0", source)[0].as<std::string>();
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + Token(signer, player, service::TokenKind::kAccess));
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    mailrun::v1::GetGameRequest request;
    request.set_game_id(game_id);
    mailrun::v1::GetGameResponse response;
    const auto sent = SteadyClock::now();
    if (stub->GetGame(&context, request, &response).ok()) ms.push_back(Milliseconds(SteadyClock::now() - sent));
  }
  return ms;
}

void PreparePruneProbe(const std::string& database_url, int64_t rows) {
  pqxx::connection connection(database_url);
  pqxx::nontransaction txn(connection);
  const std::string columns =
      "(id bigint NOT NULL, event_id text NOT NULL, payload bytea NOT NULL, created_at timestamptz NOT NULL,"
      " sent_at timestamptz)";
  txn.exec("DROP TABLE IF EXISTS prune_plain, prune_parted");
  txn.exec("CREATE TABLE prune_plain " + columns);
  txn.exec("CREATE TABLE prune_parted " + columns + " PARTITION BY RANGE (created_at)");
  txn.exec("CREATE TABLE prune_parted_old PARTITION OF prune_parted FOR VALUES FROM (MINVALUE) TO ('2026-01-01')");
  txn.exec("CREATE TABLE prune_parted_new PARTITION OF prune_parted FOR VALUES FROM ('2026-01-01') TO (MAXVALUE)");
  for (const char* table : {"prune_plain", "prune_parted"}) {
    txn.exec(fmt::format(
        "INSERT INTO {} SELECT i, 'probe:' || i, convert_to(repeat('p', 290), 'UTF8'),"
        " timestamptz '2025-06-01' + make_interval(secs => i), timestamptz '2025-06-01' + make_interval(secs => i)"
        " FROM generate_series(1, {}) i",
        table, rows));
    txn.exec(fmt::format("ALTER TABLE {0} ADD PRIMARY KEY (id, created_at)", table));
    txn.exec(fmt::format("CREATE UNIQUE INDEX ON {0} (event_id, created_at)", table));
    txn.exec(fmt::format("CREATE INDEX ON {0} (sent_at)", table));
  }
  txn.exec("VACUUM ANALYZE prune_plain, prune_parted");
  txn.exec("CHECKPOINT");
}

double PruneByBatchedDeletes(const std::string& database_url, int batch, int pause_ms) {
  pqxx::connection connection(database_url);
  const auto started = std::chrono::steady_clock::now();
  while (true) {
    pqxx::nontransaction txn(connection);
    const pqxx::result deleted = txn.exec_params(
        "DELETE FROM prune_plain WHERE id IN (SELECT id FROM prune_plain WHERE sent_at < now() ORDER BY sent_at LIMIT $1)",
        batch);
    if (static_cast<int>(deleted.affected_rows()) < batch) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(pause_ms));
  }
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

double PruneByDroppingThePartition(const std::string& database_url) {
  pqxx::connection connection(database_url);
  const auto started = std::chrono::steady_clock::now();
  pqxx::nontransaction txn(connection);
  txn.exec("ALTER TABLE prune_parted DETACH PARTITION prune_parted_old");
  txn.exec("DROP TABLE prune_parted_old");
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
}

}  // namespace mailrun::bench

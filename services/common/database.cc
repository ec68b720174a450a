#include "services/common/database.h"

#include <spdlog/spdlog.h>

#include "services/common/json_log.h"
#include "services/common/migration_checksums.h"

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <thread>

namespace mailrun::migrations {
std::vector<std::pair<std::string, std::string>> EmbeddedMigrationFiles();
}

namespace mailrun::service {
namespace {
// A migration whose first line is kOutsideATransaction runs statement by statement outside a
// transaction: what PostgreSQL refuses inside one (CREATE INDEX CONCURRENTLY, which lets writes go
// on while the index builds). Each of its statements must be safe to run again (IF NOT EXISTS),
// since a failure half-way leaves the earlier ones done and the migration unrecorded; an index
// whose concurrent build failed is INVALID and is dropped before the statements run again.
constexpr std::string_view kOutsideATransaction = "-- mailrun: outside a transaction";

bool RunsOutsideATransaction(const Migration& migration) {
  return migration.sql.compare(0, kOutsideATransaction.size(), kOutsideATransaction) == 0;
}

void RunEachStatement(pqxx::connection& connection, const std::string& sql) {
  pqxx::nontransaction txn(connection);
  const pqxx::result invalid = txn.exec(
      "SELECT format('%I.%I', n.nspname, c.relname) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
      " JOIN pg_namespace n ON n.oid = c.relnamespace WHERE NOT i.indisvalid AND n.nspname = current_schema()");
  for (const auto& row : invalid) txn.exec("DROP INDEX CONCURRENTLY IF EXISTS " + row[0].as<std::string>());
  size_t start = 0;
  while (start < sql.size()) {
    size_t end = sql.find(";\n", start);
    if (end == std::string::npos) end = sql.size();
    std::string statement = sql.substr(start, end - start);
    start = end + 2;
    // Only comments and blank lines left: nothing to run.
    bool code = false;
    std::istringstream lines(statement);
    for (std::string line; std::getline(lines, line);) {
      const size_t first = line.find_first_not_of(" \t");
      if (first != std::string::npos && line.compare(first, 2, "--") != 0) code = true;
    }
    if (code) txn.exec(statement);
  }
}
}  // namespace

std::unique_ptr<pqxx::connection> ConnectWithRetry(const std::string& url, std::chrono::seconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (true) {
    try {
      return std::make_unique<pqxx::connection>(url);
    } catch (const pqxx::broken_connection&) {
      if (std::chrono::steady_clock::now() >= deadline) throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
  }
}

std::vector<Migration> ParseMigrations(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<Migration> migrations;
  for (const auto& [name, sql] : files) {
    size_t digits = 0;
    while (digits < name.size() && std::isdigit(static_cast<unsigned char>(name[digits]))) ++digits;
    if (digits == 0 || digits >= name.size() || name[digits] != '_') {
      throw std::runtime_error("migration file '" + name + "' must be named NNNN_description.sql");
    }
    migrations.push_back({std::stoi(name.substr(0, digits)), name, sql});
  }
  std::sort(migrations.begin(), migrations.end(),
            [](const Migration& a, const Migration& b) { return a.version < b.version; });
  for (size_t i = 1; i < migrations.size(); ++i) {
    if (migrations[i].version == migrations[i - 1].version) {
      throw std::runtime_error("migrations '" + migrations[i - 1].name + "' and '" + migrations[i].name +
                               "' share the number " + std::to_string(migrations[i].version));
    }
  }
  return migrations;
}

std::vector<Migration> EmbeddedMigrations() { return ParseMigrations(mailrun::migrations::EmbeddedMigrationFiles()); }

int ApplyMigrations(pqxx::connection& connection, const std::vector<Migration>& migrations) {
  // Waits for the lock by trying it, each try a statement that ends at once, not by blocking in
  // pg_advisory_lock: a session blocked there holds a snapshot, and CREATE INDEX CONCURRENTLY (a
  // migration outside a transaction) waits for every older snapshot, so the service that held the
  // lock and the one waiting for it deadlocked when they started at the same moment.
  while (true) {
    pqxx::nontransaction lock(connection);
    if (lock.exec1("SELECT pg_try_advisory_lock(" + std::to_string(kMigrationLockKey) + ")")[0].as<bool>()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  int applied = 0;
  try {
    {
      pqxx::work setup(connection);
      setup.exec(
          "CREATE TABLE IF NOT EXISTS schema_migrations ("
          " version integer PRIMARY KEY,"
          " name text NOT NULL,"
          " applied_at timestamptz NOT NULL DEFAULT now())");
      EnsureChecksumColumn(setup);
      if (const int recorded = VerifyAppliedMigrations(setup, migrations); recorded > 0) {
        LogEvent(spdlog::level::info, "migration_checksums_recorded", {{"migrations", recorded}});
      }
      setup.commit();
    }
    for (const Migration& migration : migrations) {
      pqxx::work txn(connection);
      const pqxx::result seen =
          txn.exec_params("SELECT 1 FROM schema_migrations WHERE version = $1", migration.version);
      if (!seen.empty()) continue;
      if (RunsOutsideATransaction(migration)) {
        txn.abort();
        RunEachStatement(connection, migration.sql);
        pqxx::work record(connection);
        record.exec_params("INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)",
                           migration.version, migration.name, MigrationChecksum(migration.sql));
        record.commit();
      } else {
        txn.exec(migration.sql);
        txn.exec_params("INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)",
                        migration.version, migration.name, MigrationChecksum(migration.sql));
        txn.commit();
      }
      LogEvent(spdlog::level::info, "migration_applied", {{"migration", migration.name}});
      ++applied;
    }
  } catch (...) {
    pqxx::nontransaction unlock(connection);
    unlock.exec("SELECT pg_advisory_unlock(" + std::to_string(kMigrationLockKey) + ")");
    throw;
  }
  pqxx::nontransaction unlock(connection);
  unlock.exec("SELECT pg_advisory_unlock(" + std::to_string(kMigrationLockKey) + ")");
  return applied;
}

}  // namespace mailrun::service

#include <unistd.h>

#include "services/common/config.h"
#include "services/common/prepared.h"

namespace mailrun::service {

std::unique_ptr<pqxx::connection> PrepareDatabase(const CommonConfig& config, const std::string& service_name) {
  // Behind a pooler in transaction mode no statement may be named (prepared.h).
  named_statements = config.database_direct_url.empty();
  // The migrations hold a session advisory lock across their transactions: a session of their own.
  auto connection =
      ConnectWithRetry(SessionDatabaseUrl(config), std::chrono::seconds(config.database_connect_timeout_seconds));
  ApplyMigrations(*connection, EmbeddedMigrations());
  char host[256] = {0};
  gethostname(host, sizeof host - 1);
  pqxx::work txn(*connection);
  txn.exec_params("INSERT INTO service_starts (service, host, version) VALUES ($1, $2, $3)", service_name,
                  std::string(host), std::string(MAILRUN_VERSION));
  txn.commit();
  return connection;
}

}  // namespace mailrun::service

namespace mailrun::service {

std::optional<int> RunMigrateOnly(const CommonConfig& config, const std::string& service_name) {
  if (!config.migrate_only) return std::nullopt;
  try {
    PrepareDatabase(config, service_name);
    spdlog::info("{}: migrations applied; exiting (--migrate-only)", service_name);
    return 0;
  } catch (const std::exception& e) {
    spdlog::error("{}: migrations failed: {}", service_name, e.what());
    return 1;
  }
}

}  // namespace mailrun::service

#include "services/common/database.h"

#include <spdlog/spdlog.h>

#include "services/common/json_log.h"
#include "services/common/migration_checksums.h"

#include <algorithm>
#include <stdexcept>
#include <thread>

namespace mailrun::migrations {
std::vector<std::pair<std::string, std::string>> EmbeddedMigrationFiles();
}

namespace mailrun::service {
namespace {
// Any constant works; it only has to be the same in every service.
constexpr long long kMigrationLockKey = 1853001;
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
  {
    pqxx::nontransaction lock(connection);
    lock.exec("SELECT pg_advisory_lock(" + std::to_string(kMigrationLockKey) + ")");
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
      txn.exec(migration.sql);
      txn.exec_params("INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)",
                      migration.version, migration.name, MigrationChecksum(migration.sql));
      txn.commit();
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

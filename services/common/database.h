// PostgreSQL access for the services: connecting (with retries while the server starts) and the
// migration runner that every service calls at start-up.
//
// Migrations are the numbered SQL files of migrations/ (NNNN_name.sql), embedded in the binary at
// build time. Each is applied once, in number order, in its own transaction, and recorded in
// schema_migrations with its checksum. A PostgreSQL advisory lock makes concurrent start-ups
// safe: the second service waits, then finds the work done. A migration that was edited after it
// was applied stops the runner (migration_checksums.h). A migration whose first line is
// "-- mailrun: outside a transaction" runs statement by statement outside one instead, for what
// PostgreSQL refuses in a transaction (CREATE INDEX CONCURRENTLY: writes go on while it builds).
#pragma once

#include <pqxx/pqxx>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mailrun::service {

struct Migration {
  int version = 0;
  std::string name;  // file name, e.g. "0101_games.sql"
  std::string sql;
};

// Connects to `url`, retrying until `timeout` passes. Throws pqxx::broken_connection at the end.
std::unique_ptr<pqxx::connection> ConnectWithRetry(const std::string& url, std::chrono::seconds timeout);

// The migrations embedded from migrations/, sorted by version. Throws std::runtime_error if a
// file name does not start with a number or two files share a number.
std::vector<Migration> EmbeddedMigrations();

// Parses "NNNN_name.sql" files into Migrations sorted by version (same checks as above).
std::vector<Migration> ParseMigrations(const std::vector<std::pair<std::string, std::string>>& files);

// The session advisory lock that one service at a time holds while it migrates. Any constant
// works; it only has to be the same in every service.
inline constexpr long long kMigrationLockKey = 1853001;

// Applies the migrations not yet recorded in schema_migrations; returns how many it applied.
// Throws std::runtime_error, applying nothing, when an applied migration's text was edited since.
int ApplyMigrations(pqxx::connection& connection, const std::vector<Migration>& migrations);

}  // namespace mailrun::service

namespace mailrun::service {
struct CommonConfig;

// Start-up of a service's database: connects (retrying while PostgreSQL starts, for
// config.database_connect_timeout_seconds), applies
// the embedded migrations and records the start in service_starts. Throws on failure.
std::unique_ptr<pqxx::connection> PrepareDatabase(const CommonConfig& config, const std::string& service_name);

// For main(): with --migrate-only, prepares the database and returns the exit code to end the
// process with (0 on success, 1 on failure, logged); otherwise returns nullopt.
std::optional<int> RunMigrateOnly(const CommonConfig& config, const std::string& service_name);

}  // namespace mailrun::service

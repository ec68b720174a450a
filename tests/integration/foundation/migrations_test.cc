// The migration runner against a real PostgreSQL: applies once, is safe when services start at
// the same moment, and refuses to go on when an applied migration was edited.
#include <gtest/gtest.h>

#include <thread>

#include "services/common/database.h"
#include "services/common/migration_checksums.h"
#include "tests/testing/servers.h"

namespace mailrun::service {
namespace {

int CountRows(const std::string& url, const std::string& sql) {
  pqxx::connection c(url);
  pqxx::work txn(c);
  return txn.exec(sql)[0][0].as<int>();
}

TEST(Migrations, AppliedOnceEvenWhenRunTwice) {
  const std::string url = testing::FreshDatabase("migrations_once");
  const auto migrations = ParseMigrations({{"0001_t.sql", "CREATE TABLE t (x int)"},
                                           {"0002_u.sql", "INSERT INTO t VALUES (1)"}});
  pqxx::connection c(url);
  EXPECT_EQ(ApplyMigrations(c, migrations), 2);
  EXPECT_EQ(ApplyMigrations(c, migrations), 0);
  EXPECT_EQ(CountRows(url, "SELECT count(*) FROM t"), 1);
  EXPECT_EQ(CountRows(url, "SELECT count(*) FROM schema_migrations"), 2);
}

TEST(Migrations, ConcurrentStartUpsApplyEachOnce) {
  const std::string url = testing::FreshDatabase("migrations_race");
  const auto migrations = ParseMigrations({{"0001_t.sql", "CREATE TABLE t (x int)"},
                                           {"0002_u.sql", "INSERT INTO t VALUES (1)"}});
  std::vector<std::thread> threads;
  std::atomic<int> total{0};
  for (int i = 0; i < 6; ++i) {
    threads.emplace_back([&] {
      pqxx::connection c(url);
      total += ApplyMigrations(c, migrations);
    });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(total.load(), 2);
  EXPECT_EQ(CountRows(url, "SELECT count(*) FROM t"), 1);
}

TEST(Migrations, FailingMigrationLeavesNothingHalfDone) {
  const std::string url = testing::FreshDatabase("migrations_fail");
  const auto migrations = ParseMigrations({{"0001_t.sql", "CREATE TABLE t (x int); INSERT INTO nowhere VALUES (1)"}});
  pqxx::connection c(url);
  EXPECT_THROW(ApplyMigrations(c, migrations), std::exception);
  EXPECT_EQ(CountRows(url, "SELECT count(*) FROM information_schema.tables WHERE table_name = 't'"), 0);
  EXPECT_EQ(CountRows(url, "SELECT count(*) FROM schema_migrations"), 0);
}

TEST(Migrations, AMigrationMarkedOutsideATransactionBuildsItsIndexConcurrently) {
  const std::string url = testing::FreshDatabase("migrations_outside");
  const auto migrations = ParseMigrations(
      {{"0001_t.sql", "CREATE TABLE t (x int); INSERT INTO t SELECT generate_series(1, 1000)"},
       {"0002_t_x.sql",
        "-- mailrun: outside a transaction\n-- a comment\nCREATE INDEX CONCURRENTLY IF NOT EXISTS t_x ON t (x);\n"
        "CREATE INDEX CONCURRENTLY IF NOT EXISTS t_x2 ON t ((x * 2));\n-- the end\n"}});
  pqxx::connection c(url);
  ASSERT_EQ(ApplyMigrations(c, migrations), 2);
  EXPECT_EQ(CountRows(url, "SELECT count(*) FROM pg_indexes WHERE tablename = 't' AND indexname IN ('t_x', 't_x2')"), 2);
  EXPECT_EQ(CountRows(url, "SELECT count(*) FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid"
                           " WHERE c.relname = 't' AND NOT i.indisvalid"),
            0);
  EXPECT_EQ(CountRows(url, "SELECT count(*) FROM schema_migrations"), 2);
  EXPECT_EQ(ApplyMigrations(c, migrations), 0);
}

// Two services start at the same moment while a third holds the runner's lock: when it lets go,
// one of them builds an index concurrently while the other waits for the lock. A waiter blocked in
// pg_advisory_lock held a snapshot the index build waited for: PostgreSQL found the deadlock and
// one service failed to start ("deadlock detected").
TEST(Migrations, ServicesStartingTogetherDoNotDeadlockOverAnIndexBuiltConcurrently) {
  const std::string url = testing::FreshDatabase("migrations_concurrently_race");
  const auto migrations = ParseMigrations(
      {{"0001_t.sql", "CREATE TABLE t (x int); INSERT INTO t SELECT generate_series(1, 100000)"},
       {"0002_t_x.sql", "-- mailrun: outside a transaction\nCREATE INDEX CONCURRENTLY IF NOT EXISTS t_x ON t (x);\n"}});
  pqxx::connection holder(url);
  pqxx::nontransaction(holder).exec("SELECT pg_advisory_lock(" + std::to_string(kMigrationLockKey) + ")");
  std::atomic<int> applied{0};
  std::vector<std::string> failures(2);
  std::vector<std::thread> services;
  for (int i = 0; i < 2; ++i) {
    services.emplace_back([&, i] {
      try {
        pqxx::connection c(url);
        applied += ApplyMigrations(c, migrations);
      } catch (const std::exception& e) {
        failures[i] = e.what();
      }
    });
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // both are waiting for the lock
  pqxx::nontransaction(holder).exec("SELECT pg_advisory_unlock(" + std::to_string(kMigrationLockKey) + ")");
  for (auto& service : services) service.join();
  EXPECT_EQ(failures, std::vector<std::string>(2)) << "a service failed to migrate";
  EXPECT_EQ(applied.load(), 2);
  EXPECT_EQ(CountRows(url, "SELECT count(*) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
                           " WHERE c.relname = 't_x' AND i.indisvalid"),
            1);
}

TEST(Migrations, EmbeddedMigrationsApplyToAnEmptyDatabase) {
  const std::string url = testing::FreshDatabase("migrations_embedded");
  pqxx::connection c(url);
  const auto migrations = EmbeddedMigrations();
  EXPECT_EQ(ApplyMigrations(c, migrations), static_cast<int>(migrations.size()));
}

TEST(Migrations, RecordsTheChecksumOfEachMigrationItApplies) {
  const std::string url = testing::FreshDatabase("migrations_checksums");
  const auto migrations = ParseMigrations({{"0001_t.sql", "CREATE TABLE t (x int)"}});
  pqxx::connection c(url);
  ASSERT_EQ(ApplyMigrations(c, migrations), 1);
  pqxx::work txn(c);
  EXPECT_EQ(txn.exec("SELECT checksum FROM schema_migrations WHERE version = 1")[0][0].as<std::string>(),
            MigrationChecksum("CREATE TABLE t (x int)"));
  EXPECT_EQ(MigrationChecksum("CREATE TABLE t (x int)").size(), 64u);
  EXPECT_NE(MigrationChecksum("CREATE TABLE t (x int)"), MigrationChecksum("CREATE TABLE t (x bigint)"));
}

TEST(Migrations, AnAppliedMigrationThatWasEditedStopsTheRunnerBeforeItAppliesAnything) {
  const std::string url = testing::FreshDatabase("migrations_edited");
  pqxx::connection c(url);
  ASSERT_EQ(ApplyMigrations(c, ParseMigrations({{"0001_t.sql", "CREATE TABLE t (x int)"}})), 1);
  // The next release edits 0001 and adds 0002.
  const auto edited = ParseMigrations({{"0001_t.sql", "CREATE TABLE t (x bigint)"},
                                       {"0002_u.sql", "CREATE TABLE u (y int)"}});
  try {
    ApplyMigrations(c, edited);
    FAIL() << "an edited migration was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("migration 0001_t.sql was edited after it was applied"), std::string::npos)
        << e.what();
  }
  EXPECT_EQ(CountRows(url, "SELECT count(*) FROM schema_migrations"), 1);
  EXPECT_EQ(CountRows(url, "SELECT count(*) FROM information_schema.tables WHERE table_name = 'u'"), 0);
  // Restoring the text lets the runner go on.
  EXPECT_EQ(ApplyMigrations(c, ParseMigrations({{"0001_t.sql", "CREATE TABLE t (x int)"},
                                                {"0002_u.sql", "CREATE TABLE u (y int)"}})),
            1);
}

TEST(Migrations, ADatabaseMigratedBeforeChecksumsGetsThemRecordedAndIsGuardedFromThenOn) {
  const std::string url = testing::FreshDatabase("migrations_backfill");
  {
    // schema_migrations as the runner made it before it recorded checksums.
    pqxx::connection c(url);
    pqxx::work txn(c);
    txn.exec("CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL,"
             " applied_at timestamptz NOT NULL DEFAULT now())");
    txn.exec("CREATE TABLE t (x int)");
    txn.exec("INSERT INTO schema_migrations (version, name) VALUES (1, '0001_t.sql')");
    txn.commit();
  }
  pqxx::connection c(url);
  EXPECT_EQ(ApplyMigrations(c, ParseMigrations({{"0001_t.sql", "CREATE TABLE t (x int)"}})), 0);
  EXPECT_EQ(CountRows(url, "SELECT count(*) FROM schema_migrations WHERE checksum IS NOT NULL"), 1);
  EXPECT_THROW(ApplyMigrations(c, ParseMigrations({{"0001_t.sql", "CREATE TABLE t (x text)"}})), std::runtime_error);
}

}  // namespace
}  // namespace mailrun::service

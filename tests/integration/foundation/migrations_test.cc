// The migration runner against a real PostgreSQL: applies once, and is safe when services start
// at the same moment.
#include <gtest/gtest.h>

#include <thread>

#include "services/common/database.h"
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

TEST(Migrations, EmbeddedMigrationsApplyToAnEmptyDatabase) {
  const std::string url = testing::FreshDatabase("migrations_embedded");
  pqxx::connection c(url);
  const auto migrations = EmbeddedMigrations();
  EXPECT_EQ(ApplyMigrations(c, migrations), static_cast<int>(migrations.size()));
}

}  // namespace
}  // namespace mailrun::service

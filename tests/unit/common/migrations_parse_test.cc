// The migration runner's file naming rules.
#include <gtest/gtest.h>

#include "services/common/database.h"

namespace mailrun::service {
namespace {

TEST(MigrationFiles, SortedByNumber) {
  const auto migrations = ParseMigrations({{"0102_b.sql", "B"}, {"0001_a.sql", "A"}});
  ASSERT_EQ(migrations.size(), 2u);
  EXPECT_EQ(migrations[0].version, 1);
  EXPECT_EQ(migrations[1].version, 102);
  EXPECT_EQ(migrations[1].sql, "B");
}

TEST(MigrationFiles, UnnumberedFileIsRefusedByName) {
  try {
    ParseMigrations({{"games.sql", ""}});
    FAIL() << "expected an error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("games.sql"), std::string::npos);
  }
}

TEST(MigrationFiles, DuplicateNumbersAreRefused) {
  EXPECT_THROW(ParseMigrations({{"0001_a.sql", ""}, {"0001_b.sql", ""}}), std::runtime_error);
}

TEST(MigrationFiles, EmbeddedMigrationsParse) {
  const auto migrations = EmbeddedMigrations();
  ASSERT_FALSE(migrations.empty());
  EXPECT_EQ(migrations.front().name, "0001_service_starts.sql");
}

}  // namespace
}  // namespace mailrun::service

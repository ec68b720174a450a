#include "services/common/migration_checksums.h"

#include <map>
#include <stdexcept>

#include "services/common/sha256_hex.h"

namespace mailrun::service {

std::string MigrationChecksum(const std::string& sql) { return Sha256Hex(sql); }

void EnsureChecksumColumn(pqxx::work& txn) {
  txn.exec("ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text");
}

int VerifyAppliedMigrations(pqxx::work& txn, const std::vector<Migration>& migrations) {
  std::map<int, std::pair<std::string, std::string>> recorded;  // version -> (name, checksum or "")
  for (const auto& row : txn.exec("SELECT version, name, coalesce(checksum, '') FROM schema_migrations")) {
    recorded[row[0].as<int>()] = {row[1].as<std::string>(), row[2].as<std::string>()};
  }
  std::vector<const Migration*> unrecorded;
  for (const Migration& migration : migrations) {
    const auto found = recorded.find(migration.version);
    if (found == recorded.end()) continue;  // not applied yet
    const std::string checksum = MigrationChecksum(migration.sql);
    const auto& [name, applied] = found->second;
    if (applied.empty()) {
      unrecorded.push_back(&migration);
    } else if (applied != checksum) {
      throw std::runtime_error("migration " + migration.name + " was edited after it was applied (as " + name +
                               ", checksum " + applied.substr(0, 12) + "..., the file now has " +
                               checksum.substr(0, 12) +
                               "...): never edit an applied migration; restore its text and add a new migration");
    }
  }
  for (const Migration* migration : unrecorded) {
    txn.exec_params("UPDATE schema_migrations SET checksum = $2 WHERE version = $1", migration->version,
                    MigrationChecksum(migration->sql));
  }
  return static_cast<int>(unrecorded.size());
}

}  // namespace mailrun::service

// Guarding applied migrations against edits: the runner (database.h) records each migration's
// checksum (SHA-256 of its SQL, hex) in schema_migrations when it applies it, and before applying
// anything compares the checksum of every migration it embeds with the one recorded for the
// same number. An applied migration whose file was edited since is refused, and so is the
// start-up of the service that carries it: the database was made by the old text, so the edit
// would never run where it already ran and silently run elsewhere. Migrations applied before
// checksums were recorded get theirs recorded on the next start (trusting what is there).
#pragma once

#include <pqxx/pqxx>

#include <string>
#include <vector>

#include "services/common/database.h"

namespace mailrun::service {

// SHA-256 of `sql` as 64 lower-case hex digits.
std::string MigrationChecksum(const std::string& sql);

// Adds the checksum column to schema_migrations when it is missing (run in the runner's setup).
void EnsureChecksumColumn(pqxx::work& txn);

// Compares `migrations` with what schema_migrations recorded. Throws std::runtime_error naming
// the first migration whose text differs from what was applied (nothing is changed then).
// Records the checksums of applied migrations that have none. Returns how many it recorded.
int VerifyAppliedMigrations(pqxx::work& txn, const std::vector<Migration>& migrations);

}  // namespace mailrun::service

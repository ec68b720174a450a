// History for the growth benchmark (issue 47, item 2): a database made to hold millions of
// actions of finished games, as years of play would leave it, and cold reads of those games.
// The history is cloned inside PostgreSQL from the finished games the stack itself played (their
// games, players, log and final snapshot rows; the games' ids, players and dates made distinct per
// copy), so every row is a real game's row; only the final snapshot of each finished game is kept,
// as the history pruner leaves a finished game (docs/game-service.md, "Keeping the history
// compact"). Bulk-loaded with INSERT ... SELECT in batches, each committed; a load of millions of
// rows sets game_actions' indexes aside and builds them at the end (history.cc, kBulkRows).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "mailrun/v1/game.grpc.pb.h"
#include "services/common/token.h"

namespace mailrun::bench {

// Rows in game_actions now.
int64_t StoredActions(const std::string& database_url);

// Adds copies of the database's finished games (none named "h..." or "pgbench-...") until
// game_actions holds at least `target` rows; prints progress. Throws if there is no finished game
// to copy. Then VACUUM ANALYZE and a CHECKPOINT, so the measurement after it starts settled.
void GrowHistory(const std::string& database_url, int64_t target);

// `count` finished games of the database, chosen at random (copies when there are any).
std::vector<std::string> FinishedGames(const std::string& database_url, int count);

// GetGame of each game once (a player's view), timed from the call to the answer: the cold read.
// Returns the milliseconds of the reads that succeeded.
std::vector<double> ColdReads(const std::string& game_address, const service::TokenSigner& signer,
                              const std::string& database_url, const std::vector<std::string>& games);

// The two ways of pruning old rows, measured against each other while moves run: `rows` rows
// shaped like outbox rows (an id, an event id, a 290-byte payload, two times, the indexes the
// outbox has) in a plain table, prune_plain, and in one partitioned by day, prune_parted, whose
// old rows fill a partition of their own.
void PreparePruneProbe(const std::string& database_url, int64_t rows);
// Deletes prune_plain's rows in statements of `batch`, oldest first, `pause_ms` apart, until none
// is left; returns the seconds it took.
double PruneByBatchedDeletes(const std::string& database_url, int batch, int pause_ms);
// Detaches and drops prune_parted's old partition; returns the seconds it took.
double PruneByDroppingThePartition(const std::string& database_url);

}  // namespace mailrun::bench

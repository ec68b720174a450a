// The history pruner: keeps finished games compact (issue 47). Once a game has been finished for
// `grace`, its intermediate snapshots are deleted; its record (every game_actions row, which stay
// append-only) and its final state (the move that finished it stored a snapshot, move_service.cc)
// are kept, so every view of it, at any version, can still be rebuilt. Batched deletes, one
// replica at a time, logged as "history_pruned" with "snapshots" (services/common/batched_pruner.h).
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "services/common/batched_pruner.h"

namespace mailrun::game {

inline constexpr long long kHistoryPrunerLockKey = 1853047;

struct HistoryPrunerOptions {
  std::chrono::seconds interval{600};  // MAILRUN_HISTORY_PRUNE_SECONDS; 0: never
  std::chrono::seconds grace{3600};    // how long a finished game keeps its snapshots
};

// `session_database_url` reaches PostgreSQL itself (the pruner holds a session advisory lock).
std::unique_ptr<service::BatchedPruner> MakeHistoryPruner(std::string session_database_url,
                                                          const HistoryPrunerOptions& options);

}  // namespace mailrun::game

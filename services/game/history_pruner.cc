#include "services/game/history_pruner.h"

#include <fmt/format.h>

namespace mailrun::game {

std::unique_ptr<service::BatchedPruner> MakeHistoryPruner(std::string session_database_url,
                                                          const HistoryPrunerOptions& options) {
  const std::vector<service::PruneStep> steps{
      {"snapshots",
       fmt::format("WITH doomed AS (SELECT s.game_id, s.seq FROM games g JOIN game_snapshots s ON s.game_id = g.game_id"
                   " WHERE g.status = 'finished' AND g.finished_at < clock_timestamp() - make_interval(secs => {})"
                   " AND s.seq < g.version LIMIT $1)"
                   " DELETE FROM game_snapshots d USING doomed WHERE d.game_id = doomed.game_id AND d.seq = doomed.seq",
                   options.grace.count())}};
  service::BatchedPrunerOptions batching;
  batching.interval = options.interval;
  return std::make_unique<service::BatchedPruner>("history", std::move(session_database_url), kHistoryPrunerLockKey,
                                                  steps, batching);
}

}  // namespace mailrun::game

#include "services/game/history_pruner.h"

#include <spdlog/spdlog.h>

#include <memory>
#include <thread>

#include "services/common/json_log.h"

namespace mailrun::game {

HistoryPruner::HistoryPruner(std::string database_url, HistoryPrunerOptions options)
    : database_url_(std::move(database_url)), options_(options) {}

HistoryPruner::~HistoryPruner() { Stop(); }

void HistoryPruner::Start() {
  if (options_.interval.count() <= 0) return;
  worker_.Start([this] { Run(); });
}

void HistoryPruner::Stop() { worker_.Stop(); }

int64_t HistoryPruner::PruneOnce(pqxx::connection& connection, const HistoryPrunerOptions& options,
                                 const mailrun::service::WorkerThread* stop) {
  int64_t deleted = 0;
  while (!(stop && stop->stopping())) {
    pqxx::nontransaction txn(connection);
    const pqxx::result rows = txn.exec_params(
        "WITH doomed AS (SELECT s.game_id, s.seq FROM games g JOIN game_snapshots s ON s.game_id = g.game_id"
        " WHERE g.status = 'finished' AND g.finished_at < clock_timestamp() - make_interval(secs => $1)"
        " AND s.seq < g.version LIMIT $2)"
        " DELETE FROM game_snapshots d USING doomed WHERE d.game_id = doomed.game_id AND d.seq = doomed.seq",
        static_cast<double>(options.grace.count()), options.batch);
    deleted += rows.affected_rows();
    if (static_cast<int>(rows.affected_rows()) < options.batch) break;
    std::this_thread::sleep_for(options.pause);
  }
  return deleted;
}

void HistoryPruner::Run() {
  std::unique_ptr<pqxx::connection> connection;
  bool leading = false;
  while (!worker_.stopping()) {
    try {
      if (!connection) {
        connection = std::make_unique<pqxx::connection>(database_url_);
        leading = false;
      }
      if (!leading) {
        pqxx::nontransaction txn(*connection);
        leading = txn.exec1("SELECT pg_try_advisory_lock(" + std::to_string(kHistoryPrunerLockKey) + ")")[0].as<bool>();
      }
      if (leading) {
        const auto started = std::chrono::steady_clock::now();
        const int64_t deleted = PruneOnce(*connection, options_, &worker_);
        if (deleted > 0) {
          mailrun::service::LogEvent(
              spdlog::level::info, "history_pruned",
              {{"snapshots", deleted},
               {"ms", std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started)
                          .count()}});
        }
      }
    } catch (const std::exception& e) {
      spdlog::warn("history pruner: {}", e.what());
      connection.reset();  // and with it the lock
    }
    worker_.WaitFor(options_.interval);
  }
}

}  // namespace mailrun::game

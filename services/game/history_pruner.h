// HistoryPruner: keeps finished games compact (issue 47). Once a game has been finished for
// `grace`, its intermediate snapshots are deleted; its record (every game_actions row, which stay
// append-only) and its final state (the move that finished it stored a snapshot, move_service.cc)
// are kept, so every view of it, at any version, can still be rebuilt. Batched deletes: each batch
// a statement of its own of at most `batch` rows with `pause` after it, so that moves never queue
// behind one long delete (docs/benchmarks.md, "A database that grows"). One replica prunes at a
// time: the one whose connection holds the session advisory lock kHistoryPrunerLockKey, tried
// every `interval`.
// Thread-safety: Start/Stop from the owner; PruneOnce from one thread at a time.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include <pqxx/pqxx>

#include "services/common/worker_thread.h"

namespace mailrun::game {

inline constexpr long long kHistoryPrunerLockKey = 1853047;

struct HistoryPrunerOptions {
  std::chrono::seconds interval{600};   // MAILRUN_HISTORY_PRUNE_SECONDS; 0: never
  std::chrono::seconds grace{3600};     // how long a finished game keeps its snapshots
  int batch = 500;                      // rows per statement
  std::chrono::milliseconds pause{20};  // between statements
};

class HistoryPruner {
 public:
  HistoryPruner(std::string database_url, HistoryPrunerOptions options);
  ~HistoryPruner();  // Stop()

  void Start();
  void Stop();

  // Deletes the intermediate snapshots of games finished more than `grace` ago, batch by batch,
  // until none is left; returns how many rows it deleted. `stop` is checked between batches.
  static int64_t PruneOnce(pqxx::connection& connection, const HistoryPrunerOptions& options,
                           const mailrun::service::WorkerThread* stop = nullptr);

 private:
  void Run();

  const std::string database_url_;
  const HistoryPrunerOptions options_;
  mailrun::service::WorkerThread worker_;
};

}  // namespace mailrun::game

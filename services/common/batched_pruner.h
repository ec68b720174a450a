// BatchedPruner: forgets rows a service no longer needs, on a schedule, without disturbing the
// writes around it (issue 47). Each step is one DELETE of at most `batch` rows ($1 in its SQL),
// repeated with `pause` between statements until a statement deletes fewer than `batch`; no
// statement holds its locks for long, so moves and deliveries never queue behind one big delete
// (docs/benchmarks.md, "A database that grows": batched deletes disturbed moves less than the
// alternatives measured). One replica prunes at a time: the one whose connection holds the
// session advisory lock `lock_key`, tried every `interval`; the connection must therefore go to
// PostgreSQL itself, not through a transaction pooler (the service's session database URL).
// Each pass that deletes something logs "<name>_pruned" with the rows deleted per step.
// Users: the game service's HistoryPruner (snapshots of finished games) and the notification
// service's NotificationPruner (deliveries, inbox entries, events, request answers).
// Thread-safety: Start/Stop from the owner; PruneOnce from one thread at a time.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <pqxx/pqxx>

#include "services/common/worker_thread.h"

namespace mailrun::service {

struct PruneStep {
  std::string name;  // the log field that counts its rows ("snapshots", "inbox", ...)
  std::string sql;   // a DELETE of at most $1 rows (a bigint); its affected rows are counted
};

struct BatchedPrunerOptions {
  std::chrono::seconds interval{600};   // between passes; 0: never start
  int batch = 500;                      // rows per statement
  std::chrono::milliseconds pause{20};  // between statements
};

class BatchedPruner {
 public:
  BatchedPruner(std::string name, std::string session_database_url, long long lock_key, std::vector<PruneStep> steps,
                BatchedPrunerOptions options);
  ~BatchedPruner();  // Stop()
  BatchedPruner(const BatchedPruner&) = delete;
  BatchedPruner& operator=(const BatchedPruner&) = delete;

  void Start();
  void Stop();

  // Runs every step in order until each has nothing left; returns the rows deleted per step name.
  // `stop` is checked between statements.
  static std::map<std::string, int64_t> PruneOnce(pqxx::connection& connection, const std::vector<PruneStep>& steps,
                                                  const BatchedPrunerOptions& options,
                                                  const WorkerThread* stop = nullptr);

 private:
  void Run();

  const std::string name_;
  const std::string database_url_;
  const long long lock_key_;
  const std::vector<PruneStep> steps_;
  const BatchedPrunerOptions options_;
  WorkerThread worker_;
};

}  // namespace mailrun::service

#include "services/common/batched_pruner.h"

#include <spdlog/spdlog.h>

#include <memory>
#include <thread>

#include "services/common/json_log.h"

namespace mailrun::service {

BatchedPruner::BatchedPruner(std::string name, std::string session_database_url, long long lock_key,
                             std::vector<PruneStep> steps, BatchedPrunerOptions options)
    : name_(std::move(name)),
      database_url_(std::move(session_database_url)),
      lock_key_(lock_key),
      steps_(std::move(steps)),
      options_(options) {}

BatchedPruner::~BatchedPruner() { Stop(); }

void BatchedPruner::Start() {
  if (options_.interval.count() <= 0) return;
  worker_.Start([this] { Run(); });
}

void BatchedPruner::Stop() { worker_.Stop(); }

std::map<std::string, int64_t> BatchedPruner::PruneOnce(pqxx::connection& connection,
                                                        const std::vector<PruneStep>& steps,
                                                        const BatchedPrunerOptions& options, const WorkerThread* stop) {
  std::map<std::string, int64_t> deleted;
  for (const PruneStep& step : steps) {
    int64_t& count = deleted[step.name];
    while (!(stop && stop->stopping())) {
      pqxx::nontransaction txn(connection);
      const pqxx::result rows = txn.exec_params(step.sql, static_cast<int64_t>(options.batch));
      count += rows.affected_rows();
      if (static_cast<int>(rows.affected_rows()) < options.batch) break;
      std::this_thread::sleep_for(options.pause);
    }
  }
  return deleted;
}

void BatchedPruner::Run() {
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
        leading = txn.exec1("SELECT pg_try_advisory_lock(" + std::to_string(lock_key_) + ")")[0].as<bool>();
      }
      if (leading) {
        const auto started = std::chrono::steady_clock::now();
        const std::map<std::string, int64_t> deleted = PruneOnce(*connection, steps_, options_, &worker_);
        int64_t total = 0;
        nlohmann::json fields;
        for (const auto& [step, rows] : deleted) {
          fields[step] = rows;
          total += rows;
        }
        if (total > 0) {
          fields["ms"] =
              std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
          LogEvent(spdlog::level::info, name_ + "_pruned", fields);
        }
      }
    } catch (const std::exception& e) {
      spdlog::warn("{} pruner: {}", name_, e.what());
      connection.reset();  // and with it the lock
    }
    worker_.WaitFor(options_.interval);
  }
}

}  // namespace mailrun::service

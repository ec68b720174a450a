// Readiness, as opposed to liveness: whether a service can do its work now. Every service needs
// PostgreSQL for every call that matters, so readiness is "PostgreSQL answers". Each service's
// gRPC health status under its API's full name (e.g. "mailrun.v1.GameService") follows it, and
// the readiness probes of the chart and the gateway's health checks ask that name; the overall
// status ("") stays SERVING while the process runs (liveness), so a database outage takes pods
// out of the load balancers without getting them restarted (server.h, docs/operations.md).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include <pqxx/pqxx>

#include "services/common/worker_thread.h"

namespace mailrun::service {

// Asks PostgreSQL "SELECT 1" on a connection of its own (not the pool's: a busy pool must not
// look like a dead database). Not thread-safe: one caller, the ReadinessWatcher.
class DatabaseReadiness {
 public:
  // `timeout` bounds connecting and the query.
  explicit DatabaseReadiness(std::string url, std::chrono::seconds timeout = std::chrono::seconds(2));
  bool Check();

 private:
  std::string url_;
  std::chrono::seconds timeout_;
  std::unique_ptr<pqxx::connection> connection_;
};

// Calls `check` every `interval` on a thread of its own and hands each answer to `report`
// (which must be thread-safe). Start/Stop from the owner; Stop waits for the thread.
class ReadinessWatcher {
 public:
  ReadinessWatcher(std::function<bool()> check, std::function<void(bool ready)> report,
                   std::chrono::milliseconds interval);
  ~ReadinessWatcher() { Stop(); }
  void Start();
  void Stop() { worker_.Stop(); }

 private:
  std::function<bool()> check_;
  std::function<void(bool)> report_;
  std::chrono::milliseconds interval_;
  WorkerThread worker_;
};

}  // namespace mailrun::service

// The reconciler makes sure nothing is lost between the lobby and the game service. Every
// interval it (1) retries creating the games of tables still 'starting' (the game service was
// down, or the lobby stopped between deciding and creating), and (2) asks the game service
// GetGameResult for the lobby's 'playing' tables, least recently checked first, and records the
// results of finished games (in case a GameFinished event was missed). Both steps are idempotent.
//
// Runs on its own thread between Start and Stop (services/common/worker_thread.h); Wake() runs a
// pass now (the Redis subscription was lost and is back: events may have been missed). Thread-safe.
#pragma once

#include <chrono>

#include "services/common/worker_thread.h"
#include "services/lobby/connection_pool.h"
#include "services/lobby/game_client.h"
#include "services/lobby/game_starter.h"
#include "services/lobby/results.h"

namespace mailrun::lobby {

class Reconciler {
 public:
  // Everything referenced must outlive this object. `batch`: tables checked per step and pass.
  Reconciler(ConnectionPool& pool, GameServiceClient& games, GameStarter& starter, ResultRecorder& results,
             std::chrono::seconds interval, int batch = 100);
  ~Reconciler() { Stop(); }
  Reconciler(const Reconciler&) = delete;
  Reconciler& operator=(const Reconciler&) = delete;

  void Start();
  void Stop() { worker_.Stop(); }  // waits for a pass in progress to end
  void Wake() { worker_.Wake(); }  // the next pass starts now rather than after the interval

  struct PassCounts {
    int games_created = 0;
    int results_recorded = 0;
  };
  // One pass, on the calling thread.
  PassCounts RunOnce();

 private:
  void Loop();

  ConnectionPool& pool_;
  GameServiceClient& games_;
  GameStarter& starter_;
  ResultRecorder& results_;
  const std::chrono::seconds interval_;
  const int batch_;
  mailrun::service::WorkerThread worker_;
};

}  // namespace mailrun::lobby

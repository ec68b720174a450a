// OutboxRelay: the background worker that moves outbox rows (outbox.h) to Redis. Each service that
// appends outbox events runs one in its own process; several relays (processes, replicas) may run
// against one database at once.
//
// One relay at a time publishes, so events leave in id order whichever process runs it: the one
// holding the session-level advisory lock kOutboxRelayLockKey on its connection (the leader). Only
// the leader LISTENs; on each wake-up (the outbox trigger's NOTIFY, a move's announcement, or its
// poll interval) it reads the oldest unsent rows, PUBLISHes each payload on "mailrun.events" in id
// order, and sets sent_at for the rows Redis took in the same statement as its next read, when
// that comes within mark_delay (a NOTIFY, or at once after a full batch), else in a statement of
// its own then: under load one statement per wake-up, no transaction around it (no other relay
// publishes meanwhile). Until marked, published rows count as unsent (the backlog gauge, a
// consumer's catch-up). The other relays neither listen nor wake on NOTIFYs: each
// tries for the lock once per poll interval, so when the leader's process ends (or its
// connection breaks, which releases the lock) another one leads within that interval. A leader
// that cannot PUBLISH gives the lock up and backs off, so another one may try. While Redis is
// down the rows stay unsent; writers are never blocked because they only insert. Delivery is at
// least once (a crash, or a lost lead, between PUBLISH and the marking publishes again); consumers
// de-duplicate by event_id. Sent rows older than `retention` are pruned by the leader, in batches.
// Each event published is logged (event "outbox_published") in the trace it carries. The backlog
// (unsent rows, age of the oldest) goes to the metrics: 0 after a batch that emptied the outbox,
// counted after one that did not or failed, and counted every poll interval by a relay that waits
// for another to publish.
//
// Thread-safety: Start/Stop and stats() may be called from any thread.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include <pqxx/pqxx>

#include "services/common/worker_thread.h"

namespace mailrun::service {

class RedisPublisher;

// The advisory lock that lets one relay at a time publish (migrations use 1853001). Until issue 21
// relays took it per batch (pg_try_advisory_xact_lock); a session lock on the same key excludes
// those too, so old and new relays may run side by side during a rollout.
inline constexpr long long kOutboxRelayLockKey = 1853002;

struct OutboxRelayOptions {
  std::string database_url;
  std::string redis_url;
  std::string channel = "mailrun.events";
  std::chrono::milliseconds poll_interval{1000};   // fallback when no NOTIFY arrives
  int batch_size = 100;                             // rows per transaction
  std::chrono::milliseconds redis_timeout{2000};    // connect and PUBLISH timeout
  std::chrono::milliseconds min_backoff{100};       // after a Redis or PostgreSQL failure ...
  std::chrono::milliseconds max_backoff{5000};      // ... doubling up to this
  std::chrono::hours retention{24 * 7};             // sent rows older than this are deleted ...
  int prune_batch = 1000;                           // ... this many per statement, every hour
  std::chrono::milliseconds mark_delay{50};         // published rows wait this long for the next read to mark them
};

class OutboxRelay {
 public:
  // Throws std::invalid_argument for a malformed Redis URL or batch size. Connects nothing yet.
  explicit OutboxRelay(OutboxRelayOptions options);
  ~OutboxRelay();  // Stop()
  OutboxRelay(const OutboxRelay&) = delete;
  OutboxRelay& operator=(const OutboxRelay&) = delete;

  void Start();
  // Ends the thread after the batch in flight; rows not yet published stay unsent.
  void Stop();

  struct Stats {
    int64_t published = 0;        // rows published and marked sent
    int64_t redis_failures = 0;   // failed PUBLISH attempts
  };
  Stats stats() const { return {published_.load(), redis_failures_.load()}; }

 private:
  class Wakeup;
  void Run();
  // Takes the lead if no other relay has it (pg_try_advisory_lock).
  bool TryToLead(pqxx::connection& connection);
  void StopLeading(pqxx::connection& connection);
  // Publishes one batch (the leader only); returns the number of rows marked sent, or -1 when
  // Redis failed.
  int PublishBatch(pqxx::connection& connection, RedisPublisher& publisher);
  void Prune(pqxx::connection& connection);
  // Marks the rows published and not yet marked (unmarked_) sent, in a statement of its own.
  void MarkPublished(pqxx::connection& connection);
  // Counts the unsent rows and the age of the oldest for the metrics (metrics.h).
  void MeasureBacklog(pqxx::connection& connection);

  OutboxRelayOptions options_;
  WorkerThread worker_;
  std::atomic<int64_t> published_{0};
  std::atomic<int64_t> redis_failures_{0};
  std::chrono::steady_clock::time_point last_measured_;  // of the backlog (the relay's thread only)
  std::string unmarked_;  // ids published and not yet marked sent, "1,2,3" (the relay's thread only)
};

}  // namespace mailrun::service

// VersionAnnouncer: sends the announcements of committed moves (game_store.h AnnounceCommitted: the
// NOTIFYs that wake the version listeners of every replica and the outbox relay) from one thread
// of its own, so that a move's answer does not wait for a third round trip to PostgreSQL. While
// one announcement is on its way, the moves committed meanwhile queue up and go out together in
// the next statement (each game once), so under load the announcements cost a statement per
// batch instead of one per move.
//
// An announcement is a wake-up, not data: what a move wrote is in its committed rows, and the relay
// and the listeners also look on their own (the relay's poll interval, a listener's reconnect).
// One that fails is logged and dropped, as before. Before Start() and after Stop(), Announce()
// sends on the caller's thread. Stop() sends what is queued first.
// Thread-safety: Announce from any thread; Start/Stop from the owner.
#pragma once

#include <condition_variable>
#include <mutex>
#include <set>
#include <string>
#include <thread>

#include "services/common/connection_pool.h"

namespace mailrun::game {

class VersionAnnouncer {
 public:
  explicit VersionAnnouncer(mailrun::service::ConnectionPool& pool) : pool_(pool) {}
  ~VersionAnnouncer() { Stop(); }
  VersionAnnouncer(const VersionAnnouncer&) = delete;
  VersionAnnouncer& operator=(const VersionAnnouncer&) = delete;

  void Start();
  // Queues `game_id`'s announcement (and the relay's, with `outbox_rows`) and returns.
  void Announce(const std::string& game_id, bool outbox_rows);
  void Stop();

 private:
  void Run();
  void Send(const std::set<std::string>& game_ids, bool outbox_rows);

  mailrun::service::ConnectionPool& pool_;
  std::mutex mutex_;  // guards the members below
  std::condition_variable queued_;
  std::set<std::string> games_;
  bool outbox_rows_ = false;
  bool running_ = false;
  std::thread thread_;
};

}  // namespace mailrun::game

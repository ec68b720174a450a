// ReminderScheduler: "you still have a move to make". From each YourTurn with
// remind_after_seconds > 0 it remembers who is waiting in which game since when
// (reminder_waits). The wait ends when the game moves on: a YourTurn of the same game with a
// higher version (to anyone), or the game's GameFinished. When a wait is older than its interval,
// Tick() appends a Reminder event to the outbox (so it reaches inbox, streams and push like any
// other event, on every replica) and waits another interval: at most one reminder per interval.
//
// Limit: the game service announces only the players whose turn begins, never those whose turn
// ends, so a wait outlives a turn that ended without anyone else's beginning, until the next
// YourTurn of the game: a player who committed their bond while others still decide theirs
// (2.5.2.2, the only stage where several seats act at once), the other players while the player
// with the largest bond, who committed last, makes the first claim, and the next player after the
// previous one undid their move (the undoer is not announced, so is not reminded either). Such a
// player is reminded wrongly if that stretch outlasts the table's deadline. Ending these waits
// needs the game service to say whom it waits for after every change (tests/integration/
// notification/lobby_driven_test.cc checks the flow that works: one player to act at a time).
//
// Tick() takes `now` as an argument; the worker thread passes the injected clock's time, tests
// pass their own. Several schedulers (replicas) are safe: due waits are locked with SKIP LOCKED
// and reminder event ids are deterministic. Thread-safety: all methods may be called from any thread.
#pragma once

#include <chrono>

#include <pqxx/pqxx>

#include "mailrun/v1/events.pb.h"
#include "services/common/connection_pool.h"
#include "services/common/worker_thread.h"
#include "services/notification/clock.h"

namespace mailrun::notification {

class ReminderScheduler {
 public:
  // `pool` must outlive the scheduler.
  ReminderScheduler(service::ConnectionPool& pool, std::chrono::milliseconds check_interval, Clock clock);
  ~ReminderScheduler();
  ReminderScheduler(const ReminderScheduler&) = delete;
  ReminderScheduler& operator=(const ReminderScheduler&) = delete;

  // In the transaction that stores `event`: starts, replaces or ends waits. A wait starts at the
  // event's created_at (or `received` if the event has none).
  void Observe(pqxx::transaction_base& txn, const mailrun::v1::Event& event, TimePoint received);

  // Appends a Reminder to the outbox for every wait due at `now`; returns how many.
  int Tick(TimePoint now);

  void Start();
  void Stop();

 private:
  void Run();

  service::ConnectionPool& pool_;
  std::chrono::milliseconds check_interval_;
  Clock clock_;
  service::WorkerThread worker_;
};

}  // namespace mailrun::notification

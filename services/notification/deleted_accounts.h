// DeletedAccounts: the notification service's part of deleting an account (docs/operations.md
// "Deleting an account"), the last of the three. For each account_deletions row (migrations/0206)
// whose game part is done and whose notification part is not, in ONE transaction: the account's
// inbox, sequence counter, preferences, request log, reminder waits, push devices (tokens), email
// address, mails and mail items (0309) and
// push deliveries (with their attempts) are deleted; stored events and outbox rows that concern
// only the account are deleted, those that concern others too (a GameFinished, a BondReturned)
// keep their place with the account's id and name replaced by the placeholder's; and the
// account_deletions row itself is deleted, after which no table holds the account's id or name.
// Waiting for the game part first means no event naming the account can still be written.
//
// Idempotent (a crash before the commit redoes it all); several replicas share the work
// (FOR UPDATE SKIP LOCKED). Thread-safety: Start/Stop from the owner.
#pragma once

#include <chrono>

#include "services/common/connection_pool.h"
#include "services/common/worker_thread.h"

namespace mailrun::notification {

class DeletedAccounts {
 public:
  // `pool` must outlive this object.
  DeletedAccounts(service::ConnectionPool& pool, std::chrono::milliseconds poll_interval);
  ~DeletedAccounts();

  void Start();
  void Stop();

  // Does the part of every ready deletion; returns how many. Public for tests.
  int ForgetAccounts();

 private:
  service::ConnectionPool& pool_;
  const std::chrono::milliseconds poll_interval_;
  service::WorkerThread worker_;
};

}  // namespace mailrun::notification

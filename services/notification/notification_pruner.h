// The notification pruner: keeps the notification service's tables from growing for good
// (issue 47). On a schedule, in short batches, one replica at a time
// (services/common/batched_pruner.h), it deletes
//   - push deliveries finished (delivered, rejected, gave up, cancelled) more than
//     `deliveries_keep` ago, with their attempts (ON DELETE CASCADE);
//   - inbox entries stored more than `inbox_keep` ago (ListInbox and a stream's replay reach
//     back that far; a player's sequence numbers go on from where they were);
//   - events older than `inbox_keep` that no inbox entry and no delivery names any more;
//   - the answers kept for request ids (idempotent retries) older than `request_answers_keep`.
// Logged as "notification_pruned" with the rows per table.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "services/common/batched_pruner.h"

namespace mailrun::notification {

inline constexpr long long kNotificationPrunerLockKey = 1853048;

struct NotificationPrunerOptions {
  std::chrono::seconds interval{600};                              // MAILRUN_NOTIFY_PRUNE_SECONDS; 0: never
  std::chrono::hours inbox_keep{24 * 180};                         // MAILRUN_INBOX_KEEP_DAYS
  std::chrono::hours deliveries_keep{24 * 30};                     // MAILRUN_DELIVERIES_KEEP_DAYS
  std::chrono::hours request_answers_keep{24 * 30};                // MAILRUN_REQUEST_ANSWERS_KEEP_DAYS
};

// `session_database_url` reaches PostgreSQL itself (the pruner holds a session advisory lock).
std::unique_ptr<service::BatchedPruner> MakeNotificationPruner(std::string session_database_url,
                                                               const NotificationPrunerOptions& options);

}  // namespace mailrun::notification

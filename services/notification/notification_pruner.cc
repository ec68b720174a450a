#include "services/notification/notification_pruner.h"

#include <fmt/format.h>

namespace mailrun::notification {
namespace {

// "clock_timestamp() - <hours> hours", as SQL.
std::string Before(std::chrono::hours keep) {
  return fmt::format("clock_timestamp() - make_interval(hours => {})", keep.count());
}

}  // namespace

std::unique_ptr<service::BatchedPruner> MakeNotificationPruner(std::string session_database_url,
                                                               const NotificationPrunerOptions& options) {
  const std::vector<service::PruneStep> steps{
      {"deliveries",
       fmt::format("DELETE FROM push_deliveries WHERE id IN (SELECT id FROM push_deliveries"
                   " WHERE status <> 'pending' AND finished_at < {} LIMIT $1)",
                   Before(options.deliveries_keep))},
      {"inbox", fmt::format("DELETE FROM inbox WHERE (user_id, sequence) IN (SELECT user_id, sequence FROM inbox"
                            " WHERE stored_at < {} LIMIT $1)",
                            Before(options.inbox_keep))},
      {"events",
       fmt::format("DELETE FROM notification_events WHERE event_id IN (SELECT event_id FROM notification_events e"
                   " WHERE received_at < {} AND NOT EXISTS (SELECT 1 FROM inbox i WHERE i.event_id = e.event_id)"
                   " AND NOT EXISTS (SELECT 1 FROM push_deliveries d WHERE d.event_id = e.event_id) LIMIT $1)",
                   Before(options.inbox_keep))},
      {"request_answers",
       fmt::format("DELETE FROM notification_requests WHERE (user_id, request_id) IN (SELECT user_id, request_id"
                   " FROM notification_requests WHERE created_at < {} LIMIT $1)",
                   Before(options.request_answers_keep))},
  };
  service::BatchedPrunerOptions batching;
  batching.interval = options.interval;
  return std::make_unique<service::BatchedPruner>("notification", std::move(session_database_url),
                                                  kNotificationPrunerLockKey, steps, batching);
}

}  // namespace mailrun::notification

// EventConsumer: takes events off Redis ("mailrun.events") and makes them notifications.
//
// For each event, in ONE transaction: store it once (InboxStore; a repeated event_id is a no-op),
// record its pushes (PushSender::Enqueue) and its effect on reminders (ReminderScheduler); then,
// after the commit, wake the recipients' open streams (Fanout) and the push sender. Pushes and
// reminders run in savepoints: if one of them fails, the event is still stored and streamed.
//
// Pub/sub forgets what nobody heard, so after every (re)subscription the consumer catches up from
// the outbox table itself: every row not yet published plus every row published since shortly
// before the subscription was last known to work (catch_up_margin covers clock and detection
// delays; de-duplication makes the overlap harmless). At the first subscription of a process the
// reference point is the newest event this database has stored. Events are never lost while
// their outbox rows are kept (OutboxRelayOptions::retention).
// Thread-safety: Handle* may be called from any thread; Start/Stop from one.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <string>

#include "mailrun/v1/events.pb.h"
#include "services/common/connection_pool.h"
#include "services/common/redis.h"
#include "services/notification/clock.h"
#include "services/notification/fanout.h"
#include "services/notification/inbox_store.h"
#include "services/notification/push_sender.h"
#include "services/notification/reminder_scheduler.h"

namespace mailrun::notification {

struct EventConsumerOptions {
  std::string redis_url;
  std::string channel = "mailrun.events";
  std::chrono::milliseconds catch_up_margin{std::chrono::seconds(60)};
};

class EventConsumer {
 public:
  // Every reference must outlive the consumer. Throws std::invalid_argument for a bad Redis URL.
  EventConsumer(EventConsumerOptions options, service::ConnectionPool& pool, InboxStore& inbox, Fanout& fanout,
                PushSender& push, ReminderScheduler& reminders, Clock clock);
  ~EventConsumer();

  // One message from Redis (a serialized Event). Retries while the database is unreachable (until
  // Stop). Returns true if the event was new, false if it was seen before or is malformed.
  bool HandleMessage(const std::string& payload);
  bool HandleEvent(const mailrun::v1::Event& event);

  // Processes outbox rows unsent or published at or after `since_unix_ms` (database clock);
  // returns how many were new. Called after each subscription.
  int CatchUp(int64_t since_unix_ms);

  void Start();
  void Stop();
  bool subscribed() const { return subscriber_ && subscriber_->subscribed(); }
  int64_t events_stored() const { return stored_.load(); }

 private:
  void OnSubscribed(const service::RedisSubscriber::Resubscribed& info);

  EventConsumerOptions options_;
  service::ConnectionPool& pool_;
  InboxStore& inbox_;
  Fanout& fanout_;
  PushSender& push_;
  ReminderScheduler& reminders_;
  Clock clock_;
  std::unique_ptr<service::RedisSubscriber> subscriber_;
  std::atomic<bool> stop_{false};
  std::atomic<int64_t> stored_{0};
};

}  // namespace mailrun::notification

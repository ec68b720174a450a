// EventConsumer: takes events off Redis ("mailrun.events") and makes them notifications.
//
// Every replica of the service hears every event; one stores it. Each replica first claims the
// event in Redis (SET NX on "<channel>:claim:<event_id>"); the one that gets it stores it (below)
// and then announces it on "<channel>.stored" (its recipients), and every other replica rings its
// own streams of those users when the announcement comes, without touching the database. A
// replica that lost the claim and hears no announcement within claim_wait (the claimant died, or
// Redis dropped the announcement) handles the event itself, which the database de-duplicates; so
// does a replica that cannot reach Redis to claim.
//
// Order: each user's events get their sequence numbers in the order they were published, however
// the claims fall between replicas. Every replica hears the events in the same order; one that
// claimed an event stores it only after every earlier event for any of its recipients is stored
// (announced by its claimant, or handled here once its claim_wait passed). Events of other users
// do not wait. The subscriber's thread only claims and queues; one delivery thread stores.
//
// For each event, in ONE transaction (events claimed here and ready together, up to kStoredAtOnce,
// share one transaction and its commit): store it once (InboxStore; a repeated event_id is a no-op),
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
#include <condition_variable>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "mailrun/v1/events.pb.h"
#include "services/common/connection_pool.h"
#include "services/common/redis.h"
#include "services/notification/clock.h"
#include "services/notification/fanout.h"
#include "services/notification/inbox_store.h"
#include "services/notification/email_sender.h"
#include "services/notification/push_sender.h"
#include "services/notification/reminder_scheduler.h"

namespace mailrun::notification {

struct EventConsumerOptions {
  std::string redis_url;
  std::string channel = "mailrun.events";
  std::chrono::milliseconds catch_up_margin{std::chrono::seconds(60)};
  std::chrono::milliseconds claim_wait{std::chrono::seconds(5)};
};

class EventConsumer {
 public:
  static constexpr size_t kStoredAtOnce = 64;

  // Every reference must outlive the consumer. Throws std::invalid_argument for a bad Redis URL.
  EventConsumer(EventConsumerOptions options, service::ConnectionPool& pool, InboxStore& inbox, Fanout& fanout,
                PushSender& push, EmailSender& email, ReminderScheduler& reminders, Clock clock);
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
  // A published event: claimed, and queued to be stored here or awaited from its claimant.
  void OnPublished(const std::string& payload);
  // Another replica's announcement that it stored an event: rings this replica's streams.
  void OnAnnounced(const std::string& message);
  // The delivery thread: stores the queued events claimed here once nothing earlier for their
  // recipients is outstanding, and those whose claimant stayed silent for claim_wait.
  void Deliver();
  // Stores events claimed here (together) and tells the other replicas (the delivery thread only).
  void StoreAndAnnounce(const std::vector<mailrun::v1::Event>& events);
  // Stores `events` in one transaction; any failure: each alone through HandleEvent.
  void HandleEvents(const std::vector<mailrun::v1::Event>& events);
  // Logs and counts an event that cannot be stored (no id, recipients or kind).
  bool Malformed(const mailrun::v1::Event& event);
  // The event's inbox rows, pushes and reminders in `txn`; false if it was stored before.
  bool StoreIn(pqxx::work& txn, const mailrun::v1::Event& event, TimePoint now);
  // After the commit: wakes the recipients' streams (and the push sender), counts and logs.
  void Stored(const mailrun::v1::Event& event, bool fresh);
  void OnSubscribed(const service::RedisSubscriber::Resubscribed& info);

  EventConsumerOptions options_;
  service::ConnectionPool& pool_;
  InboxStore& inbox_;
  Fanout& fanout_;
  PushSender& push_;
  EmailSender& email_;
  ReminderScheduler& reminders_;
  Clock clock_;
  const std::string replica_;  // this process, in its announcements
  std::unique_ptr<service::RedisSubscriber> subscriber_;
  service::RedisPublisher redis_;      // claims (the subscriber's thread only)
  service::RedisPublisher announcer_;  // announcements (the delivery thread only)
  std::atomic<bool> stop_{false};
  std::atomic<int64_t> stored_{0};

  // Events heard and not yet stored here or announced by their claimant, in the order published.
  struct Pending {
    mailrun::v1::Event event;
    bool claimed_here = false;
    std::chrono::steady_clock::time_point deadline;  // claimed elsewhere: when to stop waiting
  };
  std::mutex pending_mutex_;
  std::condition_variable pending_changed_;
  std::list<Pending> pending_;
  std::thread delivery_;
};

}  // namespace mailrun::notification

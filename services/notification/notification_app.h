// NotificationApp: the whole notification service in one object, for main.cc and for tests that
// run it in-process: the database pool, the stores, the live-stream fanout, the event consumer
// (Redis subscriber with outbox catch-up), the players' presence across replicas, the push sender, the email sender, the reminder scheduler, an outbox
// relay (for the reminders this service announces itself), the worker that forgets deleted
// accounts (deleted_accounts.h), the pruner of old rows (notification_pruner.h) and the gRPC
// service.
//
// Lifecycle: construct (checks options, connects nothing), Start() (background workers),
// register service() with a gRPC server, CloseStreams() when the server begins to drain,
// Stop() after it stopped. Thread-safety: the getters are safe; Start/Stop from one thread.
#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "services/common/connection_pool.h"
#include "services/common/outbox_relay.h"
#include "services/common/session_revocations.h"
#include "services/notification/clock.h"
#include "services/notification/deleted_accounts.h"
#include "services/notification/email_sender.h"
#include "services/notification/event_consumer.h"
#include "services/notification/fanout.h"
#include "services/notification/inbox_store.h"
#include "services/notification/notification_pruner.h"
#include "services/notification/notification_service.h"
#include "services/notification/presence.h"
#include "services/notification/push_sender.h"
#include "services/notification/reminder_scheduler.h"
#include "services/notification/stream_pump.h"

namespace mailrun::notification {

struct NotificationOptions {
  std::string database_url;
  // PostgreSQL itself when database_url is a pooler (the relay's LISTEN and session lock); empty: database_url.
  std::string session_database_url;
  std::string redis_url;              // password included (service::RedisUrlOf)
  service::TokenVerifier token_verifier;  // the public keys that verify access tokens
  // The Redis channel of events: one per deployment, the same in every service (tests that share
  // one Redis give each database its own).
  std::string events_channel = "mailrun.events";
  int database_pool_size = 32;
  // Threads that read inboxes for Subscribe streams with something new (an idle stream uses none).
  int stream_pump_threads = 4;
  PushSenderOptions push;
  EmailOptions email;
  std::chrono::milliseconds reminder_check_interval{std::chrono::seconds(30)};
  std::chrono::milliseconds catch_up_margin{std::chrono::seconds(60)};
  // How long an event another replica claimed is awaited before this one stores it itself.
  std::chrono::milliseconds claim_wait{std::chrono::seconds(5)};
  bool run_outbox_relay = true;
  std::chrono::milliseconds relay_poll_interval{1000};
  std::chrono::milliseconds deleted_accounts_poll_interval{1000};
  NotificationPrunerOptions pruning;  // old deliveries, inbox entries, events, request answers
  Clock clock = SystemClock();
};

class NotificationApp {
 public:
  // Throws std::invalid_argument for malformed options (Redis URL, push endpoint, ...).
  explicit NotificationApp(NotificationOptions options);
  ~NotificationApp();
  NotificationApp(const NotificationApp&) = delete;
  NotificationApp& operator=(const NotificationApp&) = delete;

  void Start();
  // Ends every open Subscribe stream (with UNAVAILABLE, "reconnect"), so a draining server is
  // not held up by them.
  void CloseStreams() { fanout_.CloseAll(); }
  void Stop();

  grpc::Service* service() { return &service_; }
  service::ConnectionPool& pool() { return pool_; }
  InboxStore& inbox() { return inbox_; }
  Fanout& fanout() { return fanout_; }
  PushSender& push() { return push_; }
  EmailSender& email() { return email_; }
  ReminderScheduler& reminders() { return reminders_; }
  EventConsumer& consumer() { return consumer_; }

 private:
  NotificationOptions options_;
  service::ConnectionPool pool_;
  // Ended sessions, asked by the service's token verifier (after pool_, which it reads).
  std::shared_ptr<service::SessionRevocations> revocations_;
  InboxStore inbox_;
  Fanout fanout_;
  Presence presence_;  // the streams of every replica, for the email sender
  StreamPump pump_;
  PushSender push_;
  EmailSender email_;
  ReminderScheduler reminders_;
  EventConsumer consumer_;
  DeletedAccounts deleted_accounts_;
  std::unique_ptr<service::OutboxRelay> relay_;
  std::unique_ptr<service::BatchedPruner> pruner_;
  NotificationServiceImpl service_;
};

}  // namespace mailrun::notification

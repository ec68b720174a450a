// mailrun-notify: the notification service: your-turn events to streams, inbox and push.
#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <memory>

#include "services/common/config.h"
#include "services/common/database.h"
#include "services/common/logging.h"
#include "services/common/readiness.h"
#include "services/common/port_reservation.h"
#include "services/common/server.h"
#include "services/notification/notification_app.h"

int main(int argc, char** argv) {
  mailrun::service::BlockShutdownSignals();
  CLI::App app{"mailrun-notify: the notification service: your-turn events to streams, inbox and push"};
  mailrun::service::CommonConfig config;
  mailrun::notification::NotificationOptions options;
  mailrun::service::AddCommonOptions(app, config, "127.0.0.1:50153", options.database_pool_size);

  int push_initial_backoff_ms = 1000;
  int push_max_backoff_ms = 300000;
  int push_timeout_ms = 5000;
  int reminder_check_seconds = 30;
  int catch_up_margin_seconds = 60;
  app.add_option("--push-endpoint", options.push.endpoint,
                 "http(s):// URL of the Gorush push gateway's POST /api/push (docs/operations.md); empty: no pushes")
      ->envname("MAILRUN_PUSH_ENDPOINT");
  app.add_option("--push-apns-topic", options.push.apns_topic,
                 "the iOS app's bundle id, sent as each APNs push's topic (Gorush with a .p8 key needs it)")
      ->envname("MAILRUN_PUSH_APNS_TOPIC");
  app.add_option("--web-push-vapid-key-files", options.push.web_push.private_key_files,
                 "PEM files of VAPID private keys (P-256) for Web Push, comma-separated: the first signs new "
                 "subscriptions, the others keep older ones working through a rotation; none: no Web Push")
      ->envname("MAILRUN_WEB_PUSH_VAPID_KEY_FILES")
      ->delimiter(',');
  app.add_option("--web-push-subject", options.push.web_push.subject,
                 "the operator's contact (mailto: or https:) that push services see in every VAPID JWT")
      ->envname("MAILRUN_WEB_PUSH_SUBJECT")
      ->capture_default_str();
  app.add_option("--web-push-ttl-seconds", options.push.web_push.ttl_seconds,
                 "how long a push service holds a Web Push for a browser that is offline (RFC 8030 TTL)")
      ->envname("MAILRUN_WEB_PUSH_TTL_SECONDS")
      ->check(CLI::Range(0, 28 * 86400))
      ->capture_default_str();
  bool egress_allow_loopback = false;
  bool egress_allow_private = false;
  app.add_flag("--egress-allow-loopback", egress_allow_loopback,
               "let Web Push and webhook deliveries reach loopback addresses over http:// (tests, make run only)")
      ->envname("MAILRUN_EGRESS_ALLOW_LOOPBACK");
  app.add_flag("--egress-allow-private", egress_allow_private,
               "let Web Push and webhook deliveries reach private and link-local addresses (never on a shared cluster)")
      ->envname("MAILRUN_EGRESS_ALLOW_PRIVATE");
  app.add_option("--smtp-url", options.email.smtp.url,
                 "the SMTP relay for email, smtp://host:587 (STARTTLS when offered) or smtps://host:465; empty: no email")
      ->envname("MAILRUN_SMTP_URL");
  app.add_option("--smtp-username", options.email.smtp.username, "the relay's user name (AUTH); empty: none")
      ->envname("MAILRUN_SMTP_USERNAME");
  app.add_option("--smtp-password", options.email.smtp.password, "the relay's password (from the Secret; never logged)")
      ->envname("MAILRUN_SMTP_PASSWORD");
  app.add_option("--smtp-from", options.email.smtp.from, "the sender of every mail, e.g. \"Mailrun <turns@example.net>\"")
      ->envname("MAILRUN_SMTP_FROM")
      ->capture_default_str();
  app.add_flag("--smtp-require-tls", options.email.smtp.require_tls, "refuse a relay that does not offer STARTTLS")
      ->envname("MAILRUN_SMTP_REQUIRE_TLS");
  int email_min_interval_seconds = 60;
  app.add_option("--email-min-interval-seconds", email_min_interval_seconds,
                 "at most one mail per player this often; what comes meanwhile is gathered into the next")
      ->envname("MAILRUN_EMAIL_MIN_INTERVAL_SECONDS")
      ->check(CLI::Range(1, 86400))
      ->capture_default_str();
  app.add_option("--public-url", options.email.public_url,
                 "where players open the web client (https://...), for the links in mails")
      ->envname("MAILRUN_PUBLIC_URL")
      ->capture_default_str();
  app.add_option("--push-max-attempts", options.push.max_attempts, "attempts per push before giving up")
      ->envname("MAILRUN_PUSH_MAX_ATTEMPTS")
      ->check(CLI::Range(1, 100))
      ->capture_default_str();
  app.add_option("--push-initial-backoff-ms", push_initial_backoff_ms, "delay before the first retry of a push")
      ->envname("MAILRUN_PUSH_INITIAL_BACKOFF_MS")
      ->check(CLI::Range(1, 3600000))
      ->capture_default_str();
  app.add_option("--push-max-backoff-ms", push_max_backoff_ms, "longest delay between retries of a push")
      ->envname("MAILRUN_PUSH_MAX_BACKOFF_MS")
      ->check(CLI::Range(1, 86400000))
      ->capture_default_str();
  app.add_option("--push-timeout-ms", push_timeout_ms, "connect/read/write timeout of one push request")
      ->envname("MAILRUN_PUSH_TIMEOUT_MS")
      ->check(CLI::Range(1, 600000))
      ->capture_default_str();
  app.add_option("--reminder-check-interval-seconds", reminder_check_seconds,
                 "how often overdue turns are looked for (the deadlines themselves come from each table)")
      ->envname("MAILRUN_REMINDER_CHECK_INTERVAL_SECONDS")
      ->check(CLI::Range(1, 86400))
      ->capture_default_str();
  app.add_option("--catch-up-margin-seconds", catch_up_margin_seconds,
                 "after a Redis outage, re-read outbox events published this long before it began")
      ->envname("MAILRUN_CATCH_UP_MARGIN_SECONDS")
      ->check(CLI::Range(1, 86400))
      ->capture_default_str();
  int prune_seconds = 600, inbox_keep_days = 180, deliveries_keep_days = 30, request_answers_keep_days = 30;
  app.add_option("--prune-seconds", prune_seconds, "how often old rows are pruned (notification_pruner.h); 0: never")
      ->envname("MAILRUN_NOTIFY_PRUNE_SECONDS")
      ->check(CLI::Range(0, 86400))
      ->capture_default_str();
  // Longer than the outbox keeps sent rows (a week, outbox_relay.h): a catch-up never reads an
  // event again once its inbox entries and the event itself are gone.
  app.add_option("--inbox-keep-days", inbox_keep_days, "days an inbox entry (and its event) is kept")
      ->envname("MAILRUN_INBOX_KEEP_DAYS")
      ->check(CLI::Range(8, 36500))
      ->capture_default_str();
  app.add_option("--deliveries-keep-days", deliveries_keep_days, "days a finished push delivery and its attempts are kept")
      ->envname("MAILRUN_DELIVERIES_KEEP_DAYS")
      ->check(CLI::Range(1, 36500))
      ->capture_default_str();
  app.add_option("--request-answers-keep-days", request_answers_keep_days,
                 "days a request id's answer is kept for idempotent retries")
      ->envname("MAILRUN_REQUEST_ANSWERS_KEEP_DAYS")
      ->check(CLI::Range(1, 36500))
      ->capture_default_str();
  CLI11_PARSE(app, argc, argv);
  options.pruning.interval = std::chrono::seconds(prune_seconds);
  options.pruning.inbox_keep = std::chrono::hours(24 * inbox_keep_days);
  options.pruning.deliveries_keep = std::chrono::hours(24 * deliveries_keep_days);
  options.pruning.request_answers_keep = std::chrono::hours(24 * request_answers_keep_days);
  // Held until the servers bind them: a connection made meanwhile cannot take them (port_reservation.h).
  mailrun::service::PortReservation listen_ports({config.listen, config.metrics_listen});
  options.database_pool_size = config.database_pool_size;
  options.events_channel = config.events_channel;
  options.run_outbox_relay = config.run_outbox_relay;
  options.push.web_push.egress = {egress_allow_loopback, egress_allow_private};
  options.push.public_url = options.email.public_url;
  options.email.min_interval = std::chrono::seconds(email_min_interval_seconds);
  options.push.initial_backoff = std::chrono::milliseconds(push_initial_backoff_ms);
  options.push.max_backoff = std::chrono::milliseconds(std::max(push_max_backoff_ms, push_initial_backoff_ms));
  options.push.request_timeout = std::chrono::milliseconds(push_timeout_ms);
  options.reminder_check_interval = std::chrono::seconds(reminder_check_seconds);
  options.catch_up_margin = std::chrono::seconds(catch_up_margin_seconds);

  std::unique_ptr<mailrun::notification::NotificationApp> notifications;
  try {
    mailrun::service::InitLogging("mailrun-notify", config.log_level);
    if (auto code = mailrun::service::RunMigrateOnly(config, "mailrun-notify")) return *code;
    options.database_url = config.database_url;
    options.session_database_url = mailrun::service::SessionDatabaseUrl(config);
    options.redis_url = mailrun::service::RedisUrlOf(config);
    options.token_verifier = mailrun::service::LoadTokenVerifier(config);
    auto db = mailrun::service::PrepareDatabase(config, "mailrun-notify");
    notifications = std::make_unique<mailrun::notification::NotificationApp>(options);
  } catch (const std::exception& e) {
    spdlog::error("mailrun-notify cannot start: {}", e.what());
    return 1;
  }
  spdlog::info("email {}", options.email.smtp.url.empty() ? "disabled (no --smtp-url)" : "enabled");
  spdlog::info("push {}", options.push.endpoint.empty() ? "disabled (no --push-endpoint)" : "enabled");
  spdlog::info("web push {}", notifications->push().web_push_keys().enabled() ? "enabled"
                                                                             : "disabled (no --web-push-vapid-key-files)");
  notifications->Start();

  mailrun::service::ServerOptions server;
  server.name = "mailrun-notify";
  server.listen = config.listen;
  server.metrics_listen = config.metrics_listen;
  server.metrics_part = mailrun::service::metrics::Part::kNotify;
  server.shutdown_grace_seconds = config.shutdown_grace_seconds;
  // Streams stay open for hours: no maximum connection age here, or every stream would be cut.
  server.max_connection_age_seconds = 0;
  server.services = {notifications->service()};
  mailrun::service::DatabaseReadiness database(config.database_url);
  server.ready = [&database] { return database.Check(); };
  server.ready_services = {mailrun::v1::NotificationService::service_full_name()};
  server.on_draining = [&] { notifications->CloseStreams(); };
  server.on_shutdown = [&] { notifications->Stop(); };
  server.reservation = &listen_ports;
  return mailrun::service::RunServer(server);
}

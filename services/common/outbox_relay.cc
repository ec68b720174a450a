#include "services/common/outbox_relay.h"

#include <spdlog/spdlog.h>

#include <pqxx/pqxx>
#include <stdexcept>

#include "services/common/backoff.h"
#include "services/common/event_log.h"
#include "services/common/json_log.h"
#include "services/common/metrics.h"
#include "services/common/outbox.h"
#include "services/common/redis.h"

namespace mailrun::service {

// Remembers that the outbox trigger signalled (LISTEN mailrun_outbox) on the relay's connection.
class OutboxRelay::Wakeup final : public pqxx::notification_receiver {
 public:
  explicit Wakeup(pqxx::connection& connection) : pqxx::notification_receiver(connection, kOutboxNotifyChannel) {}
  void operator()(const std::string&, int) override { signalled = true; }
  bool signalled = false;
};

OutboxRelay::OutboxRelay(OutboxRelayOptions options) : options_(std::move(options)) {
  ParseRedisUrl(options_.redis_url);  // fail early on a malformed URL
  if (options_.batch_size <= 0) throw std::invalid_argument("outbox relay batch size must be positive");
}

OutboxRelay::~OutboxRelay() { Stop(); }

void OutboxRelay::Start() {
  worker_.Start([this] { Run(); });
}

void OutboxRelay::Stop() { worker_.Stop(); }

int OutboxRelay::PublishBatch(pqxx::connection& connection, RedisPublisher& publisher) {
  pqxx::work txn(connection);
  // One relay publishes at a time, so events leave in id order whichever process runs the relay.
  // A relay that finds the lock taken leaves the rows to the holder (which LISTENs too).
  if (!txn.exec1("SELECT pg_try_advisory_xact_lock(" + std::to_string(kOutboxRelayLockKey) + ")")[0].as<bool>()) {
    // Another relay publishes; count now and then, so this process's gauges do not go stale.
    if (std::chrono::steady_clock::now() - last_measured_ >= options_.poll_interval) MeasureBacklog(txn);
    txn.commit();
    return 0;
  }
  const pqxx::result rows = txn.exec_params(
      "SELECT id, payload FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED",
      options_.batch_size);
  std::string ids;
  int sent = 0;
  bool failed = false;
  for (const auto& row : rows) {
    const pqxx::binarystring payload(row[1]);
    std::string error;
    mailrun::v1::Event event;
    event.ParseFromString(payload.str());
    const LogScope scope = EventLogScope(event);
    nlohmann::json fields = EventLogFields(event);
    fields["outbox_id"] = row[0].as<int64_t>();
    if (!publisher.Publish(options_.channel, payload.str(), &error)) {
      ++redis_failures_;
      metrics::OutboxPublishFailed();
      fields["error"] = error;
      fields["waiting"] = rows.size() - sent;
      LogEvent(spdlog::level::warn, "outbox_publish_failed", fields);
      failed = true;
      break;
    }
    LogEvent(spdlog::level::info, "outbox_published", fields);
    if (!ids.empty()) ids.push_back(',');
    ids.append(row[0].c_str());
    ++sent;
  }
  if (sent > 0) {
    txn.exec("UPDATE outbox SET sent_at = clock_timestamp() WHERE id = ANY('{" + ids + "}'::bigint[])");
  }
  if (!failed && static_cast<int>(rows.size()) < options_.batch_size) {
    // Every unsent row this transaction could see is published now (it holds the lock, so no
    // other relay has rows locked): nothing waits, and no query needs to say so.
    metrics::OutboxBacklog(0, 0);
    last_measured_ = std::chrono::steady_clock::now();
  } else {
    MeasureBacklog(txn);
  }
  txn.commit();
  published_ += sent;
  metrics::OutboxPublished(sent);
  return failed ? -1 : sent;
}

void OutboxRelay::MeasureBacklog(pqxx::work& txn) {
  // Rows this transaction just marked sent count as sent; rows of uncommitted writers not yet.
  const pqxx::row backlog = txn.exec1(
      "SELECT count(*), coalesce(extract(epoch FROM clock_timestamp() - min(created_at)), 0)::float8 "
      "FROM outbox WHERE sent_at IS NULL");
  metrics::OutboxBacklog(backlog[0].as<int64_t>(), backlog[1].as<double>());
  last_measured_ = std::chrono::steady_clock::now();
}

void OutboxRelay::Prune(pqxx::connection& connection) {
  pqxx::work txn(connection);
  const auto hours = std::to_string(options_.retention.count());
  const pqxx::result deleted =
      txn.exec("DELETE FROM outbox WHERE sent_at < clock_timestamp() - interval '" + hours + " hours'");
  txn.commit();
  if (deleted.affected_rows() > 0) spdlog::info("outbox relay: pruned {} sent row(s)", deleted.affected_rows());
}

void OutboxRelay::Run() {
  ExponentialBackoff backoff(options_.min_backoff, options_.max_backoff);
  RedisPublisher publisher(ParseRedisUrl(options_.redis_url), options_.redis_timeout);
  std::unique_ptr<pqxx::connection> connection;
  std::unique_ptr<Wakeup> wakeup;
  auto next_prune = std::chrono::steady_clock::now();
  while (!worker_.stopping()) {
    try {
      if (!connection) {
        connection = std::make_unique<pqxx::connection>(options_.database_url);
        wakeup = std::make_unique<Wakeup>(*connection);
      }
      wakeup->signalled = false;
      const int sent = PublishBatch(*connection, publisher);
      if (sent < 0) {
        worker_.WaitFor(backoff.Next());
        continue;
      }
      backoff.Reset();
      if (sent == options_.batch_size) continue;  // more rows may be waiting
      if (std::chrono::steady_clock::now() >= next_prune) {
        Prune(*connection);
        next_prune = std::chrono::steady_clock::now() + std::chrono::hours(1);
      }
      // Wait for the trigger's NOTIFY (or the poll interval), in short slices so Stop is quick.
      const auto deadline = std::chrono::steady_clock::now() + options_.poll_interval;
      while (!worker_.stopping() && !wakeup->signalled && std::chrono::steady_clock::now() < deadline) {
        connection->await_notification(0, 100000);
      }
    } catch (const pqxx::broken_connection& e) {
      spdlog::warn("outbox relay: PostgreSQL connection lost: {}", e.what());
      wakeup.reset();
      connection.reset();
      worker_.WaitFor(backoff.Next());
    } catch (const std::exception& e) {
      spdlog::error("outbox relay: {}", e.what());
      worker_.WaitFor(backoff.Next());
    }
  }
}

}  // namespace mailrun::service

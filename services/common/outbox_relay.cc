#include "services/common/outbox_relay.h"

#include <spdlog/spdlog.h>

#include <pqxx/pqxx>
#include <stdexcept>

#include "services/common/backoff.h"
#include "services/common/event_log.h"
#include "services/common/json_log.h"
#include "services/common/metrics.h"
#include "services/common/outbox.h"
#include "services/common/prepared.h"
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

bool OutboxRelay::TryToLead(pqxx::connection& connection) {
  pqxx::nontransaction txn(connection);
  return txn.exec1("SELECT pg_try_advisory_lock(" + std::to_string(kOutboxRelayLockKey) + ")")[0].as<bool>();
}

void OutboxRelay::StopLeading(pqxx::connection& connection) {
  pqxx::nontransaction txn(connection);
  txn.exec("SELECT pg_advisory_unlock(" + std::to_string(kOutboxRelayLockKey) + ")");
}

int OutboxRelay::PublishBatch(pqxx::connection& connection, RedisPublisher& publisher) {
  // The leader alone publishes: the rows need no lock, and the statements no transaction.
  std::string ids;
  int sent = 0;
  bool failed = false;
  size_t read = 0;
  {
    // One statement: the rows the last batch published are marked sent (folded in here, so a
    // wake-up costs one statement and one commit, not two) and the next unsent rows read. The
    // read's snapshot is the statement's, before its own update: the rows being marked are left
    // out by id. (The nontransaction ends with this block: MeasureBacklog below opens its own.)
    pqxx::nontransaction txn(connection);
    const pqxx::result rows = ExecPrepared(
        txn, "outbox_mark_and_read",
        "WITH marked AS (UPDATE outbox SET sent_at = clock_timestamp() WHERE id = ANY($1::bigint[]))"
        " SELECT id, payload FROM outbox WHERE sent_at IS NULL AND id <> ALL($1::bigint[]) ORDER BY id LIMIT $2",
        "{" + unmarked_ + "}", options_.batch_size);
    unmarked_.clear();
    read = rows.size();
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
  }
  unmarked_ = ids;  // marked by the next batch's statement (or MarkPublished)
  if (!failed && static_cast<int>(read) < options_.batch_size) {
    // Every unsent row the read could see is published now (no other relay publishes): nothing
    // waits, and no query needs to say so.
    metrics::OutboxBacklog(0, 0);
    last_measured_ = std::chrono::steady_clock::now();
  } else {
    MeasureBacklog(connection);
  }
  published_ += sent;
  metrics::OutboxPublished(sent);
  return failed ? -1 : sent;
}

void OutboxRelay::MarkPublished(pqxx::connection& connection) {
  if (unmarked_.empty()) return;
  pqxx::nontransaction txn(connection);
  ExecPrepared(txn, "outbox_mark_sent", "UPDATE outbox SET sent_at = clock_timestamp() WHERE id = ANY($1::bigint[])",
               "{" + unmarked_ + "}");
  unmarked_.clear();
}

void OutboxRelay::MeasureBacklog(pqxx::connection& connection) {
  pqxx::nontransaction txn(connection);
  const pqxx::row backlog = txn.exec1(
      "SELECT count(*), coalesce(extract(epoch FROM clock_timestamp() - min(created_at)), 0)::float8 "
      "FROM outbox WHERE sent_at IS NULL");
  metrics::OutboxBacklog(backlog[0].as<int64_t>(), backlog[1].as<double>());
  last_measured_ = std::chrono::steady_clock::now();
}

void OutboxRelay::Prune(pqxx::connection& connection) {
  // In batches, each a statement of its own, oldest first (the sent_at index): a week of rows
  // deleted at once would hold the relay, and fill the log, for as long as it took.
  int64_t deleted = 0;
  while (!worker_.stopping()) {
    pqxx::nontransaction txn(connection);
    const pqxx::result batch = ExecPrepared(
        txn, "outbox_prune",
        "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE sent_at < clock_timestamp() - make_interval(hours => $1)"
        " ORDER BY sent_at LIMIT $2)",
        static_cast<int>(options_.retention.count()), options_.prune_batch);
    deleted += batch.affected_rows();
    if (static_cast<int>(batch.affected_rows()) < options_.prune_batch) break;
  }
  if (deleted > 0) spdlog::info("outbox relay: pruned {} sent row(s)", deleted);
}

void OutboxRelay::Run() {
  ExponentialBackoff backoff(options_.min_backoff, options_.max_backoff);
  RedisPublisher publisher(ParseRedisUrl(options_.redis_url), options_.redis_timeout);
  std::unique_ptr<pqxx::connection> connection;
  std::unique_ptr<Wakeup> wakeup;  // LISTENing: while this relay leads
  auto next_prune = std::chrono::steady_clock::now();
  while (!worker_.stopping()) {
    try {
      if (!connection) {
        connection = std::make_unique<pqxx::connection>(options_.database_url);
        // All this connection writes is that rows were published (and the pruning of old ones):
        // lost in a crash, those rows are published again, and consumers drop what they have
        // seen (at-least-once, by event_id). So its commits do not wait for the log's flush that
        // the moves' commits wait for (docs/operations.md, under the table of processes).
        connection->set_variable("synchronous_commit", "off");
      }
      if (!wakeup) {
        if (!TryToLead(*connection)) {
          // Another relay publishes; count now and then, so this process's gauges do not go stale.
          MeasureBacklog(*connection);
          worker_.WaitFor(options_.poll_interval);
          continue;
        }
        wakeup = std::make_unique<Wakeup>(*connection);  // LISTEN before the first read: no wake-up is missed
      }
      wakeup->signalled = false;
      const int sent = PublishBatch(*connection, publisher);
      if (sent < 0) {
        // Redis refused this relay: let another one try while this one backs off.
        MarkPublished(*connection);
        wakeup.reset();
        StopLeading(*connection);
        worker_.WaitFor(backoff.Next());
        continue;
      }
      backoff.Reset();
      if (sent == options_.batch_size) continue;  // more rows may be waiting
      if (std::chrono::steady_clock::now() >= next_prune) {
        MarkPublished(*connection);
        Prune(*connection);
        next_prune = std::chrono::steady_clock::now() + std::chrono::hours(1);
      }
      // Wait for a NOTIFY (or the poll interval), in short slices so Stop is quick. The rows just
      // published are marked by the next batch's read when a NOTIFY comes within mark_delay (under
      // load), else by a statement of their own then (an idle outbox is all marked soon).
      const auto waited = std::chrono::steady_clock::now();
      const auto deadline = waited + options_.poll_interval;
      while (!worker_.stopping() && !wakeup->signalled && std::chrono::steady_clock::now() < deadline) {
        if (!unmarked_.empty() && std::chrono::steady_clock::now() >= waited + options_.mark_delay) {
          MarkPublished(*connection);
        }
        connection->await_notification(0, unmarked_.empty() ? 100000 : 10000);
      }
    } catch (const pqxx::broken_connection& e) {
      spdlog::warn("outbox relay: PostgreSQL connection lost: {}", e.what());
      unmarked_.clear();  // the next leader publishes them again (at least once)
      wakeup.reset();
      connection.reset();  // and with it the lead
      worker_.WaitFor(backoff.Next());
    } catch (const std::exception& e) {
      spdlog::error("outbox relay: {}", e.what());
      // Start over on a new connection: whatever state this one is in, the lead goes with it.
      unmarked_.clear();
      wakeup.reset();
      connection.reset();
      worker_.WaitFor(backoff.Next());
    }
  }
  if (connection) {
    try {
      MarkPublished(*connection);  // so that the next leader does not publish them again
    } catch (const std::exception& e) {
      spdlog::warn("outbox relay: published rows left unmarked at stop: {}", e.what());
    }
  }
}

}  // namespace mailrun::service

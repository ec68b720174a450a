#include "services/common/metrics.h"

#include <prometheus/counter.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>

#include <string>

namespace mailrun::service::metrics {
namespace {

using prometheus::BuildCounter;
using prometheus::BuildGauge;
using prometheus::BuildHistogram;
using prometheus::Counter;
using prometheus::Family;
using prometheus::Gauge;
using prometheus::Histogram;

// Help texts hold no backslash and no line break: prometheus-cpp 1.0 writes them unescaped.
struct All {
  // One registry per part; each service serves the common one and its own (metrics_endpoint.h).
  std::shared_ptr<prometheus::Registry> common = std::make_shared<prometheus::Registry>();
  std::shared_ptr<prometheus::Registry> game = std::make_shared<prometheus::Registry>();
  std::shared_ptr<prometheus::Registry> lobby = std::make_shared<prometheus::Registry>();
  std::shared_ptr<prometheus::Registry> notify = std::make_shared<prometheus::Registry>();

  Family<Gauge>& build_info = BuildGauge()
      .Name("mailrun_build_info").Help("Always 1; the labels say which service and version this is.")
      .Register(*common);

  Family<Counter>& rpc_requests = BuildCounter()
      .Name("mailrun_rpc_requests_total").Help("gRPC calls handled, by method and status code.")
      .Register(*common);
  Family<Histogram>& rpc_seconds = BuildHistogram()
      .Name("mailrun_rpc_duration_seconds")
      .Help("Time to handle a unary gRPC call, from its arrival to its status, by method and status code.")
      .Register(*common);
  const Histogram::BucketBoundaries rpc_buckets{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1,
                                                0.25,  0.5,    1,     2.5,  5,     10};

  Family<Gauge>& pool_max = BuildGauge()
      .Name("mailrun_db_pool_max_connections").Help("PostgreSQL connections the pool may open at most.")
      .Register(*common);
  Gauge& pool_max_value = pool_max.Add({});
  Family<Gauge>& pool_open = BuildGauge()
      .Name("mailrun_db_pool_open_connections").Help("PostgreSQL connections the pool holds open (idle or in use).")
      .Register(*common);
  Gauge& pool_open_value = pool_open.Add({});
  Family<Gauge>& pool_in_use = BuildGauge()
      .Name("mailrun_db_pool_connections_in_use").Help("PostgreSQL connections leased to a request or worker now.")
      .Register(*common);
  Gauge& pool_in_use_value = pool_in_use.Add({});
  Family<Histogram>& pool_wait = BuildHistogram()
      .Name("mailrun_db_pool_wait_seconds").Help("Time a caller waited for a connection from the pool.")
      .Register(*common);
  Histogram& pool_wait_value =
      pool_wait.Add({}, Histogram::BucketBoundaries{0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5, 10});
  Family<Counter>& pool_timeouts = BuildCounter()
      .Name("mailrun_db_pool_acquire_timeouts_total")
      .Help("Callers that got no connection within the acquire timeout (answered UNAVAILABLE).")
      .Register(*common);
  Counter& pool_timeouts_value = pool_timeouts.Add({});
  Family<Counter>& transaction_retries = BuildCounter()
      .Name("mailrun_db_transaction_retries_total")
      .Help("Transactions run again after a deadlock, a serialization failure or a unique violation.")
      .Register(*common);
  Counter& transaction_retries_value = transaction_retries.Add({});

  Family<Counter>& moves = BuildCounter()
      .Name("mailrun_moves_committed_total").Help("Moves committed (each adds one version to a game), by kind: action or undo.")
      .Register(*game);
  Family<Counter>& conflicts = BuildCounter()
      .Name("mailrun_move_conflicts_total")
      .Help("Moves refused with ABORTED because the game was no longer at the expected version (optimistic concurrency).")
      .Register(*game);
  Counter& conflicts_value = conflicts.Add({});
  Family<Counter>& cache_lookups = BuildCounter()
      .Name("mailrun_game_cache_lookups_total").Help("Lookups of a game at a version in the game cache, by result: hit or miss.")
      .Register(*game);
  Counter& cache_hits = cache_lookups.Add({{"result", "hit"}});
  Counter& cache_misses = cache_lookups.Add({{"result", "miss"}});
  Family<Gauge>& cache_size = BuildGauge()
      .Name("mailrun_game_cache_games").Help("Games held in the game cache.")
      .Register(*game);
  Gauge& cache_size_value = cache_size.Add({});
  Family<Histogram>& replays = BuildHistogram()
      .Name("mailrun_game_replay_rows")
      .Help("Log rows replayed to rebuild a game from the database (after the snapshot it started from).")
      .Register(*game);
  Histogram& replays_value =
      replays.Add({}, Histogram::BucketBoundaries{0, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000});

  Family<Gauge>& outbox_backlog = BuildGauge()
      .Name("mailrun_outbox_backlog").Help("Outbox rows not yet published to Redis, as the outbox relay last counted them.")
      .Register(*common);
  Gauge& outbox_backlog_value = outbox_backlog.Add({});
  Family<Gauge>& outbox_age = BuildGauge()
      .Name("mailrun_outbox_oldest_unsent_age_seconds")
      .Help("Age of the oldest outbox row not yet published (0 when none waits), as the relay last saw it.")
      .Register(*common);
  Gauge& outbox_age_value = outbox_age.Add({});
  Family<Counter>& outbox_published = BuildCounter()
      .Name("mailrun_outbox_events_published_total").Help("Outbox events this process published to Redis.")
      .Register(*common);
  Counter& outbox_published_value = outbox_published.Add({});
  Family<Counter>& outbox_failures = BuildCounter()
      .Name("mailrun_outbox_publish_failures_total").Help("Failed attempts to publish an outbox event to Redis.")
      .Register(*common);
  Counter& outbox_failures_value = outbox_failures.Add({});

  Family<Counter>& consumed = BuildCounter()
      .Name("mailrun_events_consumed_total").Help("Events taken off the Redis events channel, by outcome.")
      .Register(*common);

  Family<Gauge>& streams = BuildGauge()
      .Name("mailrun_notify_open_streams").Help("Open Subscribe streams on this process.")
      .Register(*notify);
  Gauge& streams_value = streams.Add({});
  Family<Counter>& streamed = BuildCounter()
      .Name("mailrun_notifications_streamed_total").Help("Notifications written to open Subscribe streams.")
      .Register(*notify);
  Counter& streamed_value = streamed.Add({});
  Family<Counter>& pushes = BuildCounter()
      .Name("mailrun_push_attempts_total")
      .Help("Push deliveries attempted, by outcome: delivered, retry, rejected, gave_up, cancelled.")
      .Register(*notify);
  Family<Counter>& deliveries = BuildCounter()
      .Name("mailrun_deliveries_total")
      .Help("Deliveries outside the app attempted, by channel (push, web_push, email, webhook) and outcome.")
      .Register(*notify);
  Family<Gauge>& reminders_due = BuildGauge()
      .Name("mailrun_reminders_due").Help("Turn reminders that were due at the last check.")
      .Register(*notify);
  Gauge& reminders_due_value = reminders_due.Add({});
  Family<Counter>& reminders_sent = BuildCounter()
      .Name("mailrun_reminders_sent_total").Help("Turn reminders appended to the outbox.")
      .Register(*notify);
  Counter& reminders_sent_value = reminders_sent.Add({});

  Family<Counter>& logins = BuildCounter()
      .Name("mailrun_login_attempts_total").Help("Login calls.")
      .Register(*lobby);
  Counter& logins_value = logins.Add({});
  Family<Counter>& login_refusals = BuildCounter()
      .Name("mailrun_login_refusals_total").Help("Login calls refused, by status code.")
      .Register(*lobby);
};

All& all() {
  static All* metrics = new All();  // never destroyed: worker threads may report until exit
  return *metrics;
}

std::string S(std::string_view text) { return std::string(text); }

}  // namespace

std::shared_ptr<prometheus::Registry> Registry(Part part) {
  switch (part) {
    case Part::kGame:
      return all().game;
    case Part::kLobby:
      return all().lobby;
    case Part::kNotify:
      return all().notify;
    case Part::kCommon:
      break;
  }
  return all().common;
}

void SetBuildInfo(std::string_view service, std::string_view version) {
  all().build_info.Add({{"service", S(service)}, {"version", S(version)}}).Set(1);
}

void RpcHandled(std::string_view method, std::string_view code, double seconds) {
  auto& m = all();
  const prometheus::Labels labels{{"method", S(method)}, {"code", S(code)}};
  m.rpc_requests.Add(labels).Increment();
  if (seconds >= 0) m.rpc_seconds.Add(labels, m.rpc_buckets).Observe(seconds);
}

void PoolCapacity(int connections) { all().pool_max_value.Increment(connections); }
void PoolConnectionOpened() { all().pool_open_value.Increment(); }
void PoolConnectionClosed() { all().pool_open_value.Decrement(); }
void PoolLeased(double wait_seconds) {
  all().pool_in_use_value.Increment();
  all().pool_wait_value.Observe(wait_seconds);
}
void PoolReturned() { all().pool_in_use_value.Decrement(); }
void PoolAcquireTimedOut() { all().pool_timeouts_value.Increment(); }
void TransactionRetried() { all().transaction_retries_value.Increment(); }

void MoveCommitted(std::string_view kind) { all().moves.Add({{"kind", S(kind)}}).Increment(); }
void MoveConflict() { all().conflicts_value.Increment(); }
void GameCacheLookup(bool hit) { (hit ? all().cache_hits : all().cache_misses).Increment(); }
void GameCacheSize(int64_t games) { all().cache_size_value.Set(static_cast<double>(games)); }
void GameReplayed(int64_t rows) { all().replays_value.Observe(static_cast<double>(rows)); }

void OutboxBacklog(int64_t rows, double oldest_age_seconds) {
  all().outbox_backlog_value.Set(static_cast<double>(rows));
  all().outbox_age_value.Set(oldest_age_seconds);
}
void OutboxPublished(int64_t events) { all().outbox_published_value.Increment(static_cast<double>(events)); }
void OutboxPublishFailed() { all().outbox_failures_value.Increment(); }

void EventConsumed(std::string_view outcome) { all().consumed.Add({{"outcome", S(outcome)}}).Increment(); }

void StreamOpened() { all().streams_value.Increment(); }
void StreamClosed() { all().streams_value.Decrement(); }
void NotificationStreamed() { all().streamed_value.Increment(); }
void PushAttempted(std::string_view outcome) { all().pushes.Add({{"outcome", S(outcome)}}).Increment(); }
void DeliveryAttempted(std::string_view channel, std::string_view outcome) {
  all().deliveries.Add({{"channel", S(channel)}, {"outcome", S(outcome)}}).Increment();
}
void RemindersDue(int64_t waits) { all().reminders_due_value.Set(static_cast<double>(waits)); }
void RemindersSent(int64_t reminders) { all().reminders_sent_value.Increment(static_cast<double>(reminders)); }

void LoginAttempted(std::string_view code) {
  all().logins_value.Increment();
  if (code != "OK") all().login_refusals.Add({{"code", S(code)}}).Increment();
}

}  // namespace mailrun::service::metrics

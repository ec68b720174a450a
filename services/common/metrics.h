// The services' Prometheus metrics, all of them defined in one place (metrics.cc: names, help
// texts, labels, buckets) on one process-wide registry, with prometheus-cpp (Debian's
// prometheus-cpp-dev). Call sites report what happened through the functions below and never see
// the library; metrics_endpoint.h serves the registry over HTTP. docs/operations.md says what
// each metric means; a test checks that every metric served is described there.
//
// Thread-safe: every function may be called from any thread.
#pragma once

#include <cstdint>
#include <memory>
#include <string_view>

namespace prometheus {
class Registry;
}

namespace mailrun::service::metrics {

// The metrics of every service (RPCs, database pool, outbox, events consumed) and those of each
// service alone: a service serves kCommon and its own part, so none shows another's metrics.
enum class Part { kCommon, kGame, kLobby, kNotify };
std::shared_ptr<prometheus::Registry> Registry(Part part);

// mailrun_build_info{service, version} = 1.
void SetBuildInfo(std::string_view service, std::string_view version);

// Every gRPC call, by method and status code name ("OK", "ABORTED", ...); `seconds` feeds the
// latency histogram for unary calls only (a stream's lifetime is no latency): pass < 0 for streams.
void RpcHandled(std::string_view method, std::string_view code, double seconds);

// The database pool (connection_pool.h) and transactions (transaction.h).
void PoolCapacity(int connections);
void PoolConnectionOpened();
void PoolConnectionClosed();
void PoolLeased(double wait_seconds);
void PoolReturned();
void PoolAcquireTimedOut();
void TransactionRetried();

// Moves (the game service): `kind` is "action" or "undo"; each adds one version to a game.
void MoveCommitted(std::string_view kind);
// A move refused with ABORTED because the game's version was not the expected one.
void MoveConflict();
void GameCacheLookup(bool hit);
void GameCacheSize(int64_t games);
// A game rebuilt from the database: the log rows replayed after the snapshot it started from.
void GameReplayed(int64_t rows);

// The outbox (outbox_relay.h): unsent rows and the age of the oldest, as the relay last saw them.
void OutboxBacklog(int64_t rows, double oldest_age_seconds);
void OutboxPublished(int64_t events);
void OutboxPublishFailed();

// Events taken off Redis by a consumer: outcome "stored", "duplicate", "dropped", "failed"
// (notification service) or "recorded", "ignored", "failed" (lobby).
void EventConsumed(std::string_view outcome);

// The notification service.
void StreamOpened();
void StreamClosed();
void NotificationStreamed();
// outcome: "delivered", "retry", "rejected", "gave_up", "cancelled".
void PushAttempted(std::string_view outcome);
// One delivery attempt outside the app: channel push (Gorush), web_push, email or webhook.
void DeliveryAttempted(std::string_view channel, std::string_view outcome);
void RemindersDue(int64_t waits);
void RemindersSent(int64_t reminders);

// The lobby: every Login, with its status code name ("OK" or the refusal's code).
void LoginAttempted(std::string_view code);

}  // namespace mailrun::service::metrics

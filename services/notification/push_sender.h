// PushSender: delivers notifications to phones (and chat webhooks) through one configurable HTTP
// endpoint, a push gateway that speaks APNs/FCM or a chat webhook.
//
// Enqueue() runs in the transaction that stores an event: for each recipient device it records
// one pending delivery (unique per event and device, so a repeated event never pushes twice),
// unless the user muted that kind; in the user's quiet hours the delivery is due when they end.
// A worker thread POSTs each due delivery as JSON and records every attempt (push_attempts):
//   2xx                                      -> delivered
//   408, 429, 5xx, timeout, connection error -> retried after initial_backoff * 2^(attempt-1)
//                                               (capped), until max_attempts, then gave_up
//   any other status                         -> rejected at once (a permanent failure)
// Deliveries are rows, so a restart loses none; each is locked while in flight (FOR UPDATE SKIP
// LOCKED), so several senders never send one twice. The one window left (the endpoint took it,
// the process died before the commit) is covered by the Idempotency-Key header
// "<event_id>/<delivery_id>" for the gateway to de-duplicate.
// Thread-safety: Start/Stop/Wake/RunDue may be called from any thread; Enqueue is stateless.
#pragma once

#include <chrono>
#include <memory>
#include <mutex>
#include <string>

#include <pqxx/pqxx>

#include "mailrun/v1/events.pb.h"
#include "services/common/connection_pool.h"
#include "services/common/worker_thread.h"
#include "services/notification/clock.h"

namespace httplib {
class Client;
}

namespace mailrun::notification {

struct PushSenderOptions {
  std::string endpoint;  // http(s)://host[:port][/path]; empty: push is off (nothing is enqueued)
  int max_attempts = 8;
  std::chrono::milliseconds initial_backoff{1000};
  std::chrono::milliseconds max_backoff{std::chrono::minutes(5)};
  std::chrono::milliseconds request_timeout{5000};
  std::chrono::milliseconds poll_interval{1000};  // how often due deliveries are looked for
};

// The endpoint split for the HTTP client: "http://host:port" and "/path". https:// verifies the
// server's certificate against the system's CA store.
struct PushEndpoint {
  std::string origin;
  std::string path;
};
// Throws std::invalid_argument naming the problem.
PushEndpoint ParsePushEndpoint(const std::string& url);

enum class PushOutcome { kDelivered, kRetry, kPermanent };
// `http_status` 0 means no HTTP answer (connection refused, timeout).
PushOutcome ClassifyPushResponse(int http_status);

// The JSON body POSTed for one delivery.
struct PushMessage {
  int64_t delivery_id = 0;
  std::string event_id;
  std::string kind;
  std::string user_id;
  std::string platform;
  std::string device_token;
  std::string title;
  std::string text;
  std::string game_id;
};
std::string PushBody(const PushMessage& message);

class PushSender {
 public:
  // `pool` must outlive the sender. Throws std::invalid_argument for a malformed endpoint.
  PushSender(service::ConnectionPool& pool, PushSenderOptions options, Clock clock);
  ~PushSender();
  PushSender(const PushSender&) = delete;
  PushSender& operator=(const PushSender&) = delete;

  bool enabled() const { return !options_.endpoint.empty(); }

  // In the caller's transaction; returns the deliveries created (0 when push is off).
  int Enqueue(pqxx::transaction_base& txn, const mailrun::v1::Event& event, TimePoint now);

  void Start();
  void Stop();
  void Wake();  // new deliveries may be due

  // Makes one attempt at every delivery due at `now`, in the calling thread; returns how many
  // attempts it made. The worker thread calls this; tests call it with their own `now`.
  int RunDue(TimePoint now);

 private:
  // One due delivery: locked, attempted, recorded. False when none was due.
  bool AttemptOne(TimePoint now);
  void Run();

  service::ConnectionPool& pool_;
  PushSenderOptions options_;
  Clock clock_;
  PushEndpoint endpoint_;
  std::mutex client_mutex_;  // the HTTP client serves one request at a time
  std::unique_ptr<httplib::Client> client_;
  service::WorkerThread worker_;
};

}  // namespace mailrun::notification

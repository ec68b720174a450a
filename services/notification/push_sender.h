// PushSender: delivers notifications to phones through one configurable HTTP endpoint: a Gorush
// push gateway (github.com/appleboy/gorush, POST /api/push), which holds the APNs and FCM
// credentials and speaks to Apple and Google (docs/operations.md "Push notifications through
// Gorush"). Each delivery is one Gorush notification for one device token: title and message,
// the badge (the user's unread inbox count when it is sent), a collapse key per game for "your
// turn" and reminders (APNs collapse_id and FCM collapse_key, so a phone shows one per game),
// thread-id per game, and data the app reads (event_id, kind, game_id). Web Push subscriptions
// (platform "webpush") are sent to their own push service by the Web Push protocol instead
// (web_push.h: encrypted, VAPID-signed, TTL, Urgency, Topic per game); a 404 or 410 means the
// subscription is gone and removes the device. Webhook devices (platform "webhook") get a
// signed JSON POST in their host's shape (webhook.h); a 404 or 410 removes them too.
//
// Enqueue() runs in the transaction that stores an event: for each recipient device it records
// one pending delivery (unique per event and device, so a repeated event never pushes twice),
// unless the user muted that kind; in the user's quiet hours the delivery is due when they end.
// A worker thread POSTs each due delivery as JSON and records every attempt (push_attempts):
//   2xx                                      -> delivered, unless Gorush (sync mode) logs a
//                                               failed-push for the token: rejected
//   408, 429, 5xx, timeout, connection error -> retried after initial_backoff * 2^(attempt-1)
//                                               (capped; a longer Retry-After is kept), until
//                                               max_attempts, then gave_up
//   any other status                         -> rejected at once (a permanent failure; for Web
//                                               Push 404/410 also remove the subscription)
// Deliveries are rows, so a restart loses none; each is locked while in flight (FOR UPDATE SKIP
// LOCKED), so several senders never send one twice. The one window left (the endpoint took it,
// the process died before the commit) is covered by the Idempotency-Key header
// "<event_id>/<delivery_id>" for the gateway to de-duplicate.
// Thread-safety: Start/Stop/Wake/RunDue may be called from any thread; Enqueue is stateless.
#pragma once

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <pqxx/pqxx>

#include "mailrun/v1/events.pb.h"
#include "services/common/connection_pool.h"
#include "services/common/worker_thread.h"
#include "services/notification/clock.h"
#include "services/notification/web_push.h"

namespace httplib {
class Client;
}

namespace mailrun::notification {

struct PushSenderOptions {
  std::string endpoint;  // http(s)://host[:port][/path]; empty: no Gorush (no APNs/FCM pushes enqueued)
  std::string apns_topic;  // the iOS app's bundle id (Gorush's "topic" of APNs pushes); empty: none
  int max_attempts = 8;
  std::chrono::milliseconds initial_backoff{1000};
  std::chrono::milliseconds max_backoff{std::chrono::minutes(5)};
  std::chrono::milliseconds request_timeout{5000};
  std::chrono::milliseconds poll_interval{1000};  // how often due deliveries are looked for
  WebPushOptions web_push;  // no VAPID key: no Web Push deliveries enqueued; its egress rules fence webhooks too
  std::string public_url;   // where the web client is, for the game links of webhooks ("" : none)
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
// The error Gorush logged for a 2xx answer's push ("logs" of type "failed-push", sync mode), or
// "" when it logged none (async mode logs nothing: the push was queued).
std::string GorushFailure(const std::string& answer_body);

// Gorush's platform number for a device platform: 1 (iOS, APNs), 2 (Android, FCM); 0 for one
// Gorush cannot push to (webhook).
int GorushPlatform(const std::string& platform);

// One delivery as Gorush's request body (one notification, one token).
struct PushMessage {
  int64_t delivery_id = 0;
  std::string event_id;
  std::string kind;          // "your_turn", ...
  std::string platform;      // "apns" or "fcm"
  std::string device_token;
  std::string title;
  std::string text;
  std::string game_id;       // empty when the event has no game
  int64_t badge = 0;         // the user's unread notifications
  std::string apns_topic;    // PushSenderOptions::apns_topic (APNs pushes only)
};
// The collapse key of a delivery: "turn-<game_id>" for your_turn and reminder (a newer one
// replaces the older on the phone), empty (nothing collapses) otherwise.
std::string CollapseKey(const PushMessage& message);
std::string PushBody(const PushMessage& message);

class PushSender {
 public:
  // `pool` must outlive the sender. Throws std::invalid_argument for a malformed endpoint.
  PushSender(service::ConnectionPool& pool, PushSenderOptions options, Clock clock);
  ~PushSender();
  PushSender(const PushSender&) = delete;
  PushSender& operator=(const PushSender&) = delete;

  // Whether anything may be pushed: always, since webhooks need no configuration (APNs and FCM
  // devices need a Gorush endpoint, Web Push a VAPID key; Enqueue skips what cannot be sent).
  bool enabled() const { return true; }
  bool gorush() const { return !options_.endpoint.empty(); }
  // The VAPID keys (GetWebPushKey serves the current public key; RegisterDevice records it).
  const WebPushKeys& web_push_keys() const { return web_push_keys_; }

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
  struct Sent {
    int status = 0;       // 0: no HTTP answer
    std::string error;    // "" when delivered
    bool permanent = false;   // refused before any answer (egress rules, a key no longer held)
    bool gone = false;        // the subscription no longer exists (Web Push 404/410)
    std::optional<int64_t> retry_after_seconds;
  };
  Sent SendGorush(const PushMessage& message);
  Sent SendWebPush(const PushMessage& message, const WebPushTarget& target, const std::string& vapid_key);
  Sent SendWebhook(const PushMessage& message, const std::string& url, const std::string& secret);
  // The common reading of an answer from a user-given address (Web Push, webhook).
  static Sent FromEgress(const EgressAnswer& answer, const char* gone_reason);
  void Run();

  service::ConnectionPool& pool_;
  PushSenderOptions options_;
  Clock clock_;
  PushEndpoint endpoint_;
  WebPushKeys web_push_keys_;
  std::mutex client_mutex_;  // the HTTP client serves one request at a time
  std::unique_ptr<httplib::Client> client_;
  service::WorkerThread worker_;
};

}  // namespace mailrun::notification

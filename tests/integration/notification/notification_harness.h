// Test harness for the notification service: a migrated fresh database, access tokens, events
// appended to the outbox the way the game service and the lobby append them, the service run
// in-process on a free loopback port, and a client stream that collects what it receives.
#pragma once

#include <grpcpp/grpcpp.h>
#include <httplib.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "mailrun/v1/events.pb.h"
#include "mailrun/v1/notification.grpc.pb.h"
#include "services/notification/notification_app.h"

namespace mailrun::notification::testing {

// The events channel of the services on `database_url`: tests share one Redis, so each database
// gets its own channel and never sees another test's events.
std::string ChannelFor(const std::string& database_url);

// A fresh database with every migration applied.
std::string MigratedDatabase(const std::string& prefix);

std::string AccessToken(const std::string& user_id);  // signed with mailrun::testing::TestSigner()

int64_t NowMs();

// YourTurn for `user_id` in `game_id` at `version`.
mailrun::v1::Event YourTurn(const std::string& event_id, const std::string& user_id, const std::string& game_id,
                            int64_t version, int64_t remind_after_seconds = 0);

// Appends `event` to the outbox in its own committed transaction (what the game service does in
// the transaction of a move).
void AppendToOutbox(const std::string& database_url, const mailrun::v1::Event& event);

// The number of rows of a one-value SQL query.
int64_t QueryInt(const std::string& database_url, const std::string& sql);

// Polls `condition` every 10 ms until it holds or `timeout` passes; returns its last value.
bool Eventually(const std::function<bool()>& condition, std::chrono::milliseconds timeout = std::chrono::seconds(10));

// Options for an in-process service on `database_url` and `redis_url`: quick timers, no push,
// no relay of its own (tests run the "game service" relay themselves).
NotificationOptions TestOptions(const std::string& database_url, const std::string& redis_url);

// A relay as the game service runs it, with a short poll interval, on ChannelFor(database_url).
std::unique_ptr<service::OutboxRelay> StartRelay(const std::string& database_url, const std::string& redis_url);

// The notification service in this process, serving on a free loopback port until destroyed.
class InProcessNotify {
 public:
  explicit InProcessNotify(NotificationOptions options, bool start_workers = true);
  ~InProcessNotify();
  const std::string& address() const { return address_; }
  NotificationApp& app() { return *app_; }
  std::unique_ptr<mailrun::v1::NotificationService::Stub> Stub() const;
  // Waits until the consumer has subscribed to Redis (and caught up).
  bool WaitSubscribed(std::chrono::milliseconds timeout = std::chrono::seconds(10));

 private:
  std::unique_ptr<NotificationApp> app_;
  std::unique_ptr<grpc::Server> server_;
  std::string address_;
};

std::unique_ptr<mailrun::v1::NotificationService::Stub> StubFor(const std::string& address);
// A client context carrying `token` as "authorization: Bearer <token>" (none if empty).
std::unique_ptr<grpc::ClientContext> ContextWith(const std::string& token);

// A clock that stands still until the test moves it.
class FakeClock {
 public:
  explicit FakeClock(int64_t unix_ms) : ms_(unix_ms) {}
  Clock clock() {
    return [this] { return FromUnixMs(ms_.load()); };
  }
  void Set(int64_t unix_ms) { ms_ = unix_ms; }
  int64_t ms() const { return ms_.load(); }

 private:
  std::atomic<int64_t> ms_;
};

// A local HTTP endpoint standing in for the push gateway. `respond(attempt)` gives the status for
// the attempt-th request (1-based) carrying one Idempotency-Key (one delivery).
class PushSink {
 public:
  explicit PushSink(std::function<int(int attempt)> respond);
  ~PushSink();
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/push"; }
  struct Request {
    std::string key;  // Idempotency-Key
    std::string body;
    int status = 0;
    std::string traceparent;  // the W3C trace context header
  };
  std::vector<Request> requests();
  size_t delivered();  // requests answered 2xx

 private:
  std::function<int(int)> respond_;
  std::unique_ptr<httplib::Server> server_;
  std::thread thread_;
  int port_ = 0;
  std::mutex mutex_;
  std::map<std::string, int> attempts_;
  std::vector<Request> requests_;
};

// Registers a push device for `user_id` through the API; returns its device id.
std::string RegisterDevice(mailrun::v1::NotificationService::Stub& stub, const std::string& user_id,
                           mailrun::v1::Platform platform, const std::string& push_token);

// One Subscribe call read on a background thread.
class StreamReader {
 public:
  // Opens the stream and waits until the server has it registered (initial metadata).
  StreamReader(mailrun::v1::NotificationService::Stub& stub, const std::string& token,
               const std::string& since_event_id = "");
  ~StreamReader();
  // The next notification within `timeout`, or nullopt.
  std::optional<mailrun::v1::Notification> Next(std::chrono::milliseconds timeout = std::chrono::seconds(10));
  // Reads until `count` arrived or `timeout` passed; returns what arrived.
  std::vector<mailrun::v1::Notification> Take(size_t count, std::chrono::milliseconds timeout = std::chrono::seconds(10));
  void Cancel();
  // Waits for the end of the stream and returns its status.
  grpc::Status Finish();
  bool live() const { return live_; }

 private:
  std::unique_ptr<grpc::ClientContext> context_;
  std::unique_ptr<grpc::ClientReader<mailrun::v1::Notification>> reader_;
  std::thread thread_;
  std::mutex mutex_;
  std::condition_variable arrived_;
  std::deque<mailrun::v1::Notification> queue_;
  bool ended_ = false;
  bool live_ = false;
  grpc::Status status_;
};

}  // namespace mailrun::notification::testing

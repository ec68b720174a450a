// Small wrappers around hiredis for what the services do with Redis: publish events and listen to
// channels (pub/sub). Redis holds no data of ours (DESIGN.md): losing it delays events, so both
// wrappers reconnect by themselves and never throw on a Redis failure.
//
//   RedisEndpoint ParseRedisUrl("redis://[:password@]host[:port][/db]"), or
//     "redis+sentinel://[:password@]host[:port][,host[:port]...][/master]": Redis under Sentinel.
//     Each connection (and each reconnection) first asks the Sentinels, in turn, for the
//     primary's address (SENTINEL get-master-addr-by-name), then connects there and checks with
//     ROLE that it is the primary: a publisher on a replica would publish to nobody. hiredis has no
//     Sentinel client; this is all of one that pub/sub needs. The password is the Redis one, and
//     is sent to the Sentinels too when they ask for one.
//   RedisPublisher: one blocking connection for PUBLISH (and SET NX claims). Not thread-safe (one
//     per thread).
//   RedisSubscriber: a background thread that subscribes to channels and hands each message to a
//     callback, re-subscribing with back-off after any failure. Start/Stop are thread-safe.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "services/common/worker_thread.h"

struct redisContext;

namespace mailrun::service {

struct RedisEndpoint {
  std::string host;
  int port = 6379;
  std::string password;  // empty: no AUTH
  int database = 0;      // irrelevant to pub/sub, accepted for completeness
  // Under Sentinel: where the Sentinels listen, and the name they know the primary by; host and
  // port above are then unused (each connection asks the Sentinels).
  std::vector<std::pair<std::string, int>> sentinels;
  std::string master_name;
  std::string Describe() const;  // "host:port", or "Sentinel master NAME": for log lines
};

// Parses "redis://[:password@]host[:port][/db]" and "redis+sentinel://[:password@]host[:port],...[/master]"
// (Sentinel port 26379 and master "mailrun" by default). Throws std::invalid_argument naming what is wrong.
RedisEndpoint ParseRedisUrl(const std::string& url);

class RedisPublisher {
 public:
  // `timeout` bounds connecting and each command, so a hung Redis cannot hold the caller long.
  RedisPublisher(RedisEndpoint endpoint, std::chrono::milliseconds timeout);
  ~RedisPublisher();
  RedisPublisher(const RedisPublisher&) = delete;
  RedisPublisher& operator=(const RedisPublisher&) = delete;

  // PUBLISH `message` (binary-safe) on `channel`. Connects first if needed. Returns false with a
  // description in *error when Redis could not be reached or refused; the next call reconnects.
  bool Publish(const std::string& channel, const std::string& message, std::string* error);
  // SET `key` NX PX `ttl`: *claimed tells whether this call created the key (no one claimed it
  // within `ttl` before). Returns false with *error when Redis could not be reached or refused.
  bool Claim(const std::string& key, std::chrono::milliseconds ttl, bool* claimed, std::string* error);
  // Any command, given as its words (binary-safe): *integer gets an integer reply (0 for another
  // kind; may be null). Returns false with *error when Redis could not be reached or refused.
  bool Command(const std::vector<std::string>& words, long long* integer, std::string* error);

 private:
  bool EnsureConnected(std::string* error);
  void Disconnect();

  RedisEndpoint endpoint_;
  std::chrono::milliseconds timeout_;
  redisContext* context_ = nullptr;
};

class RedisSubscriber {
 public:
  struct Options {
    RedisEndpoint endpoint;
    std::vector<std::string> channels;
    std::chrono::milliseconds connect_timeout{2000};
    // With no traffic for this long the subscriber sends PING; no answer within another interval
    // counts as a lost connection (a silent network failure is noticed within two intervals).
    std::chrono::milliseconds ping_interval{5000};
    std::chrono::milliseconds min_backoff{100};
    std::chrono::milliseconds max_backoff{5000};
  };
  // What on_subscribed learns: whether this is the first subscription of this subscriber, and for
  // a re-subscription, when the previous one was last known to work (steady clock).
  struct Resubscribed {
    bool first = true;
    std::chrono::steady_clock::time_point last_healthy;
  };
  using MessageHandler = std::function<void(const std::string& channel, const std::string& message)>;
  using SubscribedHandler = std::function<void(const Resubscribed&)>;

  // Both handlers run on the subscriber's thread. on_subscribed runs after each successful
  // SUBSCRIBE and before any message of that subscription is handed out (messages wait in the
  // socket meanwhile), which is where a consumer catches up on what it may have missed.
  RedisSubscriber(Options options, MessageHandler on_message, SubscribedHandler on_subscribed = {});
  ~RedisSubscriber();
  RedisSubscriber(const RedisSubscriber&) = delete;
  RedisSubscriber& operator=(const RedisSubscriber&) = delete;

  void Start();
  void Stop();  // returns after the thread has ended; handlers are not called afterwards
  bool subscribed() const { return subscribed_.load(); }

 private:
  void Run();
  // One connection's life: connect, subscribe, read until failure or Stop. Sets *last_healthy.
  void Session(bool first, std::chrono::steady_clock::time_point* last_healthy);

  Options options_;
  MessageHandler on_message_;
  SubscribedHandler on_subscribed_;
  std::atomic<bool> subscribed_{false};
  WorkerThread worker_;
};

}  // namespace mailrun::service

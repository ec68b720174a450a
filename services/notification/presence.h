// Presence: which players have the app open on any replica of the notification service, so that
// an email is not sent to a player who sees the notification live, whichever replica holds their
// stream and whichever replica gathers their mail (EmailSender).
//
// In Redis, one sorted set per player ("<prefix>:<user>"): a member per replica holding a stream
// of that player, scored with the time (unix ms) until which it vouches for it. A replica adds its
// member when the player's first stream opens here, removes it when the last one closes, and
// renews every member it holds each `renew` interval (vouching for `ttl`), so a replica that died
// stops counting after `ttl` at most. Changes are queued by Fanout's observer (which may not
// block) and carried out by one worker thread. Without Redis, Active() knows only this replica's
// streams (the caller checks those itself) and says false.
// Thread-safety: all methods may be called from any thread.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "services/common/redis.h"
#include "services/common/worker_thread.h"

namespace mailrun::notification {

struct PresenceOptions {
  std::string redis_url;  // empty: off (Active says false)
  std::string prefix = "mailrun.presence";
  std::chrono::milliseconds ttl{std::chrono::seconds(60)};
  std::chrono::milliseconds renew{std::chrono::seconds(20)};
};

class Presence {
 public:
  Presence(PresenceOptions options, std::string replica);
  ~Presence();
  Presence(const Presence&) = delete;
  Presence& operator=(const Presence&) = delete;

  void Start();
  void Stop();
  // Fanout's observer: the player's first stream here opened (true) or their last one closed.
  void Changed(const std::string& user_id, bool here);
  // Whether some replica (this one included, once its change was carried out) holds a stream of
  // the player. False when Redis cannot be asked.
  bool Active(const std::string& user_id);

 private:
  void Run();
  void Carry(const std::map<std::string, bool>& changes, bool renew_all);

  PresenceOptions options_;
  std::string replica_;
  std::mutex mutex_;                  // guards the fields below
  std::map<std::string, bool> queued_;  // user -> here (the latest change wins)
  std::set<std::string> here_;        // players with a stream on this replica
  std::mutex redis_mutex_;            // one command at a time on the connection
  std::unique_ptr<service::RedisPublisher> redis_;
  service::WorkerThread worker_;
};

}  // namespace mailrun::notification

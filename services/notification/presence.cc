#include "services/notification/presence.h"

#include <spdlog/spdlog.h>

#include <vector>

namespace mailrun::notification {
namespace {

int64_t NowUnixMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

Presence::Presence(PresenceOptions options, std::string replica)
    : options_(std::move(options)), replica_(std::move(replica)) {
  if (!options_.redis_url.empty()) {
    redis_ = std::make_unique<service::RedisPublisher>(service::ParseRedisUrl(options_.redis_url),
                                                       std::chrono::seconds(1));
  }
}

Presence::~Presence() { Stop(); }

void Presence::Start() {
  if (redis_) worker_.Start([this] { Run(); });
}

void Presence::Stop() { worker_.Stop(); }

void Presence::Changed(const std::string& user_id, bool here) {
  {
    std::lock_guard lock(mutex_);
    queued_[user_id] = here;
    if (here) {
      here_.insert(user_id);
    } else {
      here_.erase(user_id);
    }
  }
  worker_.Wake();
}

bool Presence::Active(const std::string& user_id) {
  if (!redis_) return false;
  long long count = 0;
  std::string error;
  std::lock_guard lock(redis_mutex_);
  if (!redis_->Command({"ZCOUNT", options_.prefix + ":" + user_id, std::to_string(NowUnixMs()), "+inf"}, &count,
                       &error)) {
    spdlog::warn("presence: cannot ask Redis whether a player is active ({})", error);
    return false;
  }
  return count > 0;
}

void Presence::Run() {
  auto next_renewal = std::chrono::steady_clock::now();
  while (!worker_.stopping()) {
    std::map<std::string, bool> changes;
    {
      std::lock_guard lock(mutex_);
      changes.swap(queued_);
    }
    const bool renew_all = std::chrono::steady_clock::now() >= next_renewal;
    if (renew_all) next_renewal = std::chrono::steady_clock::now() + options_.renew;
    Carry(changes, renew_all);
    worker_.WaitFor(std::chrono::duration_cast<std::chrono::milliseconds>(next_renewal - std::chrono::steady_clock::now()));
  }
  // Stopping: this replica vouches for nobody any more.
  std::set<std::string> held;
  {
    std::lock_guard lock(mutex_);
    held.swap(here_);
  }
  std::map<std::string, bool> gone;
  for (const auto& user : held) gone[user] = false;
  Carry(gone, false);
}

void Presence::Carry(const std::map<std::string, bool>& changes, bool renew_all) {
  std::map<std::string, bool> todo = changes;
  if (renew_all) {
    std::lock_guard lock(mutex_);
    for (const auto& user : here_) todo.emplace(user, true);
  }
  const std::string until = std::to_string(NowUnixMs() + options_.ttl.count());
  std::lock_guard lock(redis_mutex_);
  for (const auto& [user, here] : todo) {
    const std::string key = options_.prefix + ":" + user;
    std::string error;
    const bool done = here ? redis_->Command({"ZADD", key, until, replica_}, nullptr, &error) &&
                                 redis_->Command({"PEXPIRE", key, std::to_string(options_.ttl.count())}, nullptr, &error)
                           : redis_->Command({"ZREM", key, replica_}, nullptr, &error);
    if (!done) {
      // Renewed at the next interval; a removal left undone expires with its score.
      spdlog::warn("presence: cannot record a player's streams in Redis ({})", error);
      return;
    }
  }
}

}  // namespace mailrun::notification

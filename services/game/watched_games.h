// WatchedGames: the running games a background worker of the game service acts in (the bot's seats,
// standing orders), so that a committed version of one of them wakes the worker at once instead of
// at its next poll. The worker replaces the set at each look (from PostgreSQL, so seats and orders
// any replica set are known within a poll); the version listener asks whether a game is in it.
// Thread-safe.
#pragma once

#include <mutex>
#include <set>
#include <string>

namespace mailrun::game {

class WatchedGames {
 public:
  void Replace(std::set<std::string> games) {
    std::lock_guard<std::mutex> lock(mutex_);
    games_ = std::move(games);
  }
  bool Contains(const std::string& game_id) const {
    std::lock_guard<std::mutex> lock(mutex_);
    return games_.count(game_id) > 0;
  }

 private:
  mutable std::mutex mutex_;
  std::set<std::string> games_;  // guarded by mutex_
};

}  // namespace mailrun::game

// GameCache: the games this process loaded recently, each at its newest two versions, so that the
// next call on a busy game needs no replay: the current version for moves and views, and the one
// before it for GetGame(since_version) right after a move (the delta a phone asks for when told
// it is its turn). Bounded by count of games (the least recently used game is dropped when a new
// one comes in beyond `capacity`); one version is one game's state, about 15 to 20 KB (measured
// for 4-player games, docs/game-service.md), so 512 games take some 20 MB.
//
// The cache never decides what is current: callers read the game's version from the database
// first and take the entry only if its version is exactly that one (Find + version check), so a
// stale entry (another replica moved the game on) is never used; a move may take the entry at the
// version its caller expects before reading anything, because its write checks that version in
// the database (move_service.h). Put keeps the two newest versions it was given. Entries are
// immutable and shared; copy the Game to change it.
//
// Thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/titles/game.h"
#include "services/game/game_info.h"

namespace mailrun::game {

struct CachedGame {
  std::shared_ptr<const GameInfo> info;
  int64_t version = 0;
  std::shared_ptr<const mailrun::engine::Game> game;
};

class GameCache {
 public:
  explicit GameCache(size_t capacity);
  GameCache(const GameCache&) = delete;
  GameCache& operator=(const GameCache&) = delete;

  // Versions kept per game.
  static constexpr size_t kVersionsPerGame = 2;

  // The newest entry of `game_id`, marked as recently used.
  std::optional<CachedGame> Find(const std::string& game_id);
  // The entry of `game_id` at exactly `version`, marked as recently used.
  std::optional<CachedGame> Find(const std::string& game_id, int64_t version);
  // Stores `entry` unless the cache holds kVersionsPerGame newer versions of the game.
  void Put(CachedGame entry);
  // Drops every entry of `game_id` (its info changed: a deleted player's seat was handed over).
  void Forget(const std::string& game_id);

  size_t size() const;
  size_t capacity() const { return capacity_; }

 private:
  using Order = std::list<std::string>;  // game ids, most recently used first

  const size_t capacity_;
  mutable std::mutex mutex_;
  Order order_;
  struct Versions {
    std::vector<CachedGame> newest_first;  // at most kVersionsPerGame
    Order::iterator position;
  };
  std::unordered_map<std::string, Versions> entries_;
};

}  // namespace mailrun::game

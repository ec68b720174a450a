// GameRing: consistent hashing of game ids onto the game service's pods, so that while the set of
// pods is stable each game's calls reach one pod and its cache (services/game/game_cache.h). The
// gateway (gateway/game_ring.mjs) builds the same ring from the same addresses and places a game
// on the same pod: a point is the first 8 bytes (big-endian) of SHA-256, each address gets
// kPointsPerAddress points ("ADDRESS#i"), and a game belongs to the first point at or after the
// hash of its id (wrapping). When a pod comes or goes only the games on its arcs move.
// Correctness never rests on this: a move's write checks the version (optimistic concurrency).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mailrun::service {

// The first 8 bytes of SHA-256(text), big-endian.
uint64_t RingHash(std::string_view text);

class GameRing {
 public:
  static constexpr int kPointsPerAddress = 128;

  // `addresses`: "host:port" strings, duplicates ignored; order does not matter.
  explicit GameRing(std::vector<std::string> addresses);

  // The distinct addresses in the order a call for `key` tries them: the owner first, then the
  // owners of the following points. Empty for an empty ring.
  std::vector<std::string> Order(std::string_view key) const;
  // The owner of `key` ("" for an empty ring).
  std::string Owner(std::string_view key) const;

  const std::vector<std::string>& addresses() const { return addresses_; }  // sorted

 private:
  struct Point {
    uint64_t hash;
    uint32_t address;
  };
  size_t FirstPointOf(std::string_view key) const;

  std::vector<std::string> addresses_;
  std::vector<Point> points_;  // sorted by hash, then address
};

}  // namespace mailrun::service

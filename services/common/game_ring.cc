#include "services/common/game_ring.h"

#include <sodium.h>

#include <algorithm>

namespace mailrun::service {

uint64_t RingHash(std::string_view text) {
  unsigned char digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256(digest, reinterpret_cast<const unsigned char*>(text.data()), text.size());
  uint64_t value = 0;
  for (int i = 0; i < 8; ++i) value = (value << 8) | digest[i];
  return value;
}

GameRing::GameRing(std::vector<std::string> addresses) : addresses_(std::move(addresses)) {
  std::sort(addresses_.begin(), addresses_.end());
  addresses_.erase(std::unique(addresses_.begin(), addresses_.end()), addresses_.end());
  points_.reserve(addresses_.size() * kPointsPerAddress);
  for (uint32_t a = 0; a < addresses_.size(); ++a) {
    for (int i = 0; i < kPointsPerAddress; ++i) {
      points_.push_back({RingHash(addresses_[a] + "#" + std::to_string(i)), a});
    }
  }
  std::sort(points_.begin(), points_.end(), [](const Point& x, const Point& y) {
    return x.hash != y.hash ? x.hash < y.hash : x.address < y.address;
  });
}

size_t GameRing::FirstPointOf(std::string_view key) const {
  const uint64_t hash = RingHash(key);
  const auto at = std::lower_bound(points_.begin(), points_.end(), hash,
                                   [](const Point& point, uint64_t h) { return point.hash < h; });
  return at == points_.end() ? 0 : static_cast<size_t>(at - points_.begin());
}

std::vector<std::string> GameRing::Order(std::string_view key) const {
  std::vector<std::string> order;
  if (points_.empty()) return order;
  std::vector<bool> taken(addresses_.size(), false);
  const size_t first = FirstPointOf(key);
  for (size_t i = 0; i < points_.size() && order.size() < addresses_.size(); ++i) {
    const uint32_t address = points_[(first + i) % points_.size()].address;
    if (!taken[address]) {
      taken[address] = true;
      order.push_back(addresses_[address]);
    }
  }
  return order;
}

std::string GameRing::Owner(std::string_view key) const {
  if (points_.empty()) return "";
  return addresses_[points_[FirstPointOf(key)].address];
}

}  // namespace mailrun::service

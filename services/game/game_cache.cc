#include "services/game/game_cache.h"

#include <algorithm>

#include "services/common/metrics.h"

namespace mailrun::game {

GameCache::GameCache(size_t capacity) : capacity_(capacity) {}

std::optional<CachedGame> GameCache::Find(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  const auto found = entries_.find(game_id);
  if (found == entries_.end()) return std::nullopt;
  order_.splice(order_.begin(), order_, found->second.position);
  return found->second.newest_first.front();
}

std::optional<CachedGame> GameCache::Find(const std::string& game_id, int64_t version) {
  std::lock_guard lock(mutex_);
  const auto found = entries_.find(game_id);
  if (found == entries_.end()) return std::nullopt;
  order_.splice(order_.begin(), order_, found->second.position);
  for (const CachedGame& entry : found->second.newest_first) {
    if (entry.version == version) return entry;
  }
  return std::nullopt;
}

void GameCache::Put(CachedGame entry) {
  if (capacity_ == 0) return;
  const std::string game_id = entry.info->game_id;
  std::lock_guard lock(mutex_);
  const auto found = entries_.find(game_id);
  if (found != entries_.end()) {
    std::vector<CachedGame>& versions = found->second.newest_first;
    order_.splice(order_.begin(), order_, found->second.position);
    const auto at = std::find_if(versions.begin(), versions.end(),
                                 [&](const CachedGame& kept) { return kept.version <= entry.version; });
    if (at != versions.end() && at->version == entry.version) {
      *at = std::move(entry);  // the same version, loaded again
      return;
    }
    versions.insert(at, std::move(entry));
    if (versions.size() > kVersionsPerGame) versions.resize(kVersionsPerGame);
    return;
  }
  order_.push_front(game_id);
  entries_.emplace(game_id, Versions{{std::move(entry)}, order_.begin()});
  while (entries_.size() > capacity_) {
    entries_.erase(order_.back());
    order_.pop_back();
  }
  mailrun::service::metrics::GameCacheSize(static_cast<int64_t>(entries_.size()));
}

void GameCache::Forget(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  const auto found = entries_.find(game_id);
  if (found == entries_.end()) return;
  order_.erase(found->second.position);
  entries_.erase(found);
  mailrun::service::metrics::GameCacheSize(static_cast<int64_t>(entries_.size()));
}

size_t GameCache::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace mailrun::game

#include "services/game/game_cache.h"

namespace mailrun::game {

GameCache::GameCache(size_t capacity) : capacity_(capacity) {}

std::optional<CachedGame> GameCache::Find(const std::string& game_id) {
  std::lock_guard lock(mutex_);
  const auto found = entries_.find(game_id);
  if (found == entries_.end()) return std::nullopt;
  order_.splice(order_.begin(), order_, found->second.second);
  return found->second.first;
}

void GameCache::Put(CachedGame entry) {
  if (capacity_ == 0) return;
  const std::string game_id = entry.info->game_id;
  std::lock_guard lock(mutex_);
  const auto found = entries_.find(game_id);
  if (found != entries_.end()) {
    if (found->second.first.version <= entry.version) found->second.first = std::move(entry);
    order_.splice(order_.begin(), order_, found->second.second);
    return;
  }
  order_.push_front(game_id);
  entries_.emplace(game_id, std::make_pair(std::move(entry), order_.begin()));
  while (entries_.size() > capacity_) {
    entries_.erase(order_.back());
    order_.pop_back();
  }
}

size_t GameCache::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace mailrun::game

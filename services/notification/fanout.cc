#include "services/notification/fanout.h"

#include "services/common/metrics.h"

namespace mailrun::notification {

std::unique_ptr<Fanout::Registration> Fanout::Add(const std::string& user_id, Ring ring) {
  auto shared = std::make_shared<Ring>(std::move(ring));
  std::lock_guard lock(mutex_);
  auto& rings = rings_[user_id];
  if (rings.empty() && observer_) observer_(user_id, true);
  rings.insert(shared);
  ++streams_;
  service::metrics::StreamOpened();
  if (closing_) (*shared)(true);
  return std::make_unique<Registration>(this, user_id, shared);
}

void Fanout::Remove(const std::string& user_id, const std::shared_ptr<Ring>& ring) {
  std::lock_guard lock(mutex_);
  const auto found = rings_.find(user_id);
  if (found == rings_.end()) return;
  if (found->second.erase(ring) > 0) {
    --streams_;
    service::metrics::StreamClosed();
  }
  if (found->second.empty()) {
    rings_.erase(found);
    if (observer_) observer_(user_id, false);
  }
}

void Fanout::Notify(const std::string& user_id) {
  std::lock_guard lock(mutex_);
  const auto found = rings_.find(user_id);
  if (found == rings_.end()) return;
  for (const auto& ring : found->second) (*ring)(false);
}

void Fanout::CloseAll() {
  std::lock_guard lock(mutex_);
  closing_ = true;
  for (auto& [user, set] : rings_) {
    for (const auto& ring : set) (*ring)(true);
  }
}

size_t Fanout::StreamCount(const std::string& user_id) {
  std::lock_guard lock(mutex_);
  const auto found = rings_.find(user_id);
  return found == rings_.end() ? 0 : found->second.size();
}

size_t Fanout::StreamCount() {
  std::lock_guard lock(mutex_);
  return streams_;
}

}  // namespace mailrun::notification

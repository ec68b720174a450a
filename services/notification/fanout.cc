#include "services/notification/fanout.h"

#include "services/common/metrics.h"

namespace mailrun::notification {

bool Fanout::Listener::Wait(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  rung_.wait_for(lock, timeout, [this] { return pending_ || closed_; });
  const bool rung = pending_ || closed_;
  pending_ = false;
  return rung;
}

bool Fanout::Listener::closed() {
  std::lock_guard lock(mutex_);
  return closed_;
}

void Fanout::Listener::Ring(bool close) {
  {
    std::lock_guard lock(mutex_);
    pending_ = true;
    closed_ = closed_ || close;
  }
  rung_.notify_all();
}

std::unique_ptr<Fanout::Registration> Fanout::Add(const std::string& user_id) {
  auto listener = std::make_shared<Listener>();
  std::lock_guard lock(mutex_);
  if (closing_) listener->Ring(true);
  listeners_[user_id].insert(listener);
  service::metrics::StreamOpened();
  return std::make_unique<Registration>(this, user_id, listener);
}

void Fanout::Remove(const std::string& user_id, const std::shared_ptr<Listener>& listener) {
  std::lock_guard lock(mutex_);
  const auto found = listeners_.find(user_id);
  if (found == listeners_.end()) return;
  if (found->second.erase(listener) > 0) service::metrics::StreamClosed();
  if (found->second.empty()) listeners_.erase(found);
}

void Fanout::Notify(const std::string& user_id) {
  std::lock_guard lock(mutex_);
  const auto found = listeners_.find(user_id);
  if (found == listeners_.end()) return;
  for (const auto& listener : found->second) listener->Ring(false);
}

void Fanout::CloseAll() {
  std::lock_guard lock(mutex_);
  closing_ = true;
  for (auto& [user, set] : listeners_) {
    for (const auto& listener : set) listener->Ring(true);
  }
}

size_t Fanout::StreamCount(const std::string& user_id) {
  std::lock_guard lock(mutex_);
  const auto found = listeners_.find(user_id);
  return found == listeners_.end() ? 0 : found->second.size();
}

}  // namespace mailrun::notification

#include "services/lobby/connection_pool.h"

namespace mailrun::lobby {

ConnectionPool::Lease::~Lease() {
  if (pool_) pool_->Release(std::move(connection_));
}

ConnectionPool::ConnectionPool(std::string url, int size) : url_(std::move(url)), size_(size < 1 ? 1 : size) {}

ConnectionPool::Lease ConnectionPool::Acquire() {
  std::unique_lock lock(mutex_);
  available_.wait(lock, [this] { return !idle_.empty() || open_ < size_; });
  if (!idle_.empty()) {
    auto connection = std::move(idle_.back());
    idle_.pop_back();
    return Lease(this, std::move(connection));
  }
  ++open_;
  lock.unlock();
  try {
    return Lease(this, std::make_unique<pqxx::connection>(url_));
  } catch (...) {
    lock.lock();
    --open_;
    available_.notify_one();
    throw;
  }
}

void ConnectionPool::Release(std::unique_ptr<pqxx::connection> connection) {
  std::lock_guard lock(mutex_);
  if (connection && connection->is_open()) {
    idle_.push_back(std::move(connection));
  } else {
    --open_;
  }
  available_.notify_one();
}

}  // namespace mailrun::lobby

#include "services/common/connection_pool.h"

#include <stdexcept>

namespace mailrun::service {

ConnectionPool::ConnectionPool(std::string url, int max_size, std::chrono::milliseconds acquire_timeout)
    : url_(std::move(url)), max_size_(max_size), acquire_timeout_(acquire_timeout) {
  if (max_size <= 0) throw std::invalid_argument("connection pool size must be positive");
}

ConnectionPool::Lease::~Lease() {
  if (connection_) pool_->Release(std::move(connection_));
}

ConnectionPool::Lease ConnectionPool::Acquire() {
  std::unique_lock lock(mutex_);
  if (!released_.wait_for(lock, acquire_timeout_, [this] { return !idle_.empty() || open_ < max_size_; })) {
    throw pqxx::broken_connection("no database connection came free within the acquire timeout");
  }
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
    released_.notify_one();
    throw;
  }
}

void ConnectionPool::Release(std::unique_ptr<pqxx::connection> connection) {
  std::lock_guard lock(mutex_);
  if (connection->is_open()) {
    idle_.push_back(std::move(connection));
  } else {
    --open_;
  }
  released_.notify_one();
}

}  // namespace mailrun::service

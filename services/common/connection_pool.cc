#include "services/common/connection_pool.h"

#include <stdexcept>

#include "services/common/metrics.h"

namespace mailrun::service {

ConnectionPool::ConnectionPool(std::string url, int max_size, std::chrono::milliseconds acquire_timeout)
    : url_(std::move(url)), max_size_(max_size), acquire_timeout_(acquire_timeout) {
  if (max_size <= 0) throw std::invalid_argument("connection pool size must be positive");
  metrics::PoolCapacity(max_size);
}

ConnectionPool::Lease::~Lease() {
  if (connection_) pool_->Release(std::move(connection_));
}

ConnectionPool::Lease ConnectionPool::Acquire() {
  const auto asked = std::chrono::steady_clock::now();
  const auto waited = [asked] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count(); };
  std::unique_lock lock(mutex_);
  if (!released_.wait_for(lock, acquire_timeout_, [this] { return !idle_.empty() || open_ < max_size_; })) {
    metrics::PoolAcquireTimedOut();
    throw pqxx::broken_connection("no database connection came free within the acquire timeout");
  }
  if (!idle_.empty()) {
    auto connection = std::move(idle_.back());
    idle_.pop_back();
    metrics::PoolLeased(waited());
    return Lease(this, std::move(connection));
  }
  ++open_;
  lock.unlock();
  try {
    auto connection = std::make_unique<pqxx::connection>(url_);
    metrics::PoolConnectionOpened();
    metrics::PoolLeased(waited());
    return Lease(this, std::move(connection));
  } catch (...) {
    lock.lock();
    --open_;
    released_.notify_one();
    throw;
  }
}

void ConnectionPool::Release(std::unique_ptr<pqxx::connection> connection) {
  std::lock_guard lock(mutex_);
  metrics::PoolReturned();
  if (connection->is_open()) {
    idle_.push_back(std::move(connection));
  } else {
    metrics::PoolConnectionClosed();
    --open_;
  }
  released_.notify_one();
}

}  // namespace mailrun::service

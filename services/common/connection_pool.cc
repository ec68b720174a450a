#include "services/common/connection_pool.h"

#include <poll.h>
#include <spdlog/spdlog.h>

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

void ConnectionPool::Lease::Discard() {
  if (!connection_) return;
  connection_.reset();
  metrics::PoolReturned();
  metrics::PoolConnectionClosed();
  pool_->Forget();
}

bool ConnectionPool::LooksClosed(const pqxx::connection& connection) {
  if (!connection.is_open()) return true;
  pollfd fd{connection.sock(), POLLIN, 0};
  // Readable (end of file, or the server's "terminating connection" message), hung up or invalid.
  return fd.fd < 0 || poll(&fd, 1, 0) != 0;
}

ConnectionPool::Lease ConnectionPool::Acquire() {
  const auto asked = std::chrono::steady_clock::now();
  const auto waited = [asked] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - asked).count(); };
  std::unique_lock lock(mutex_);
  if (!released_.wait_for(lock, acquire_timeout_, [this] { return !idle_.empty() || open_ < max_size_; })) {
    metrics::PoolAcquireTimedOut();
    throw pqxx::broken_connection("no database connection came free within the acquire timeout");
  }
  int replaced = 0;
  while (!idle_.empty()) {
    auto connection = std::move(idle_.back());
    idle_.pop_back();
    if (!LooksClosed(*connection)) {
      metrics::PoolLeased(waited());
      return Lease(this, std::move(connection), false);
    }
    --open_;  // closed by the server while idle (a restart): make a new one instead
    metrics::PoolConnectionClosed();
    ++replaced;
  }
  ++open_;
  lock.unlock();
  if (replaced > 0) spdlog::info("database pool: replaced {} connection(s) the server had closed", replaced);
  try {
    auto connection = std::make_unique<pqxx::connection>(url_);
    metrics::PoolConnectionOpened();
    metrics::PoolLeased(waited());
    return Lease(this, std::move(connection), true);
  } catch (...) {
    Forget();
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

void ConnectionPool::Forget() {
  std::lock_guard lock(mutex_);
  --open_;
  released_.notify_one();
}

}  // namespace mailrun::service

#include "services/common/connection_pool.h"

#include <poll.h>
#include <spdlog/spdlog.h>

#include <stdexcept>

namespace mailrun::service {

ConnectionPool::ConnectionPool(std::string url, int max_size, std::chrono::milliseconds acquire_timeout)
    : url_(std::move(url)), max_size_(max_size), acquire_timeout_(acquire_timeout) {
  if (max_size <= 0) throw std::invalid_argument("connection pool size must be positive");
}

ConnectionPool::Lease::~Lease() {
  if (connection_) pool_->Release(std::move(connection_));
}

void ConnectionPool::Lease::Discard() {
  if (!connection_) return;
  connection_.reset();
  pool_->Forget();
}

bool ConnectionPool::LooksClosed(const pqxx::connection& connection) {
  if (!connection.is_open()) return true;
  pollfd fd{connection.sock(), POLLIN, 0};
  // Readable (end of file, or the server's "terminating connection" message), hung up or invalid.
  return fd.fd < 0 || poll(&fd, 1, 0) != 0;
}

ConnectionPool::Lease ConnectionPool::Acquire() {
  std::unique_lock lock(mutex_);
  if (!released_.wait_for(lock, acquire_timeout_, [this] { return !idle_.empty() || open_ < max_size_; })) {
    throw pqxx::broken_connection("no database connection came free within the acquire timeout");
  }
  int replaced = 0;
  while (!idle_.empty()) {
    auto connection = std::move(idle_.back());
    idle_.pop_back();
    if (!LooksClosed(*connection)) return Lease(this, std::move(connection), false);
    --open_;  // closed by the server while idle (a restart): make a new one instead
    ++replaced;
  }
  ++open_;
  lock.unlock();
  if (replaced > 0) spdlog::info("database pool: replaced {} connection(s) the server had closed", replaced);
  try {
    return Lease(this, std::make_unique<pqxx::connection>(url_), true);
  } catch (...) {
    Forget();
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

void ConnectionPool::Forget() {
  std::lock_guard lock(mutex_);
  --open_;
  released_.notify_one();
}

}  // namespace mailrun::service

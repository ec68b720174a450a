// A fixed-size pool of PostgreSQL connections shared by the lobby's request threads and its
// background reconciler. Thread-safe. A connection is opened when first needed; one found broken
// when it comes back is dropped and replaced by a fresh one on a later Acquire.
#pragma once

#include <pqxx/pqxx>

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace mailrun::lobby {

class ConnectionPool {
 public:
  // Holds one connection until destroyed, then gives it back to the pool.
  class Lease {
   public:
    Lease(ConnectionPool* pool, std::unique_ptr<pqxx::connection> connection)
        : pool_(pool), connection_(std::move(connection)) {}
    ~Lease();
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    pqxx::connection& operator*() { return *connection_; }
    pqxx::connection* operator->() { return connection_.get(); }

   private:
    ConnectionPool* pool_;
    std::unique_ptr<pqxx::connection> connection_;
  };

  // `url`: libpq connection URI; at most `size` connections open at once.
  ConnectionPool(std::string url, int size);

  // Waits for a free connection (opening one if fewer than `size` exist). Throws
  // pqxx::broken_connection when PostgreSQL cannot be reached.
  Lease Acquire();

 private:
  void Release(std::unique_ptr<pqxx::connection> connection);

  const std::string url_;
  const int size_;
  std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<pqxx::connection>> idle_;
  int open_ = 0;  // connections in use or idle
};

}  // namespace mailrun::lobby

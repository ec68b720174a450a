// A small pool of PostgreSQL connections for a service's request handlers and workers. A
// pqxx::connection serves one thread at a time; the pool hands each caller its own for the
// duration of a Lease and takes it back afterwards (dropping it if it broke meanwhile).
//
// Idle connections go stale when PostgreSQL restarts: the server closed them (saying so on the
// socket) while they sat in the pool. Acquire looks at an idle connection's socket before handing
// it out and replaces one the server has closed or written to, so the first calls after a restart
// get live connections instead of failing. (A connection that breaks while leased is the
// caller's to report; RunTransaction retries on a new one, transaction.h.) Thread-safe.
#pragma once

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <pqxx/pqxx>

namespace mailrun::service {

class ConnectionPool {
 public:
  // Connects lazily; at most `max_size` connections exist at once.
  ConnectionPool(std::string url, int max_size, std::chrono::milliseconds acquire_timeout = std::chrono::seconds(10));
  ConnectionPool(const ConnectionPool&) = delete;
  ConnectionPool& operator=(const ConnectionPool&) = delete;

  class Lease {
   public:
    Lease(ConnectionPool* pool, std::unique_ptr<pqxx::connection> connection, bool fresh)
        : pool_(pool), connection_(std::move(connection)), fresh_(fresh) {}
    Lease(Lease&&) = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    pqxx::connection& operator*() { return *connection_; }
    pqxx::connection* operator->() { return connection_.get(); }
    // Closes the connection instead of giving it back (it broke while leased).
    void Discard();
    // Whether the connection was made for this lease rather than taken from the idle ones.
    bool fresh() const { return fresh_; }

   private:
    ConnectionPool* pool_;
    std::unique_ptr<pqxx::connection> connection_;
    bool fresh_ = false;
  };

  // An open connection: an idle one, a new one, or (when max_size are in use) the next one given
  // back within the acquire timeout. Throws pqxx::broken_connection when PostgreSQL is unreachable
  // or no connection came free in time.
  Lease Acquire();

 private:
  void Release(std::unique_ptr<pqxx::connection> connection);
  void Forget();  // one leased connection is gone for good

  // Whether an idle connection's socket shows the server closed it (or sent anything at all,
  // which an idle connection never expects).
  static bool LooksClosed(const pqxx::connection& connection);

  const std::string url_;
  const int max_size_;
  const std::chrono::milliseconds acquire_timeout_;
  std::mutex mutex_;
  std::condition_variable released_;
  std::vector<std::unique_ptr<pqxx::connection>> idle_;
  int open_ = 0;  // idle + leased
};

}  // namespace mailrun::service

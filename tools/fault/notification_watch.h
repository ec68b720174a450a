// NotificationWatch: each player's phone, listening. One NotificationService.Subscribe stream per
// user, each on its own thread; a stream that breaks (the service was killed, the connection
// dropped) is opened again with since_event_id = the last notification received, as the API says
// a client should, so nothing is missed or repeated across the gap. Tally() compares what arrived
// with what the stack owes: every (user, event) of the outbox events addressed to the watched
// users (read from PostgreSQL), and the longest delay from an event's creation to its arrival.
// Thread-safe.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <grpcpp/grpcpp.h>

#include "tools/fault/stack.h"

namespace mailrun::fault {

struct NotificationTally {
  int64_t owed = 0;       // (user, event) pairs the outbox addressed to the watched users
  int64_t delivered = 0;  // of those, arrived on a stream
  int64_t repeated = 0;   // arrivals of a notification the stream had already given
  int64_t unowed = 0;     // arrivals of nothing owed
  int64_t longest_delay_ms = 0;  // event created -> arrived, over the delivered ones
  int64_t reconnects = 0;
  std::map<std::string, int64_t> stream_ends;  // why streams broke: "<code> <message>" -> count
  std::vector<std::string> missing;             // the first few owed and not arrived: "user event_id"
};

// (user, event_id) of every outbox event addressed to one of `users` (only your-turn events when
// `your_turn_only`), read from PostgreSQL.
std::set<std::pair<std::string, std::string>> OutboxAddressedTo(const std::string& database_url,
                                                                const std::set<std::string>& users,
                                                                bool your_turn_only = false);

class NotificationWatch {
 public:
  NotificationWatch(FaultStack& stack, std::vector<std::string> users);
  ~NotificationWatch();

  void Start();  // returns when every stream is live
  void Stop();
  NotificationTally Tally();
  // Waits until every owed notification arrived, or `timeout`; true when all did.
  bool WaitForAll(std::chrono::seconds timeout);

 private:
  struct Stream;
  void Listen(Stream& stream);
  std::set<std::pair<std::string, std::string>> Owed();

  FaultStack& stack_;
  std::vector<std::unique_ptr<Stream>> streams_;
  std::atomic<bool> stopping_{false};
  std::mutex mutex_;
  std::map<std::pair<std::string, std::string>, int64_t> arrived_;  // (user, event) -> delay ms
  int64_t repeated_ = 0;
  int64_t reconnects_ = 0;
  std::map<std::string, int64_t> stream_ends_;
};

}  // namespace mailrun::fault

// LobbyLoad: players busy in the lobby while faults happen: each worker opens a table
// (CreateTable), leaves it again (LeaveTable) and now and then logs in and refreshes its tokens.
// A call whose answer was lost is repeated with the same request_id until a definite answer. At
// the end every acknowledged table must exist, exactly once per CreateTable request:
//   lost:    an acknowledged table missing from PostgreSQL
//   doubled: one CreateTable answered with two tables, or more tables than requests
// Thread-safe.
#pragma once

#include <atomic>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "mailrun/v1/lobby.grpc.pb.h"
#include "tools/fault/game_load.h"
#include "tools/fault/stack.h"

namespace mailrun::fault {

class LobbyLoad {
 public:
  LobbyLoad(FaultStack& stack, int workers, uint64_t seed);
  ~LobbyLoad();

  void Start();  // registers the workers' accounts, starts them
  void Stop(std::chrono::seconds resolve = std::chrono::seconds(60));
  GameTally Verify();  // the same figures as the game load's, for lobby actions

 private:
  struct Worker {
    std::string name;
    std::string user_id;
    std::string token;
    std::string refresh_token;
  };
  void Work(Worker& worker, uint64_t rng);
  // Repeats `call` (which makes one attempt) until its answer is definite or the hard stop.
  grpc::Status UntilAnswered(const std::function<grpc::Status()>& call);

  FaultStack& stack_;
  int workers_count_;
  uint64_t seed_;
  std::vector<Worker> workers_;
  std::vector<std::thread> threads_;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> hard_stop_{false};
  std::mutex mutex_;
  std::map<std::string, std::string> created_;  // CreateTable request_id -> table_id (acknowledged)
  std::map<std::string, std::string> pending_;  // CreateTable request_id -> host, not yet answered
  GameTally tally_;
};

}  // namespace mailrun::fault

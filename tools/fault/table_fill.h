// TableFill: groups of four players filling tables in the lobby, one after another, so that the
// lobby is starting games (CreateGame on the game service, then the table marked playing) while a
// fault happens: the host of each group opens a table of four seats (CreateTable), the three
// others join it (JoinTable), and the fourth join starts the game by itself. A call whose answer
// was lost is repeated with the same request_id until a definite answer. At the end, after the
// lobby had time to finish what it started (its reconciler), every table is checked:
//   lost:    a table whose fourth join was acknowledged that has no game, or an acknowledged
//            table or seat missing
//   doubled: a table with two games, a game for a table that never filled, a seat taken twice
// Thread-safe.
#pragma once

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tools/fault/game_load.h"
#include "tools/fault/stack.h"

namespace mailrun::fault {

class TableFill {
 public:
  TableFill(FaultStack& stack, int groups, uint64_t seed);
  ~TableFill();

  void Start();  // registers the players, starts the groups
  void Stop(std::chrono::seconds resolve = std::chrono::seconds(60));
  // Waits up to `settle` for every filled table to have its game, then counts.
  GameTally Verify(std::chrono::seconds settle);
  int64_t tables_filled() const { return filled_.load(); }

 private:
  struct Player {
    std::string name;
    std::string user_id;
    std::string token;
  };
  void Group(int group);

  FaultStack& stack_;
  int groups_;
  uint64_t seed_;
  std::vector<Player> players_;  // four per group, the host first
  std::vector<std::thread> threads_;
  std::atomic<bool> stopping_{false};
  std::atomic<bool> hard_stop_{false};
  std::atomic<int64_t> filled_{0};
  std::mutex mutex_;
  std::map<std::string, int> seats_;      // table id -> acknowledged seats (the host's included)
  std::set<std::string> full_;            // tables whose fourth join was acknowledged
  GameTally tally_;
};

}  // namespace mailrun::fault

// BotTurns: what the game service's bot (deleted_players.h) remembers of the turns whose move was
// refused, so that a refusal never repeats in a loop (issue 46: a refused bot move was retried once
// a second for 18 minutes). A turn is (game, version, seat). After a refusal other than a lost race
// the turn waits before its next try, 2 s doubling up to 10 minutes (ExponentialBackoff::DelayFor),
// and each try carries a fresh request id (BotRequestId with the try's number), so an id that was
// refused once is never sent again. Turns the bot no longer sees (the game moved on) are forgotten.
// Not thread-safe: one per bot thread.
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <tuple>

namespace mailrun::game {

// The request id of the bot's move at `version` for `seat`, try `attempt` (0 = first):
// "service:bot:<version>:<seat>:<attempt>", in the namespace clients may not use (request_checks.h).
// The same try at the same turn gets the same id on every replica, so a move two replicas choose at
// once is applied once.
std::string BotRequestId(int64_t version, int seat, int attempt);

class BotTurns {
 public:
  using Clock = std::chrono::steady_clock;
  using Turn = std::tuple<std::string, int64_t, int>;  // game id, version, seat

  static constexpr std::chrono::milliseconds kFirstWait{2000};
  static constexpr std::chrono::milliseconds kLongestWait{600000};

  // Whether the turn may be tried at `now` (never refused, or its wait is over).
  bool Due(const Turn& turn, Clock::time_point now) const;
  // How many tries of the turn were refused so far (the next try's number).
  int Attempt(const Turn& turn) const;
  // The turn's try was refused at `now`; returns how long it waits before the next.
  std::chrono::milliseconds Refused(const Turn& turn, Clock::time_point now);
  // Forgets every turn not in `seen` (the bot's current list).
  void KeepOnly(const std::set<Turn>& seen);

  size_t size() const { return refused_.size(); }

 private:
  struct Refusals {
    int count = 0;
    Clock::time_point next_try;
  };
  std::map<Turn, Refusals> refused_;
};

}  // namespace mailrun::game

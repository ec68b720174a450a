// GameLoad: players making moves on shared games as fast as they can, the way flaky phones do:
// several submitters race for each game with SubmitAction(expected_version), re-read after a lost
// race (ABORTED), and repeat a call whose answer was lost (UNAVAILABLE, a deadline, a dropped
// connection) with the same request_id until a definite answer comes. Optionally every call is
// sent several times at once (duplicates) and old calls are sent again long after their answer
// (reordered retries), which must get the first answer back.
//
// The driver follows each game on a local engine copy (the same seed; every acknowledged action
// applied in version order), choosing moves with the reference bot. With planned_moves, the bot
// plays each submitter's games on local copies before Start() returns, and the submitters then
// send those moves: the bot's thinking stays out of a measured window. Verify() then compares what
// was acknowledged with the game service's log in PostgreSQL:
//   lost:    an acknowledged action missing from the log, or at another version, or another action
//   doubled: one request acknowledged at two versions, a log entry nobody sent, or a game whose
//            log or view differs from the local copy's
// Thread-safe.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/titles/game.h"
#include "mailrun/v1/game.grpc.pb.h"
#include "tools/fault/stack.h"

namespace mailrun::fault {

struct GameLoadOptions {
  int games = 4;
  int players = 4;
  int submitters = 8;
  int copies = 1;         // each call sent this many times at once
  bool reorder = false;   // also send old calls again, after later moves
  // Submitter i plays game i alone (submitters <= games): no races, each move sent as soon as the
  // last one was answered, the way one player per game with the bot's speed would. When its game
  // is over it goes on with game i + submitters, and so on while there are games.
  bool own_game = false;
  // With own_game: each submitter's moves (at most this many, over its games in turn) chosen by
  // the bot in Start(), on two threads, before any is sent. 0: chosen live, between calls.
  int planned_moves = 0;
  // Where a game's moves go (several game pods: the ring or round-robin); empty: the stack's game
  // address, on each submitter's own channel.
  std::function<std::shared_ptr<grpc::Channel>(const std::string& game_id)> route = nullptr;
};

// One call's life: what was sent and every answer it got.
struct CallRecord {
  std::chrono::system_clock::time_point started;
  std::chrono::system_clock::time_point finished;
  grpc::StatusCode code = grpc::StatusCode::OK;
};

struct GameTally {
  int64_t acknowledged = 0;
  int64_t lost = 0;
  int64_t doubled = 0;
  int64_t in_doubt = 0;    // never answered definitely (the scenario ended first)
  int64_t refused = 0;     // answered FAILED_PRECONDITION/INVALID_ARGUMENT (should be 0: the bot moves legally)
  int64_t errors = 0;      // INTERNAL answers
  int64_t repeats = 0;     // duplicate and reordered sends, each answered with the first answer
  int64_t longest_ack_ms = 0;  // first send to acknowledgement, retries included
  int64_t out_of_plan = 0;     // submitters whose planned moves (or games) ran out before Stop()
  std::vector<std::string> problems;  // the first few, for the report
};

class GameLoad {
 public:
  GameLoad(FaultStack& stack, GameLoadOptions options, uint64_t seed);
  ~GameLoad();

  // Creates the games (as the lobby would) and starts the submitters.
  void Start();
  // Stops new moves, then repeats every call still in doubt until it is answered (or `resolve`).
  void Stop(std::chrono::seconds resolve = std::chrono::seconds(60));
  GameTally Verify();

  std::vector<std::string> users() const;
  // Every call made (start, end, status), for "what failed after the database was back".
  std::vector<CallRecord> calls() const;

 private:
  struct Track;
  struct Sent;
  void Submitter(int index);
  // planned_moves: the bot plays submitter `index`'s games on local copies; their moves, in order.
  void Plan(int index);
  // The bot's next move in `game` (seat set), or none when no seat may act.
  std::optional<mailrun::v1::Action> BotMove(const mailrun::engine::Game& game, uint64_t& rng) const;
  // Sends `sent` (with its copies) until a definite answer or the hard stop; the final status.
  grpc::Status SendUntilAnswered(mailrun::v1::GameService::Stub& stub, Sent& sent);
  grpc::Status SendOnce(mailrun::v1::GameService::Stub& stub, Sent& sent,
                        mailrun::v1::SubmitActionResponse* response);
  void Acknowledge(Track& track, Sent& sent, int64_t version);
  void Note(const std::string& problem);

  FaultStack& stack_;
  GameLoadOptions options_;
  uint64_t seed_;
  std::vector<std::unique_ptr<Track>> tracks_;
  std::vector<std::thread> threads_;
  std::atomic<bool> stopping_{false};    // no new moves
  std::atomic<bool> hard_stop_{false};   // no more retries either
  mutable std::mutex mutex_;             // guards sent_, calls_, tally_
  std::vector<std::shared_ptr<Sent>> sent_;
  std::vector<CallRecord> calls_;
  GameTally tally_;
};

}  // namespace mailrun::fault

// GameWatchers: the WatchGame streams of this process (proto/mailrun/v1/game.proto). Each stream is
// a gRPC callback reactor, not a thread: an idle watcher is a small object in a table until its
// game moves. When a game's version changes (VersionListener hears it from PostgreSQL, whichever
// replica committed it), its watchers are woken; a small pool of threads (`threads`) then reads
// each watcher's next version from the database (GameQueries::NextChange) and writes it, one
// message in flight per stream, one version per message, so a slow reader only holds itself up.
// Streams opened with with_chat also carry the game's chat: when no version is waiting, a look
// reads the next chat message after the last one sent (GameChat::Next), then the next change to a
// message (deleted, hidden, shown again: GameChat::NextChange); a post or a change wakes the
// game's watchers as a new version does (the same NOTIFY). Streams opened with with_seats also get
// the number of the game's latest seat change (seat_changes.h) when it passed the last one sent,
// after the versions and the chat: a seat change is announced likewise.
// Every message comes from the database, never from the notification, so a lost or repeated
// notification can delay a message but never skip or repeat one.
// Thread-safe.
#pragma once

#include <grpcpp/grpcpp.h>

#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "mailrun/v1/game.pb.h"
#include "services/common/transaction.h"
#include "services/game/game_chat.h"
#include "services/game/game_queries.h"

namespace mailrun::game {

class GameWatch;

class GameWatchers {
 public:
  // `queries` (and `chat`, if any) must outlive the watchers. `threads`: the pool that reads and
  // sends versions. Without `chat`, streams opened with with_chat get no chat messages; without
  // `seats` (runs a read of the seat changes), streams opened with with_seats get no seat changes.
  GameWatchers(GameQueries& queries, int threads, GameChat* chat = nullptr,
               mailrun::service::Transactor seats = nullptr);
  ~GameWatchers();
  GameWatchers(const GameWatchers&) = delete;
  GameWatchers& operator=(const GameWatchers&) = delete;

  // A new stream for `user_id` (authenticated by the caller). gRPC owns the reactor until OnDone.
  grpc::ServerWriteReactor<mailrun::v1::WatchGameResponse>* Open(const std::string& user_id,
                                                                 const mailrun::v1::WatchGameRequest& request);

  // The game has (or may have) a new version: its watchers look.
  void VersionCommitted(const std::string& game_id);
  // Every watcher looks (after notifications may have been lost: a reconnect to PostgreSQL).
  void WakeAll();
  // Ends every open stream with UNAVAILABLE ("resume with after_version"), for shutdown; streams
  // opened afterwards are ended at once.
  void EndAll();
  // Stops the pool (after EndAll; queued work is dropped, the streams end through gRPC).
  void Stop();

  size_t open_streams() const;

 private:
  friend class GameWatch;
  void Schedule(std::shared_ptr<GameWatch> watch);
  void Closed(const GameWatch* watch);
  void Work();

  GameQueries& queries_;
  GameChat* const chat_;
  const mailrun::service::Transactor seats_;
  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::map<std::string, std::set<std::shared_ptr<GameWatch>>> by_game_;
  std::deque<std::shared_ptr<GameWatch>> queue_;
  bool stopping_ = false;
  bool ending_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace mailrun::game

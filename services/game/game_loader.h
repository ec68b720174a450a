// GameLoader: a game's engine state at a given version, from the GameCache when it holds exactly
// that version, else rebuilt from the database: the newest usable snapshot (game_snapshots) plus
// the log rows after it, skipping the actions that undo rows took back. What it loads it caches.
// Thread-safe (the cache is; each call uses the caller's transaction).
#pragma once

#include <grpcpp/grpcpp.h>

#include <memory>
#include <optional>
#include <pqxx/pqxx>
#include <string>

#include "engine/core/result.h"
#include "engine/titles/game.h"
#include "services/game/game_cache.h"
#include "services/game/game_info.h"
#include "services/game/game_store.h"

namespace mailrun::game {

// A game as one caller sees it: its head (version, finished), its info, and the caller's seat
// (mailrun::engine::kSpectator, -1, for a caller without a seat).
struct OpenedGame {
  store::GameHead head;
  std::shared_ptr<const GameInfo> info;
  int seat = -1;
  // The log row of the request_id Open was given, if the log has it (a repeated request).
  std::optional<store::StoredRequest> request;

  bool spectator() const { return seat < 0; }
};

// The answer when the stored game `opened` cannot be loaded (logged as an error): the engine's
// error as EngineErrorStatus maps it.
grpc::Status LoadFailure(const OpenedGame& opened, const mailrun::engine::Error& error);

class GameLoader {
 public:
  // `cache` must outlive the loader.
  explicit GameLoader(GameCache& cache) : cache_(cache) {}

  // Reads the game's head and info and finds `user_id`'s seat. False when there is no such game.
  // With a `request_id`, also looks it up in the log, in the same statement as the head.
  bool Open(pqxx::transaction_base& txn, const std::string& game_id, const std::string& user_id, OpenedGame* opened,
            const std::string& request_id = "");
  // Open from the cache alone, without reading the database, when it holds the game at exactly
  // `version` (what a move's caller expects): opened->head is that version (finished as the game
  // is) and *game the cached state. False, with nothing counted, when it does not hold that
  // version. Only for a caller whose write checks the version in the database (a move): the
  // game may have moved on since.
  bool OpenCached(const std::string& game_id, int64_t version, const std::string& user_id, OpenedGame* opened,
                  std::shared_ptr<const mailrun::engine::Game>* game);

  // The game's GameInfo (cached, or read); nullptr when there is no such game.
  std::shared_ptr<const GameInfo> Info(pqxx::transaction_base& txn, const std::string& game_id);

  // The game at `version`, which the caller has just read from the games row: a copy of its own
  // (the engine's Game is not thread-safe, so no two calls share one to change it).
  mailrun::engine::Result<mailrun::engine::Game> At(pqxx::transaction_base& txn,
                                                    const std::shared_ptr<const GameInfo>& info, int64_t version);
  // The same without the copy: the cached game itself, immutable and shared, for callers that only
  // read it (its const members, as At's copy does) and copy it only to change it (a move).
  mailrun::engine::Result<std::shared_ptr<const mailrun::engine::Game>> Shared(
      pqxx::transaction_base& txn, const std::shared_ptr<const GameInfo>& info, int64_t version);

  // The game at `version` as it would be with the action at `skip_seq` taken back too (what an
  // undo of it leaves). Not cached.
  mailrun::engine::Result<mailrun::engine::Game> Without(pqxx::transaction_base& txn, const GameInfo& info,
                                                         int64_t version, int64_t skip_seq);

  GameCache& cache() { return cache_; }

 private:
  mailrun::engine::Result<mailrun::engine::Game> Replay(pqxx::transaction_base& txn, const GameInfo& info,
                                                        int64_t version, int64_t skip_seq);

  GameCache& cache_;
};

}  // namespace mailrun::game

// DeletedPlayers: the game service's part of deleting an account (docs/operations.md "Deleting an
// account"), and the bot that plays the seats deleted accounts left in running games.
//
// Forgetting: for each account_deletions row (migrations/0206) whose game part is not done, in ONE
// transaction: the account's private notes are deleted (migrations/0105), every game the account sat in has the account's id and name replaced by its
// placeholder's (games.config, create_request and results, game_players, and game_actions' acting
// user and every stored answer, whose log lines name players; migrations/0103 allows exactly that
// rewrite of the log), snapshots that hold the name are dropped (replay rebuilds them), the seat is
// marked played_by_bot, and the row's games_done_at is stamped. Rewriting is idempotent, so a
// crash before the commit only means doing it again. Then the games leave this replica's cache.
//
// The bot: every game with an active seat marked played_by_bot (a deleted account's, or one a player
// put on autopilot: services/game/autopilot.h) gets that seat's move from the
// engine's bot (engine/bot/choose_action.h), submitted through the MoveService as the seat's
// player with a request id in the service's own namespace (BotRequestId, bot_turns.h: no client can
// take it), so a move two replicas choose at once is applied once. A refused move is not tried
// again in a loop: its turn waits, longer after each refusal, and the next try has a fresh id.
//
// The bot moves as soon as its seat is to act: every replica hears of every committed version
// (VersionListener), and a version of a game the bot plays a seat in wakes its thread at once
// (VersionCommitted). The poll (once a second) is the fallback: it finds seats newly put on
// autopilot or handed to the bot, and versions heard while the listener reconnected.
//
// Several replicas may run one each (FOR UPDATE SKIP LOCKED; lost races are ABORTED and retried).
// Thread-safety: Start/Stop from the owner; VersionCommitted from any thread.
#pragma once

#include <chrono>
#include <string>

#include "services/common/connection_pool.h"
#include "services/common/worker_thread.h"
#include "services/game/bot_turns.h"
#include "services/game/game_loader.h"
#include "services/game/move_service.h"
#include "services/game/watched_games.h"

namespace mailrun::game {

class DeletedPlayers {
 public:
  // Every reference must outlive this object.
  DeletedPlayers(mailrun::service::ConnectionPool& pool, GameLoader& loader, MoveService& moves,
                 std::chrono::milliseconds poll_interval);
  ~DeletedPlayers();

  void Start();
  void Stop();

  // A version of `game_id` was committed (by any replica): wakes the bot at once if it plays a seat
  // there (as of its last look).
  void VersionCommitted(const std::string& game_id);

  // One round of work (what the thread does each poll); public for tests. Returns how many
  // accounts were forgotten and bot moves made.
  int ForgetAccounts();
  int PlayBotSeats();

 private:
  void Run();

  mailrun::service::ConnectionPool& pool_;
  GameLoader& loader_;
  MoveService& moves_;
  const std::chrono::milliseconds poll_interval_;
  WatchedGames bot_games_;  // the running games with a seat the bot plays, as of the last PlayBotSeats
  BotTurns refused_turns_;  // only the bot's thread (or a test calling PlayBotSeats) touches it
  mailrun::service::WorkerThread worker_;
};

}  // namespace mailrun::game

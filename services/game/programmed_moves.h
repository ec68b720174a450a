// ProgrammedMoves: standing orders a player leaves for their seat (proto/mailrun/v1/
// programmed_moves.proto; storage in migrations/0106_programmed_moves.sql; docs/game-service.md
// "Programmed moves"), and the worker that carries them out.
//
// The worker (one thread; every replica may run one) looks at each active order once per new
// version of its game. It ends an order whose situation is over (its round or its private's
// auction), cancels one whose condition broke (another player bought or sold in the share round;
// the seat's turn asks for something the order does not answer, such as an offer; the player of a
// decline-offers order moved by hand), and, when the
// seat is to act, submits the order's move through MoveService::Submit as the seat's player, with
// the version it judged as expected_version and a request id made by programmed_move_ids.h from
// the game, the version and the seat: a move tried twice (after a restart, or by two replicas) is
// applied once. It decides from what the seat's player may see: the seat's own legal actions, the
// round and auction of the seat's view, and of the other players' moves only their kind (a buy or
// a sale is public); never another player's secret. It looks when a version of a game with an
// active order is committed (VersionCommitted, from the version listener), and every poll.
// Thread-safety: the handlers from any thread; Start/Stop from the owner.
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <mutex>
#include <string>

#include "mailrun/v1/programmed_moves.pb.h"
#include "services/common/connection_pool.h"
#include "services/common/worker_thread.h"
#include "services/game/game_loader.h"
#include "services/game/move_service.h"
#include "services/game/watched_games.h"

namespace mailrun::game {

class ProgrammedMoves {
 public:
  // Every reference must outlive this object.
  ProgrammedMoves(mailrun::service::ConnectionPool& pool, GameLoader& loader, MoveService& moves,
                  std::chrono::milliseconds poll_interval);
  ~ProgrammedMoves();

  grpc::Status Set(const std::string& user_id, const mailrun::v1::SetProgrammedMoveRequest& request,
                   mailrun::v1::SetProgrammedMoveResponse* response);
  grpc::Status Cancel(const std::string& user_id, const mailrun::v1::CancelProgrammedMoveRequest& request,
                      mailrun::v1::CancelProgrammedMoveResponse* response);
  grpc::Status List(const std::string& user_id, const mailrun::v1::ListProgrammedMovesRequest& request,
                    mailrun::v1::ListProgrammedMovesResponse* response);

  void Start();
  void Stop();
  // A version of `game_id` was committed (by any replica): wakes the worker at once if the game has
  // an active order (as of its last look); the poll is the fallback.
  void VersionCommitted(const std::string& game_id);
  // One look at every active order whose game has a version it has not judged (what the thread
  // does each poll); public for tests. Returns how many orders it acted on (moved, ended, cancelled).
  int RunOnce();

 private:
  void Run();
  // The request ids' key (read once from programmed_move_key).
  std::string Key();

  mailrun::service::ConnectionPool& pool_;
  GameLoader& loader_;
  MoveService& moves_;
  const std::chrono::milliseconds poll_interval_;
  std::mutex key_mutex_;
  std::string key_;
  WatchedGames order_games_;  // the running games with an active order, as of the last RunOnce
  mailrun::service::WorkerThread worker_;
};

}  // namespace mailrun::game

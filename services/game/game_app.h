// GameApp: the game service's parts wired together: the database pool, the game cache and
// loader, the move service and its version announcer, the queries, game creation, the gRPC
// service, the WatchGame streams and the listener that wakes them, the outbox relay that
// publishes the outbox to Redis (Redis being down never blocks a move: moves only insert outbox
// rows), the worker that forgets deleted accounts and plays their seats (deleted_players.h), and
// the one that keeps finished games compact (history_pruner.h), and the one that counts missed turn
// deadlines for empty seats (empty_seats.h).
// main.cc builds one and serves service().
#pragma once

#include <memory>
#include <string>

#include "services/common/connection_pool.h"
#include "services/common/outbox_relay.h"
#include "services/common/session_revocations.h"
#include "services/game/game_cache.h"
#include "services/game/game_chat.h"
#include "services/game/game_creation.h"
#include "services/game/game_loader.h"
#include "services/game/game_options.h"
#include "services/game/game_queries.h"
#include "services/game/deleted_players.h"
#include "services/game/empty_seats.h"
#include "services/game/history_pruner.h"
#include "services/game/game_service.h"
#include "services/game/game_watch.h"
#include "services/game/version_announcer.h"
#include "services/game/version_listener.h"
#include "services/game/move_service.h"
#include "services/game/programmed_move_service.h"
#include "services/game/programmed_moves.h"
#include "services/game/study_service.h"
#include "services/game/seat_service.h"

namespace mailrun::game {

class GameApp {
 public:
  // `database_url`: the (migrated) database; `redis_url`: where the relay publishes (password
  // included); `verifier`: the public keys that verify tokens.
  GameApp(const std::string& database_url, const std::string& redis_url,
          const mailrun::service::TokenVerifier& verifier, const GameOptions& options);
  ~GameApp();

  grpc::Service* service() { return service_.get(); }
  // ProgrammedMoveService, served beside GameService.
  grpc::Service* programmed_service() { return programmed_service_.get(); }
  // StudyService (records and study games), served beside GameService.
  grpc::Service* study_service() { return study_service_.get(); }
  // SeatService (empty seats), served beside GameService.
  grpc::Service* seat_service() { return seat_service_.get(); }
  // The announcer, the outbox relay, the version listener of WatchGame, the deleted players' worker,
  // the programmed moves' worker and the history pruner.
  void Start();
  // Ends the WatchGame streams (UNAVAILABLE: clients resume), so that they do not hold shutdown up.
  void EndStreams();
  void Stop();

 private:
  mailrun::service::ConnectionPool pool_;
  // Ended sessions, asked by the service's token verifier (after pool_, which it reads).
  std::shared_ptr<mailrun::service::SessionRevocations> revocations_;
  GameCache cache_;
  GameLoader loader_;
  VersionAnnouncer announcer_;  // before the move service, which announces through it, and after the pool
  std::unique_ptr<MoveService> moves_;
  std::unique_ptr<GameQueries> queries_;
  std::unique_ptr<Autopilot> autopilot_;
  std::unique_ptr<GameCreation> creation_;
  std::unique_ptr<GameChat> chat_;
  std::unique_ptr<GameWatchers> watchers_;
  std::unique_ptr<VersionListener> versions_;
  std::unique_ptr<GameServiceImpl> service_;
  std::unique_ptr<mailrun::service::OutboxRelay> relay_;
  std::unique_ptr<DeletedPlayers> deleted_players_;
  std::unique_ptr<ProgrammedMoves> programmed_;
  std::unique_ptr<ProgrammedMoveServiceImpl> programmed_service_;
  std::unique_ptr<GameRecords> records_;
  std::unique_ptr<StudyGames> studies_;
  std::unique_ptr<StudyServiceImpl> study_service_;
  std::unique_ptr<EmptySeats> empty_seats_;  // counts missed deadlines; votes and handovers
  std::unique_ptr<SeatServiceImpl> seat_service_;
  std::unique_ptr<mailrun::service::BatchedPruner> history_pruner_;
};

}  // namespace mailrun::game

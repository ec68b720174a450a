// GameStarter: turns a lobby table in status 'starting' into a game. It asks the game service to
// CreateGame with the table's edition, options, players (in seat order), tournament and turn
// deadline, under request_id "lobby-table-<table_id>", so however often it is called for a table
// (a retried StartTable, the reconciler, two at once) the game service creates one game. Then it
// records the game id and status 'playing' and, for a tournament table, writes a
// TournamentRoundStarted event for the table's players in the same transaction.
//
// Thread-safe. A table whose game could not be created stays 'starting'; the reconciler calls
// Start again later.
#pragma once

#include <grpcpp/grpcpp.h>

#include <string>

#include "services/lobby/connection_pool.h"
#include "services/lobby/events.h"
#include "services/lobby/game_client.h"

namespace mailrun::lobby {

class GameStarter {
 public:
  // `pool` and `games` must outlive this object.
  GameStarter(ConnectionPool& pool, GameServiceClient& games, EventWriter events);

  // OK when the table's game exists (now or before) or the table is not 'starting'; the game
  // service's or the database's error otherwise.
  grpc::Status Start(const std::string& table_id);

  // The request_id of a table's CreateGame.
  static std::string CreateGameRequestId(const std::string& table_id);

 private:
  ConnectionPool& pool_;
  GameServiceClient& games_;
  EventWriter events_;
};

}  // namespace mailrun::lobby

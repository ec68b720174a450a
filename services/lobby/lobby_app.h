// LobbyApp: the lobby's parts wired together: the database pool, the game service client, the
// game starter, the result recorder, the reconciler and the gRPC service. main.cc builds one and
// serves service(); tests can build one in-process the same way.
#pragma once

#include <memory>
#include <string>

#include "services/lobby/accounts.h"
#include "services/lobby/connection_pool.h"
#include "services/lobby/events.h"
#include "services/lobby/game_client.h"
#include "services/lobby/game_starter.h"
#include "services/lobby/lobby_config.h"
#include "services/lobby/lobby_service.h"
#include "services/lobby/passwords.h"
#include "services/lobby/reconciler.h"
#include "services/lobby/results.h"
#include "services/lobby/tables.h"
#include "services/lobby/tournaments.h"

namespace mailrun::lobby {

class LobbyApp {
 public:
  // `database_url`: the lobby's PostgreSQL (already migrated); `token_key`: 32 raw bytes.
  // `events`: where the lobby's events go (WriteEventToOutbox unless the outbox library's writer).
  LobbyApp(const std::string& database_url, const std::string& token_key, const LobbyConfig& config,
           EventWriter events = WriteEventToOutbox);

  grpc::Service* service() { return service_.get(); }

  // Results of finished games: Record(GameFinished) or HandleEventPayload(serialized Event).
  ResultRecorder& results() { return *results_; }
  Reconciler& reconciler() { return *reconciler_; }

 private:
  std::unique_ptr<ConnectionPool> pool_;
  std::unique_ptr<PasswordHasher> hasher_;
  std::unique_ptr<GameServiceClient> games_;
  std::unique_ptr<GameStarter> starter_;
  std::unique_ptr<ResultRecorder> results_;
  std::unique_ptr<Accounts> accounts_;
  std::unique_ptr<Tables> tables_;
  std::unique_ptr<Tournaments> tournaments_;
  std::unique_ptr<LobbyServiceImpl> service_;
  std::unique_ptr<Reconciler> reconciler_;
};

}  // namespace mailrun::lobby

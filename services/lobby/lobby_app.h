// LobbyApp: the lobby's parts wired together: the database pool, the game service client, the
// game starter, the result recorder, the reconciler, the gRPC service, and two background workers
// on Redis: the outbox relay that publishes the lobby's own events (invitations, tournament rounds)
// and the subscription to the events channel that hands every GameFinished to the result
// recorder. The reconciler stays the safety net: it records what the subscription missed (Redis
// down, the lobby restarting) and runs at once whenever a lost subscription is back.
//
// Lifecycle: construct (connects nothing), Start() the workers, serve service(), Stop() after the
// server stopped. main.cc builds one; tests can build one in-process the same way.
#pragma once

#include <memory>
#include <string>

#include "services/common/config.h"
#include "services/common/outbox_relay.h"
#include "services/common/redis.h"
#include "services/lobby/accounts.h"
#include "services/lobby/connection_pool.h"
#include "services/lobby/events.h"
#include "services/lobby/game_client.h"
#include "services/lobby/game_starter.h"
#include "services/lobby/lobby_config.h"
#include "services/lobby/lobby_service.h"
#include "services/lobby/login_limits.h"
#include "services/lobby/passwords.h"
#include "services/lobby/reconciler.h"
#include "services/lobby/results.h"
#include "services/lobby/tables.h"
#include "services/lobby/tournaments.h"

namespace mailrun::lobby {

class LobbyApp {
 public:
  // `common`: the database (already migrated), Redis (password included by RedisUrlOf), the pool
  // size, the events channel and whether to run the outbox relay; `signer`: the lobby's token
  // signing key; `verifier`: the public keys it trusts (its signer's among them). Throws
  // std::invalid_argument for a malformed Redis URL.
  LobbyApp(const mailrun::service::CommonConfig& common, mailrun::service::TokenSigner signer,
           mailrun::service::TokenVerifier verifier, const LobbyConfig& config);
  ~LobbyApp();
  LobbyApp(const LobbyApp&) = delete;
  LobbyApp& operator=(const LobbyApp&) = delete;

  void Start();  // the reconciler, the outbox relay (unless turned off) and the subscription
  void Stop();

  grpc::Service* service() { return service_.get(); }

  // Results of finished games: Record(GameFinished) or HandleEventPayload(serialized Event).
  ResultRecorder& results() { return *results_; }
  Reconciler& reconciler() { return *reconciler_; }

 private:
  const mailrun::service::TokenSigner signer_;
  const mailrun::service::TokenVerifier verifier_;
  std::unique_ptr<ConnectionPool> pool_;
  std::unique_ptr<PasswordHasher> hasher_;
  std::unique_ptr<LoginLimits> limits_;
  std::unique_ptr<GameServiceClient> games_;
  std::unique_ptr<GameStarter> starter_;
  std::unique_ptr<ResultRecorder> results_;
  std::unique_ptr<Accounts> accounts_;
  std::unique_ptr<Tables> tables_;
  std::unique_ptr<Tournaments> tournaments_;
  std::unique_ptr<LobbyServiceImpl> service_;
  std::unique_ptr<Reconciler> reconciler_;
  std::unique_ptr<mailrun::service::OutboxRelay> relay_;         // null when turned off
  std::unique_ptr<mailrun::service::RedisSubscriber> finished_;  // GameFinished events
};

}  // namespace mailrun::lobby

#include "services/lobby/lobby_app.h"

namespace mailrun::lobby {

LobbyApp::LobbyApp(const std::string& database_url, const std::string& token_key, const LobbyConfig& config,
                   EventWriter events) {
  pool_ = std::make_unique<ConnectionPool>(database_url, config.database_pool_size);
  hasher_ = std::make_unique<PasswordHasher>(config.password_hash_limits);
  games_ = std::make_unique<GameServiceClient>(
      grpc::CreateChannel(config.game_address, grpc::InsecureChannelCredentials()), token_key,
      std::chrono::seconds(config.game_call_timeout_seconds));
  starter_ = std::make_unique<GameStarter>(*pool_, *games_, events);
  results_ = std::make_unique<ResultRecorder>(*pool_);
  accounts_ = std::make_unique<Accounts>(
      *pool_, *hasher_, TokenSettings{token_key, config.access_token_seconds, config.refresh_token_seconds});
  tables_ = std::make_unique<Tables>(*pool_, *starter_, events);
  tournaments_ = std::make_unique<Tournaments>(*pool_, *starter_);
  service_ = std::make_unique<LobbyServiceImpl>(token_key, *pool_, *accounts_, *tables_, *tournaments_);
  reconciler_ = std::make_unique<Reconciler>(*pool_, *games_, *starter_, *results_,
                                             std::chrono::seconds(config.reconcile_seconds));
}

}  // namespace mailrun::lobby

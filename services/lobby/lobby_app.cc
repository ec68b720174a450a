#include "services/lobby/lobby_app.h"

#include <spdlog/spdlog.h>

#include "services/common/outbox.h"

namespace mailrun::lobby {

LobbyApp::LobbyApp(const mailrun::service::CommonConfig& common, const std::string& token_key,
                   const LobbyConfig& config) {
  const EventWriter events = mailrun::service::AppendOutboxEvent;
  pool_ = std::make_unique<ConnectionPool>(common.database_url, common.database_pool_size);
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
  if (common.run_outbox_relay) {
    mailrun::service::OutboxRelayOptions relay;
    relay.database_url = common.database_url;
    relay.redis_url = common.redis_url;
    relay.channel = common.events_channel;
    relay_ = std::make_unique<mailrun::service::OutboxRelay>(relay);
  }
  mailrun::service::RedisSubscriber::Options subscription;
  subscription.endpoint = mailrun::service::ParseRedisUrl(common.redis_url);
  subscription.channels = {common.events_channel};
  finished_ = std::make_unique<mailrun::service::RedisSubscriber>(
      subscription,
      [this](const std::string&, const std::string& payload) {
        // A failure is logged by the recorder; the reconciler records the game later.
        (void)results_->HandleEventPayload(payload);
      },
      [this](const mailrun::service::RedisSubscriber::Resubscribed& resubscribed) {
        if (resubscribed.first) return;
        spdlog::info("events subscription is back: the reconciler looks for games that finished meanwhile");
        reconciler_->Wake();
      });
}

LobbyApp::~LobbyApp() { Stop(); }

void LobbyApp::Start() {
  reconciler_->Start();
  if (relay_) relay_->Start();
  finished_->Start();
}

void LobbyApp::Stop() {
  finished_->Stop();
  if (relay_) relay_->Stop();
  reconciler_->Stop();
}

}  // namespace mailrun::lobby

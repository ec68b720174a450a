#include "services/lobby/lobby_app.h"

#include <spdlog/spdlog.h>

#include "services/common/outbox.h"

namespace mailrun::lobby {

LobbyApp::LobbyApp(const mailrun::service::CommonConfig& common, mailrun::service::TokenSigner signer,
                   mailrun::service::TokenVerifier verifier, const LobbyConfig& config)
    : signer_(std::move(signer)), verifier_(std::move(verifier)) {
  const std::string redis_url = mailrun::service::RedisUrlOf(common);
  const EventWriter events = mailrun::service::AppendOutboxEvent;
  pool_ = std::make_unique<ConnectionPool>(common.database_url, common.database_pool_size);
  HashBudget budget;
  budget.memory_limit = ContainerMemoryLimit();
  budget.cpus = ContainerCpus();
  budget.budget_override = static_cast<uint64_t>(config.password_hash_memory_mib) * 1024 * 1024;
  budget.concurrency_override = config.password_hash_concurrency;
  budget.queue_override = config.password_hash_queue;
  const HashSizing sizing = SizeHashing(config.password_hash_limits, budget);
  spdlog::info(
      "password hashing: {} MiB and {} passes per hash, {} at once, {} may wait (memory limit {}, {} CPU(s))",
      sizing.memlimit / (1024 * 1024), sizing.opslimit, sizing.concurrency, sizing.queue,
      budget.memory_limit ? std::to_string(*budget.memory_limit / (1024 * 1024)) + " MiB" : "none", budget.cpus);
  hasher_ = std::make_unique<PasswordHasher>(sizing);
  limits_ = std::make_unique<LoginLimits>(LoginLimitSettings{
      config.login_account_attempts, std::chrono::seconds(config.login_account_window_seconds),
      config.login_client_attempts, std::chrono::seconds(config.login_client_window_seconds)});
  games_ = std::make_unique<GameServiceClient>(std::make_unique<mailrun::service::GameChannels>(config.game_address),
                                               signer_, std::chrono::seconds(config.game_call_timeout_seconds));
  starter_ = std::make_unique<GameStarter>(*pool_, *games_, events);
  results_ = std::make_unique<ResultRecorder>(*pool_);
  accounts_ = std::make_unique<Accounts>(
      *pool_, *hasher_, *limits_,
      TokenSettings{&signer_, &verifier_, config.access_token_seconds, config.refresh_token_seconds,
                    config.refresh_reuse_grace_seconds});
  tables_ = std::make_unique<Tables>(*pool_, *starter_, events, config.shortest_turn_deadline_seconds);
  tournaments_ = std::make_unique<Tournaments>(*pool_, *starter_, config.shortest_turn_deadline_seconds);
  service_ = std::make_unique<LobbyServiceImpl>(verifier_, *pool_, *accounts_, *tables_, *tournaments_,
                                                config.trust_forwarded_for);
  reconciler_ = std::make_unique<Reconciler>(*pool_, *games_, *starter_, *results_,
                                             std::chrono::seconds(config.reconcile_seconds));
  if (common.run_outbox_relay) {
    mailrun::service::OutboxRelayOptions relay;
    relay.database_url = SessionDatabaseUrl(common);  // LISTEN and a session advisory lock
    relay.redis_url = redis_url;
    relay.channel = common.events_channel;
    relay_ = std::make_unique<mailrun::service::OutboxRelay>(relay);
  }
  mailrun::service::RedisSubscriber::Options subscription;
  subscription.endpoint = mailrun::service::ParseRedisUrl(redis_url);
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

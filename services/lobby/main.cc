// mailrun-lobby: the lobby service: accounts, tables, tournaments, ratings.
#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include "services/common/config.h"
#include "services/common/database.h"
#include "services/common/logging.h"
#include "services/common/server.h"
#include "services/lobby/lobby_app.h"
#include "services/lobby/lobby_config.h"

int main(int argc, char** argv) {
  mailrun::service::BlockShutdownSignals();
  CLI::App app{"mailrun-lobby: the lobby service: accounts, tables, tournaments, ratings"};
  mailrun::service::CommonConfig config;
  mailrun::service::AddCommonOptions(app, config, "127.0.0.1:50152", mailrun::lobby::kLobbyDatabasePoolSize);
  mailrun::lobby::LobbyConfig lobby_config;
  mailrun::lobby::AddLobbyOptions(app, lobby_config);
  CLI11_PARSE(app, argc, argv);

  std::unique_ptr<mailrun::lobby::LobbyApp> lobby;
  try {
    mailrun::service::InitLogging("mailrun-lobby", config.log_level);
    if (auto code = mailrun::service::RunMigrateOnly(config, "mailrun-lobby")) return *code;
    const std::string token_key = mailrun::service::LoadTokenKey(config);
    auto db = mailrun::service::PrepareDatabase(config, "mailrun-lobby");
    lobby = std::make_unique<mailrun::lobby::LobbyApp>(config, token_key, lobby_config);
  } catch (const std::exception& e) {
    spdlog::error("mailrun-lobby cannot start: {}", e.what());
    return 1;
  }

  // The reconciler, the outbox relay and the subscription to GameFinished events (lobby_app.h).
  lobby->Start();

  mailrun::service::ServerOptions options;
  options.name = "mailrun-lobby";
  options.listen = config.listen;
  options.metrics_listen = config.metrics_listen;
  options.metrics_part = mailrun::service::metrics::Part::kLobby;
  options.shutdown_grace_seconds = config.shutdown_grace_seconds;
  options.max_connection_age_seconds = config.max_connection_age_seconds;
  options.services.push_back(lobby->service());
  options.on_shutdown = [&lobby] { lobby->Stop(); };
  return mailrun::service::RunServer(options);
}

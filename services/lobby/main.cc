// mailrun-lobby: the lobby service: accounts, tables, tournaments, ratings.
#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include "services/common/config.h"
#include "services/common/database.h"
#include "services/common/logging.h"
#include "services/common/readiness.h"
#include "services/common/port_reservation.h"
#include "services/common/server.h"
#include "services/common/signing_keys.h"
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
  // Held until the servers bind them: a connection made meanwhile cannot take them (port_reservation.h).
  mailrun::service::PortReservation listen_ports({config.listen, config.metrics_listen});

  std::unique_ptr<mailrun::lobby::LobbyApp> lobby;
  try {
    mailrun::service::InitLogging("mailrun-lobby", config.log_level);
    if (auto code = mailrun::service::RunMigrateOnly(config, "mailrun-lobby")) return *code;
    auto signer = mailrun::service::LoadSigningKey(lobby_config.token_signing_key, lobby_config.token_signing_key_file);
    // The lobby verifies its own tokens and any other key it is told to trust (a key being rolled
    // in or retired: docs/operations.md).
    mailrun::service::TokenVerifier verifier;
    if (!config.token_public_keys.empty() || !config.token_public_keys_file.empty()) {
      verifier = mailrun::service::LoadTokenVerifier(config);
    }
    verifier.Add(signer.key_id(), signer.public_key());
    auto db = mailrun::service::PrepareDatabase(config, "mailrun-lobby");
    lobby = std::make_unique<mailrun::lobby::LobbyApp>(config, std::move(signer), std::move(verifier), lobby_config);
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
  mailrun::service::DatabaseReadiness database(config.database_url);
  options.ready = [&database] { return database.Check(); };
  options.ready_services = {mailrun::v1::LobbyService::service_full_name()};
  options.on_shutdown = [&lobby] { lobby->Stop(); };
  options.reservation = &listen_ports;
  return mailrun::service::RunServer(options);
}

// mailrun-game: the game service: the engine over gRPC, the action log in PostgreSQL.
#include <spdlog/spdlog.h>

#include <CLI/CLI.hpp>
#include <memory>

#include "services/common/config.h"
#include "services/common/database.h"
#include "services/common/logging.h"
#include "services/common/readiness.h"
#include "services/common/port_reservation.h"
#include "services/common/server.h"
#include "services/game/game_app.h"
#include "services/game/game_options.h"

int main(int argc, char** argv) {
  mailrun::service::BlockShutdownSignals();
  CLI::App app{"mailrun-game: the game service: the engine over gRPC, the action log in PostgreSQL"};
  mailrun::service::CommonConfig config;
  mailrun::game::GameOptions game_options;
  mailrun::service::AddCommonOptions(app, config, "127.0.0.1:50151", game_options.database_pool_size);
  mailrun::game::AddGameOptions(app, game_options);
  CLI11_PARSE(app, argc, argv);
  // Held until the servers bind them: a connection made meanwhile cannot take them (port_reservation.h).
  mailrun::service::PortReservation listen_ports({config.listen, config.metrics_listen});
  game_options.database_pool_size = config.database_pool_size;
  game_options.events_channel = config.events_channel;
  game_options.run_outbox_relay = config.run_outbox_relay;
  game_options.session_database_url = mailrun::service::SessionDatabaseUrl(config);

  std::unique_ptr<mailrun::game::GameApp> game;
  try {
    mailrun::service::InitLogging("mailrun-game", config.log_level);
    if (auto code = mailrun::service::RunMigrateOnly(config, "mailrun-game")) return *code;
    const auto verifier = mailrun::service::LoadTokenVerifier(config);
    mailrun::service::PrepareDatabase(config, "mailrun-game");
    game = std::make_unique<mailrun::game::GameApp>(config.database_url, mailrun::service::RedisUrlOf(config), verifier,
                                                    game_options);
  } catch (const std::exception& e) {
    spdlog::error("mailrun-game cannot start: {}", e.what());
    return 1;
  }
  game->Start();

  mailrun::service::ServerOptions options;
  options.name = "mailrun-game";
  options.listen = config.listen;
  options.metrics_listen = config.metrics_listen;
  options.metrics_part = mailrun::service::metrics::Part::kGame;
  options.shutdown_grace_seconds = config.shutdown_grace_seconds;
  options.max_connection_age_seconds = config.max_connection_age_seconds;
  options.services.push_back(game->service());
  options.services.push_back(game->programmed_service());
  options.services.push_back(game->study_service());
  options.services.push_back(game->seat_service());
  mailrun::service::DatabaseReadiness database(config.database_url);
  options.ready = [&database] { return database.Check(); };
  options.ready_services = {mailrun::v1::GameService::service_full_name()};
  options.on_draining = [&game] { game->EndStreams(); };
  options.on_shutdown = [&game] { game->Stop(); };
  options.reservation = &listen_ports;
  return mailrun::service::RunServer(options);
}

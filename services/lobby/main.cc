// mailrun-lobby: the lobby service: accounts, tables, tournaments, ratings.
#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include "services/common/config.h"
#include "services/common/database.h"
#include "services/common/logging.h"
#include "services/common/server.h"

int main(int argc, char** argv) {
  mailrun::service::BlockShutdownSignals();
  CLI::App app{"mailrun-lobby: the lobby service: accounts, tables, tournaments, ratings"};
  mailrun::service::CommonConfig config;
  mailrun::service::AddCommonOptions(app, config, "127.0.0.1:50152");
  CLI11_PARSE(app, argc, argv);

  const std::string options_name = "mailrun-lobby";
  try {
    mailrun::service::InitLogging("mailrun-lobby", config.log_level);
    if (auto code = mailrun::service::RunMigrateOnly(config, options_name)) return *code;
    auto db = mailrun::service::PrepareDatabase(config, options_name);
  } catch (const std::exception& e) {
    spdlog::error("mailrun-lobby cannot start: {}", e.what());
    return 1;
  }

  mailrun::service::ServerOptions options;
  options.name = "mailrun-lobby";
  options.listen = config.listen;
  options.shutdown_grace_seconds = config.shutdown_grace_seconds;
  options.max_connection_age_seconds = config.max_connection_age_seconds;
  return mailrun::service::RunServer(options);
}

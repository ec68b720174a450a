// mailrun: the command-line client (board rendering, replay, self-play, playing against the services).
#include <CLI/CLI.hpp>

#include "tools/mailrun/commands.h"

int main(int argc, char** argv) {
  CLI::App app{"mailrun: play 1853 (India) against the Mailrun services, and tools for its engine"};
  app.require_subcommand(1);
  mailrun::cli::RegisterHealthCommand(app);
  mailrun::cli::RegisterBoardCommand(app);
  mailrun::cli::RegisterSelfPlayCommand(app);
  mailrun::cli::RegisterReplayCommand(app);
  CLI11_PARSE(app, argc, argv);
  return 0;
}

// mailrun: the command-line client (playing against the services; board rendering, replay and
// self-play of the engine).
#include <CLI/CLI.hpp>

#include <iostream>
#include <nlohmann/json.hpp>

#include "tools/mailrun/client/errors.h"
#include "tools/mailrun/client/options.h"
#include "tools/mailrun/commands.h"

namespace {

// A failed command: its message on stderr (one JSON object with --json), and its exit code.
int Fail(const mailrun::cli::CliError& error, bool json) {
  if (json) {
    nlohmann::ordered_json out = {{"error", {{"message", error.what()}, {"exitCode", error.exit_code()}}}};
    if (const auto* call = dynamic_cast<const mailrun::cli::CallError*>(&error)) {
      out["error"]["code"] = mailrun::cli::StatusCodeName(call->code());
    }
    std::cerr << out.dump() << "\n";
  } else {
    std::cerr << "mailrun: " << error.what() << "\n";
  }
  return error.exit_code();
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"mailrun: play 1853 (India) against the Mailrun services, and tools for its engine"};
  app.require_subcommand(1);
  app.footer(
      "Start: mailrun register NAME (or login NAME), mailrun tables create, mailrun games show, mailrun actions,\n"
      "mailrun act --choice N. Exit codes: 0 done, 1 refused by a service, 2 bad input, 3 a service is\n"
      "unreachable or too slow, 4 not logged in (or the login ended).");
  static mailrun::cli::ClientOptions options;
  mailrun::cli::AddClientOptions(app, options);
  mailrun::cli::RegisterAccountCommands(app, options);
  mailrun::cli::RegisterSessionsCommands(app, options);
  mailrun::cli::RegisterTablesCommand(app, options);
  mailrun::cli::RegisterGamesCommand(app, options);
  mailrun::cli::RegisterActCommands(app, options);
  mailrun::cli::RegisterGameLogCommands(app, options);
  mailrun::cli::RegisterWatchCommands(app, options);
  mailrun::cli::RegisterTournamentsCommand(app, options);
  mailrun::cli::RegisterRatingsCommands(app, options);
  mailrun::cli::RegisterChatCommands(app, options);
  mailrun::cli::RegisterProgrammedCommands(app, options);
  mailrun::cli::RegisterStudyCommands(app, options);
  mailrun::cli::RegisterSeatCommands(app, options);
  mailrun::cli::RegisterNotifyCommands(app, options);
  mailrun::cli::RegisterHealthCommand(app);
  mailrun::cli::RegisterBoardCommand(app);
  mailrun::cli::RegisterSelfPlayCommand(app);
  mailrun::cli::RegisterReplayCommand(app);
  mailrun::cli::RegisterKeysCommand(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    // CLI11 prints the message (or the help); its own argument errors (codes 100 and up) are bad
    // input, exit 2 as the footer says.
    const int code = app.exit(error);
    return code >= static_cast<int>(CLI::ExitCodes::IncorrectConstruction) ? 2 : code;
  } catch (const mailrun::cli::CliError& error) {
    return Fail(error, options.json);
  }
  return 0;
}

// The mailrun client's global options: where the three services are, which saved login to use,
// JSON or text output, and each call's deadline. Flags with environment fallbacks; the addresses
// default to the local stack of `make run` (deploy/stack.sh).
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace mailrun::cli {

struct ClientOptions {
  std::string game_address = "127.0.0.1:50151";    // --game-addr, MAILRUN_GAME_ADDR
  std::string lobby_address = "127.0.0.1:50152";   // --lobby-addr, MAILRUN_LOBBY_ADDR
  std::string notify_address = "127.0.0.1:50153";  // --notify-addr, MAILRUN_NOTIFY_ADDR
  std::string profile;                             // --profile, MAILRUN_PROFILE; "" = the default login
  bool json = false;                               // --json
  double timeout_seconds = 10;                     // --timeout, MAILRUN_TIMEOUT
};

// Adds the options to the top-level app; subcommands accept them too (before or after their name).
void AddClientOptions(CLI::App& app, ClientOptions& options);

// "" if `profile` is a usable profile name (1 to 64 of A-Z a-z 0-9 . _ -, not starting with '.'),
// else what is wrong with it.
std::string CheckProfileName(const std::string& profile);

}  // namespace mailrun::cli

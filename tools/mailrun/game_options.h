// Command-line flags for a game's optional rules (2.4), shared by the subcommands that create
// games: --bank full|standard|short|longer, --simplified, --unrestricted-58, --tiles mik1|mik1.1.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "mailrun/v1/game_config.pb.h"

namespace mailrun::cli {

struct GameOptionFlags {
  std::string bank = "full";
  bool simplified = false;
  bool unrestricted_58 = false;
  std::string tiles = "none";
};

void AddGameOptionFlags(CLI::App& command, GameOptionFlags& flags);
// Throws CLI::ValidationError naming the bad value.
mailrun::v1::GameOptions ToGameOptions(const GameOptionFlags& flags);

}  // namespace mailrun::cli

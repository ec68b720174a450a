// Command-line flags for a game's title and 1853's optional rules (2.4), shared by the subcommands
// that create games: --title 1853|1947, --edition retuned|2009 (1853's), --bank
// full|standard|short|longer, --simplified, --unrestricted-58, --tiles mik1|mik1.1.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "mailrun/v1/game_config.pb.h"

namespace mailrun::cli {

struct GameOptionFlags {
  std::string title = "1853";
  std::string edition = "retuned";
  std::string bank = "full";
  bool simplified = false;
  bool unrestricted_58 = false;
  std::string tiles = "none";
};

void AddGameOptionFlags(CLI::App& command, GameOptionFlags& flags);
// Throw CLI::ValidationError naming a bad value; 1853's options with another title: BadInput.
mailrun::v1::GameOptions ToGameOptions(const GameOptionFlags& flags);
mailrun::v1::Title ToTitle(const GameOptionFlags& flags);
// The edition to ask for: 1853 Retuned or the 2009 Lookout edition, or none for a title with one
// edition.
mailrun::v1::Edition ToEdition(const GameOptionFlags& flags);

}  // namespace mailrun::cli

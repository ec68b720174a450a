// `mailrun selfplay`: whole games of the reference bot against itself, with invariants checked.
#include <fmt/format.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "engine/selfplay/selfplay.h"
#include "tools/mailrun/commands.h"
#include "tools/mailrun/game_options.h"

namespace mailrun::cli {

using engine::GameRecordToJson;
using engine::RunSelfPlay;
using engine::SelfPlayOptions;
using engine::SelfPlayResult;

void RegisterSelfPlayCommand(CLI::App& app) {
  struct Flags {
    int games = 1;
    int players = 4;
    uint64_t seed = 1;
    bool json = false;
    std::string record_dir;
    int max_actions = 50000;
    GameOptionFlags options;
  };
  static Flags flags;
  auto* command = app.add_subcommand("selfplay", "Play whole games with the reference bot, checking every invariant");
  command->add_option("--games", flags.games, "number of games")->check(CLI::Range(1, 100000))->capture_default_str();
  command->add_option("--players", flags.players, "players per game (3-6)")->check(CLI::Range(3, 6))->capture_default_str();
  command->add_option("--seed", flags.seed, "seed of the first game (game i uses seed + i)")->capture_default_str();
  command->add_option("--max-actions", flags.max_actions, "a game not over after this many actions is not completed")
      ->capture_default_str();
  command->add_option("--record-dir", flags.record_dir, "write each game's record (JSON) into this folder");
  command->add_flag("--json", flags.json, "print one JSON object");
  AddGameOptionFlags(*command, flags.options);
  command->callback([] {
    SelfPlayOptions options;
    options.games = flags.games;
    options.players = flags.players;
    options.seed = flags.seed;
    options.max_actions = flags.max_actions;
    options.options = ToGameOptions(flags.options);
    options.title = ToTitle(flags.options);
    options.edition = ToEdition(flags.options);
    const auto start = std::chrono::steady_clock::now();
    const SelfPlayResult result = RunSelfPlay(options);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!flags.record_dir.empty()) {
      std::filesystem::create_directories(flags.record_dir);
      for (const auto& game : result.played) {
        std::ofstream out(fmt::format("{}/selfplay-p{}-seed{}.json", flags.record_dir, flags.players, game.seed));
        out << GameRecordToJson(game.record) << "\n";
      }
    }
    std::map<std::string, int> endings;
    for (const auto& game : result.played) endings[game.completed ? game.end_reason : "not completed"]++;
    if (flags.json) {
      nlohmann::json out = {{"games", result.games},
                            {"completed", result.completed},
                            {"invariant_violations", result.invariant_violations},
                            {"actions", result.actions},
                            {"seconds", seconds},
                            {"players", flags.players},
                            {"title", flags.options.title},
                            {"seed", flags.seed},
                            {"endings", endings},
                            {"violations", result.violations}};
      if (flags.options.title == "1853") out["edition"] = flags.options.edition;  // 1947 has one edition
      std::cout << out.dump() << "\n";
    } else {
      std::cout << fmt::format("{} games, {} completed, {} invariant violations, {} actions, {:.1f} s\n", result.games,
                               result.completed, result.invariant_violations, result.actions, seconds);
      for (const auto& [reason, count] : endings) std::cout << fmt::format("  {} x {}\n", count, reason);
      for (const auto& v : result.violations) std::cout << "  ! " << v << "\n";
    }
    if (result.invariant_violations > 0 || result.completed < result.games) throw CLI::RuntimeError(1);
  });
}

}  // namespace mailrun::cli

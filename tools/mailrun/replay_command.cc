// `mailrun replay FILE`: replays a game record and prints its log and the final scores.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <sstream>

#include "engine/core/game_record.h"
#include "engine/titles/game.h"
#include "engine/titles/registry.h"
#include "tools/mailrun/commands.h"

namespace mailrun::cli {

void RegisterReplayCommand(CLI::App& app) {
  static std::string file;
  auto* command = app.add_subcommand("replay", "Replay a game record: print the game log and the final scores");
  command->add_option("file", file, "game record (JSON)")->required()->check(CLI::ExistingFile);
  command->callback([] {
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    auto record = engine::ParseGameRecord(text.str());
    if (!record.ok()) throw CLI::ValidationError(file, record.error().ToString());
    auto game = engine::Game::Create(record->config);
    if (!game.ok()) throw CLI::ValidationError(file, game.error().ToString());
    for (size_t i = 0; i < record->actions.size(); ++i) {
      auto applied = game->Apply(record->actions[i]);
      if (!applied.ok()) {
        std::cerr << fmt::format("action {} was refused: {}\n", i + 1, applied.error().ToString());
        throw CLI::RuntimeError(1);
      }
      for (const std::string& line : applied->log) std::cout << line << "\n";
    }
    if (!game->Finished()) {
      std::cout << fmt::format("(the record ends after {} actions; the game is not over)\n", record->actions.size());
      return;
    }
    const auto name = [&](int seat) { return game->config().players(seat).display_name(); };
    const auto title = engine::FindTitle(game->config().title());
    const auto money = [&](int amount) { return title.ok() ? (*title)->Money(amount) : std::to_string(amount); };
    std::cout << "Final scores:\n";
    for (const auto& score : game->Standings()) {
      std::cout << fmt::format("  {}. {} {}\n", score.rank, name(score.seat), money(score.wealth));
    }
    for (const auto& expected : record->final_scores) {
      bool matched = false;
      for (const auto& score : game->Standings()) {
        matched = matched || (name(score.seat) == expected.player && score.wealth == expected.wealth);
      }
      if (!matched) {
        std::cerr << fmt::format("the record says {} ended with {}; the replay differs\n", expected.player,
                                 money(expected.wealth));
        throw CLI::RuntimeError(2);
      }
    }
  });
}

}  // namespace mailrun::cli

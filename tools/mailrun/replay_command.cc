// `mailrun replay FILE...`: replays game records and prints each one's log and final scores.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/game_record.h"
#include "engine/titles/game.h"
#include "engine/titles/registry.h"
#include "tools/mailrun/commands.h"

namespace mailrun::cli {

namespace {

// Replays one record: its log, then its final scores checked against the record's.
void ReplayRecord(const std::string& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  auto record = engine::ParseGameRecord(text.str());
  if (!record.ok()) throw CLI::ValidationError(file, record.error().ToString());
  auto game = engine::Game::Create(record->config);
  if (!game.ok()) throw CLI::ValidationError(file, game.error().ToString());
  const auto& actions = record->actions;
  for (size_t i = 0; i < actions.size(); ++i) {
    auto applied = game->ApplyLogged(actions, i);  // told the next action: the same outcome, sooner
    if (!applied.ok()) {
      std::cerr << fmt::format("{}: action {} was refused: {}\n", file, i + 1, applied.error().ToString());
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
      std::cerr << fmt::format("{}: the record says {} ended with {}; the replay differs\n", file, expected.player,
                               money(expected.wealth));
      throw CLI::RuntimeError(2);
    }
  }
}

}  // namespace

void RegisterReplayCommand(CLI::App& app) {
  static std::vector<std::string> files;
  auto* command = app.add_subcommand("replay", "Replay game records: print each game's log and final scores");
  command->add_option("files", files, "game records (JSON); several are replayed one after another")
      ->required()
      ->check(CLI::ExistingFile);
  command->callback([] {
    for (const std::string& file : files) {
      if (files.size() > 1) std::cout << fmt::format("== {}\n", file);
      ReplayRecord(file);
    }
  });
}

}  // namespace mailrun::cli

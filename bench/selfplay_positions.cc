#include "bench/selfplay_positions.h"

#include <fmt/format.h>

#include "engine/selfplay/selfplay.h"

namespace mailrun::bench {

using engine::t1853::Game;
using engine::GameRecord;
using engine::t1853::GameState;

std::vector<GameRecord> PlayBotGames(int games, int players, uint64_t seed) {
  engine::SelfPlayOptions options;
  options.games = games;
  options.players = players;
  options.seed = seed;
  options.listed_actions_checked = 0;
  options.options.set_bank(mailrun::v1::BANK_LONGER);
  std::vector<GameRecord> records;
  for (engine::SelfPlayGame& game : engine::RunSelfPlay(options).played) records.push_back(std::move(game.record));
  return records;
}

std::string TrainNames(const GameState& state, int company) {
  std::string names;
  for (const engine::t1853::TrainCard& card : state.companies[company].trains) names += (names.empty() ? "" : "+") + card.name;
  return names;
}

std::vector<RealPosition> LateGameRunSteps(const GameRecord& record) {
  std::vector<RealPosition> positions;
  auto created = Game::Create(record.config);
  if (!created.ok()) return positions;
  Game game = std::move(*created);
  for (const auto& action : record.actions) {
    const GameState& s = game.state();
    if (s.stage == engine::t1853::Stage::kRailway && s.railway.step == engine::t1853::TurnStep::kRun && s.railway.company >= 0) {
      const int company = s.railway.company;
      bool late = false;
      for (const engine::t1853::TrainCard& card : s.companies[company].trains) {
        late = late || card.name == "5" || card.name == "6" || card.name == "4M";
      }
      if (late) {
        positions.push_back(RealPosition{
            game, company,
            fmt::format("{}p seed {} RR {} {} {}", s.players_count, record.config.seed(), s.railway.number,
                        game.data().companies[company].initials, TrainNames(s, company))});
      }
    }
    if (!game.Apply(action).ok()) break;
  }
  return positions;
}

}  // namespace mailrun::bench

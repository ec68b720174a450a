// Benchmark of replaying recorded games with engine::Game (what `mailrun replay`, the game
// service's loads and undo cost): every game of tests/fixtures/games/ (both 1853 editions)
// replayed from its start, action by action, in one process (no start-up, no file reading).
//   BM_ReplayFixtures   all recorded games, one after another: items/s = actions per second
//   BM_ReplayGame/N     the N-th recorded game alone
//   BM_ColdLoadLate/N   what a cold GetGame of a late position costs the engine: the game restored
//                       from a snapshot (the service keeps one every 50 actions), the 49 actions
//                       after it applied, and a player's view built
//
//   build/bin/mailrun_bench_replay [Google Benchmark flags, e.g. --benchmark_repetitions=5]
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/game_record.h"
#include "engine/titles/game.h"

namespace {

using mailrun::engine::Game;
using mailrun::engine::GameRecord;

struct Recorded {
  std::string name;
  GameRecord record;
};

std::vector<Recorded> LoadFixtures() {
  std::vector<std::filesystem::path> paths;
  for (const auto& entry : std::filesystem::directory_iterator(MAILRUN_GAMES_DIR)) {
    if (entry.path().extension() == ".json") paths.push_back(entry.path());
  }
  std::sort(paths.begin(), paths.end());
  std::vector<Recorded> out;
  for (const auto& path : paths) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    auto record = mailrun::engine::ParseGameRecord(text.str());
    if (!record.ok()) {
      std::fprintf(stderr, "%s: %s\n", path.c_str(), record.error().ToString().c_str());
      std::exit(1);
    }
    out.push_back({path.filename().string(), std::move(*record)});
  }
  return out;
}

const std::vector<Recorded>& Fixtures() {
  static const std::vector<Recorded> fixtures = LoadFixtures();
  return fixtures;
}

// Replays the whole record; a refusal is a broken fixture or engine, not a figure.
Game Replay(const GameRecord& record, size_t actions) {
  auto game = Game::Create(record.config);
  if (!game.ok()) std::abort();
  for (size_t i = 0; i < actions; ++i) {
    // As `mailrun replay` and the game service's loader do: told the next action of the replayed part.
    if (!game->ApplyLogged(std::span(record.actions).first(actions), i).ok()) {
      std::fprintf(stderr, "action %zu was refused\n", i + 1);
      std::abort();
    }
  }
  return std::move(*game);
}

void BM_ReplayFixtures(benchmark::State& state) {
  int64_t actions = 0;
  for (auto _ : state) {
    for (const Recorded& game : Fixtures()) {
      Game replayed = Replay(game.record, game.record.actions.size());
      benchmark::DoNotOptimize(replayed.Finished());
      actions += static_cast<int64_t>(game.record.actions.size());
    }
  }
  state.SetItemsProcessed(actions);
}
BENCHMARK(BM_ReplayFixtures)->Unit(benchmark::kMillisecond);

void BM_ReplayGame(benchmark::State& state) {
  const Recorded& game = Fixtures().at(static_cast<size_t>(state.range(0)));
  state.SetLabel(game.name);
  for (auto _ : state) {
    Game replayed = Replay(game.record, game.record.actions.size());
    benchmark::DoNotOptimize(replayed.Finished());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<int64_t>(game.record.actions.size()));
}
BENCHMARK(BM_ReplayGame)->DenseRange(0, 7)->Unit(benchmark::kMillisecond);

// The game service stores a snapshot every 50 actions (--snapshot-every); a cold read restores
// the newest one and applies the actions after it. The dearest late position: the last one of
// the record that is 49 actions after a snapshot.
void BM_ColdLoadLate(benchmark::State& state) {
  const Recorded& game = Fixtures().at(static_cast<size_t>(state.range(0)));
  const size_t end = game.record.actions.size() - (game.record.actions.size() - 49) % 50;
  const size_t at = end - 49;
  const std::string snapshot = Replay(game.record, at).SnapshotJson();
  state.SetLabel(game.name + " from action " + std::to_string(at) + " to " + std::to_string(end));
  for (auto _ : state) {
    auto loaded = Game::FromSnapshot(game.record.config, snapshot);
    if (!loaded.ok()) std::abort();
    const auto after_snapshot = std::span(game.record.actions).subspan(at, end - at);  // the loader's log
    for (size_t i = 0; i < after_snapshot.size(); ++i) {
      if (!loaded->ApplyLogged(after_snapshot, i).ok()) std::abort();
    }
    benchmark::DoNotOptimize(loaded->View(0));
  }
}
BENCHMARK(BM_ColdLoadLate)->DenseRange(0, 7)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

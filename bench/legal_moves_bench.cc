// Benchmark of the legal-move listing (Game::LegalActions) for the operating company's track step
// (every legal lay and promotion, 4.1 - 4.2) and base step (every legal base, 4.4). Positions are
// every such step of the recorded self-play games (tests/fixtures/games/*.json, replayed with
// real actions) and, optionally, of further self-play games: "mid" is phases 1-2, "late" phases
// 3-4. First a latency study (p50/p99/max per call over all positions), then Google Benchmark's
// own timing of the slowest position of each kind.
//
//   build/bin/mailrun_bench_legal_moves [--selfplay_games=N] [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "engine/titles/t1853/game.h"
#include "engine/core/game_record.h"
#include "engine/selfplay/selfplay.h"

namespace {

using mailrun::engine::t1853::Game;
using mailrun::engine::GameRecord;
using mailrun::engine::t1853::Stage;
using mailrun::engine::t1853::TurnStep;

const char* const kFixtures[] = {"bot-game-3p.json", "bot-game-4p.json", "bot-game-5p.json", "bot-game-6p.json",
                                 "bot-game-4p-short-bank.json"};

struct Sample {
  double ms = 0;      // wall-clock time of one call
  double cpu_ms = 0;  // this thread's CPU time (the machine is shared: wall time includes waiting)
  size_t listed = 0;
  std::string where;
};

struct Kind {
  std::vector<Sample> samples;
  std::optional<Game> slowest;  // the position of the slowest sample
  double slowest_ms = -1;
};

std::map<std::string, Kind> g_kinds;  // "track/mid", "track/late", "base/mid", "base/late"

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

double ThreadCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double Percentile(std::vector<double> values, double p) {
  std::sort(values.begin(), values.end());
  const size_t rank = static_cast<size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(rank, values.size() - 1)];
}

// Replays a game and times LegalActions at every track and base step on the way.
void Collect(const GameRecord& record, const std::string& name) {
  auto created = Game::Create(record.config);
  if (!created.ok()) {
    std::fprintf(stderr, "%s: %s\n", name.c_str(), created.error().ToString().c_str());
    return;
  }
  Game game = std::move(*created);
  for (size_t i = 0; i < record.actions.size(); ++i) {
    const auto& s = game.state();
    if (s.stage == Stage::kRailway && (s.railway.step == TurnStep::kTrack || s.railway.step == TurnStep::kBase)) {
      const int seat = game.ActiveSeats().at(0);
      const double cpu_start = ThreadCpuMs();
      const auto start = std::chrono::steady_clock::now();
      const auto legal = game.LegalActions(seat);
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      const double cpu_ms = ThreadCpuMs() - cpu_start;
      const std::string kind = std::string(s.railway.step == TurnStep::kTrack ? "track" : "base") +
                               (s.phase <= 2 ? "/mid" : "/late");
      Kind& k = g_kinds[kind];
      k.samples.push_back({ms, cpu_ms, legal.size(), name + " action " + std::to_string(i)});
      if (cpu_ms > k.slowest_ms) {
        k.slowest_ms = cpu_ms;
        k.slowest = game;
      }
    }
    if (!game.Apply(record.actions[i]).ok()) {
      std::fprintf(stderr, "%s: action %zu refused\n", name.c_str(), i);
      return;
    }
  }
}

void Report() {
  std::printf("%-11s %9s | %8s %8s %8s | %8s %8s %8s | %8s\n", "kind", "positions", "p50 ms", "p99 ms", "max ms",
              "cpu p50", "cpu p99", "cpu max", "listed");
  for (const auto& [kind, k] : g_kinds) {
    std::vector<double> ms;
    std::vector<double> cpu;
    std::vector<double> listed;
    for (const Sample& s : k.samples) {
      ms.push_back(s.ms);
      cpu.push_back(s.cpu_ms);
      listed.push_back(static_cast<double>(s.listed));
    }
    std::printf("%-11s %9zu | %8.3f %8.3f %8.3f | %8.3f %8.3f %8.3f | %8.0f\n", kind.c_str(), ms.size(),
                Percentile(ms, 0.5), Percentile(ms, 0.99), Percentile(ms, 1.0), Percentile(cpu, 0.5),
                Percentile(cpu, 0.99), Percentile(cpu, 1.0), Percentile(listed, 0.5));
    const auto slowest = std::max_element(k.samples.begin(), k.samples.end(),
                                          [](const Sample& a, const Sample& b) { return a.cpu_ms < b.cpu_ms; });
    std::printf("            slowest (cpu): %s, %zu listed\n", slowest->where.c_str(), slowest->listed);
  }
  std::fflush(stdout);
}

void BM_LegalActions(benchmark::State& state, const std::string& kind) {
  const Kind& k = g_kinds.at(kind);
  const Game& game = *k.slowest;
  const int seat = game.ActiveSeats().at(0);
  for (auto _ : state) {
    auto legal = game.LegalActions(seat);
    benchmark::DoNotOptimize(legal);
  }
  state.SetLabel("slowest " + kind + " position");
}

}  // namespace

int main(int argc, char** argv) {
  int selfplay_games = 0;
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--selfplay_games=", 17) == 0) {
      selfplay_games = std::atoi(argv[i] + 17);
    } else {
      rest.push_back(argv[i]);
    }
  }
  for (const char* fixture : kFixtures) {
    auto record = mailrun::engine::ParseGameRecord(ReadFile(std::string(MAILRUN_GAMES_DIR) + "/" + fixture));
    if (!record.ok()) {
      std::fprintf(stderr, "%s: %s\n", fixture, record.error().ToString().c_str());
      return 1;
    }
    Collect(*record, fixture);
  }
  for (int g = 0; g < selfplay_games; ++g) {
    mailrun::engine::SelfPlayOptions options;
    options.players = 3 + g % 4;
    options.seed = 7000 + static_cast<uint64_t>(g);
    options.listed_actions_checked = 0;
    std::vector<std::string> violations;
    int violation_count = 0;
    mailrun::v1::GameConfig config;
    config.set_edition(mailrun::v1::EDITION_RETUNED);
    config.set_seed(options.seed);
    for (int p = 0; p < options.players; ++p) {
      auto* player = config.add_players();
      player->set_user_id("bench" + std::to_string(p));
      player->set_display_name("P" + std::to_string(p));
    }
    const auto played = mailrun::engine::PlayOneGame(config, options, violations, violation_count);
    Collect(played.record, "self-play seed " + std::to_string(options.seed));
  }
  Report();
  for (const auto& [kind, k] : g_kinds) {
    if (k.slowest) {
      benchmark::RegisterBenchmark(("BM_LegalActions/" + kind).c_str(), BM_LegalActions, kind)
          ->Unit(benchmark::kMillisecond);
    }
  }
  int rest_argc = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_argc, rest.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

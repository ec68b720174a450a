// Benchmark of the route optimiser on late-game positions: real ones from bot games
// (bench/selfplay_positions.h), then synthetic ones (bench/route_boards.h): a 170-hex
// India-sized grid, most hexes built with brown and grey tiles, 24 cities of which 4 have several
// stations, 40 town hexes, hubs and junctions, foreign tokens blocking, and companies with two
// or three late trains. First a latency study (p50/p99 per company over seeded positions, with
// the weak-bound optimiser as the baseline on the same positions), then Google Benchmark's own
// timing of a few positions.
//
//   build/bin/mailrun_bench_routes [--positions=N] [--dense_positions=N] [--no_baseline] [--first=I]
//                                  [--real_games=N] [--real_seed=S] [--real_positions=N]
//                                  [--real_only | --no_real] [--late_game_only | --hub_dense_only]
//                                  [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench/route_boards.h"
#include "bench/selfplay_positions.h"
#include "engine/core/routes/exhaustive_search.h"
#include "engine/core/routes/route_optimizer.h"
#include "engine/titles/t1853/route_graph_builder.h"

namespace {

using mailrun::bench::Board;
using mailrun::bench::LateGameParams;
using mailrun::bench::MakeBoard;
using mailrun::bench::Trains;
using mailrun::engine::routes::ExhaustiveSearch;
using mailrun::engine::routes::Optimize;
using mailrun::engine::routes::OptimizeOptions;
using mailrun::engine::routes::OptimizeStats;
using mailrun::engine::routes::TrainSpec;

const char* const kTrainSets[] = {"6+6", "5+4M", "6+4M", "6+5", "5+5", "4+4M"};

struct Position {
  Board board;
  std::vector<TrainSpec> trains;
  std::string label;
};

Position MakePosition(bool hub_dense, int index) {
  uint64_t seed = 1000 + static_cast<uint64_t>(index);
  const char* set = kTrainSets[index % (sizeof(kTrainSets) / sizeof(kTrainSets[0]))];
  return Position{MakeBoard(LateGameParams(hub_dense), seed), Trains(set),
                  std::string(hub_dense ? "hub-dense" : "late-game") + " #" + std::to_string(index) + " " + set};
}

double Percentile(std::vector<double> values, double p) {
  std::sort(values.begin(), values.end());
  size_t rank = static_cast<size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(rank, values.size() - 1)];
}

double ThreadCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

struct Timing {
  double ms = 0;
  double cpu_ms = 0;
  int total = -1;
  bool proven = false;
  OptimizeStats stats;
};

enum class Variant { kOptimiser, kWeakBound, kListEverything };

Timing TimeOnce(const Position& position, Variant variant) {
  Timing timing;
  OptimizeOptions options;
  options.stats = &timing.stats;
  options.reach_bound = variant != Variant::kWeakBound;
  options.threshold_listing = variant != Variant::kListEverything;
  const double cpu_start = ThreadCpuMs();
  auto start = std::chrono::steady_clock::now();
  auto result = Optimize(position.board.graph, position.trains, options);
  auto end = std::chrono::steady_clock::now();
  timing.ms = std::chrono::duration<double, std::milli>(end - start).count();
  timing.cpu_ms = ThreadCpuMs() - cpu_start;
  if (result.ok()) {
    timing.total = result->best_total.total();
    timing.proven = result->proven_optimal;
  }
  return timing;
}

void Print(const char* what, int positions, const std::vector<double>& wall, const std::vector<double>& cpu,
           int unproven) {
  std::printf("%-28s positions=%d  wall p50=%7.2f p90=%7.2f p99=%7.2f max=%8.2f ms | cpu p50=%7.2f p99=%7.2f "
              "max=%8.2f ms | not proven: %d\n",
              what, positions, Percentile(wall, 0.5), Percentile(wall, 0.9), Percentile(wall, 0.99),
              Percentile(wall, 1.0), Percentile(cpu, 0.5), Percentile(cpu, 0.99), Percentile(cpu, 1.0), unproven);
}

int g_first_position = 0;

// p50/p99 of Optimize per company over the positions; with a baseline, the same positions again
// with the weak static bound (every station of the graph instead of what is still reachable).
void Study(bool hub_dense, int positions, bool baseline) {
  std::vector<double> times, cpu;
  std::vector<double> baseline_times, baseline_cpu;
  int unproven = 0;
  int baseline_unproven = 0;
  std::vector<double> list_all_times, list_all_cpu;
  int list_all_unproven = 0;
  int disagreements = 0;
  Timing worst;
  std::string worst_label;
  for (int i = g_first_position; i < g_first_position + positions; ++i) {
    Position position = MakePosition(hub_dense, i);
    Timing timing = TimeOnce(position, Variant::kOptimiser);
    times.push_back(timing.ms);
    cpu.push_back(timing.cpu_ms);
    unproven += timing.proven ? 0 : 1;
    if (timing.ms > worst.ms) {
      worst = timing;
      worst_label = position.label;
    }
    if (std::getenv("ROUTES_BENCH_TRACE") != nullptr) {
      std::fprintf(stderr, "%s: %.2f ms total %d%s: %lld partial runs, %lld listed, %lld combinations, %lld jumps\n",
                   position.label.c_str(), timing.ms, timing.total, timing.proven ? "" : " (not proven)",
                   static_cast<long long>(timing.stats.partial_runs), static_cast<long long>(timing.stats.listed_runs),
                   static_cast<long long>(timing.stats.combinations), static_cast<long long>(timing.stats.index_jumps));
    }
    if (baseline) {
      Timing weak = TimeOnce(position, Variant::kWeakBound);
      baseline_times.push_back(weak.ms);
      baseline_cpu.push_back(weak.cpu_ms);
      baseline_unproven += weak.proven ? 0 : 1;
      if (weak.proven && timing.proven && weak.total != timing.total) ++disagreements;
      Timing all = TimeOnce(position, Variant::kListEverything);
      list_all_times.push_back(all.ms);
      list_all_cpu.push_back(all.cpu_ms);
      list_all_unproven += all.proven ? 0 : 1;
      if (all.proven && timing.proven && all.total != timing.total) ++disagreements;
      if (std::getenv("ROUTES_BENCH_TRACE") != nullptr) {
        std::fprintf(stderr, "  weak bound: %.2f ms%s; list everything: %.2f ms%s\n", weak.ms,
                     weak.proven ? "" : " (not proven)", all.ms, all.proven ? "" : " (not proven)");
      }
    }
  }
  const char* name = hub_dense ? "hub-dense (stress)" : "late-game";
  Print(name, positions, times, cpu, unproven);
  std::printf("  slowest: %s, %.2f ms: %lld partial runs, %lld runs listed, %lld combinations\n", worst_label.c_str(),
              worst.ms, static_cast<long long>(worst.stats.partial_runs),
              static_cast<long long>(worst.stats.listed_runs), static_cast<long long>(worst.stats.combinations));
  if (baseline) {
    Print("  baseline: weak bound", positions, baseline_times, baseline_cpu, baseline_unproven);
    Print("  baseline: list every run", positions, list_all_times, list_all_cpu, list_all_unproven);
    std::printf("  baselines and optimiser disagree (where both proven) on %d positions\n", disagreements);
  }
  std::fflush(stdout);
}

// The exhaustive reference on the first late-game positions, with a budget of paths and
// combinations: it shows why the reference is for small boards only.
void ExhaustiveAttempt(int count, int64_t budget) {
  for (int i = 0; i < count; ++i) {
    Position position = MakePosition(false, i);
    auto start = std::chrono::steady_clock::now();
    auto result = ExhaustiveSearch(position.board.graph, position.trains, {}, budget);
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    bool finished = result.ok() && result->finished;
    std::printf("  exhaustive search, %s: %s after %.0f ms (%lld paths, budget %lld)\n", position.label.c_str(),
                finished ? "finished" : "NOT finished", ms,
                static_cast<long long>(result.ok() ? result->paths : 0), static_cast<long long>(budget));
  }
  std::fflush(stdout);
}

// Real late-game positions: bot games (3 to 6 players) replayed to every run step of a company
// owning a '5', '6' or '4M' train. Per position: Optimize on the company's RouteGraph (as the
// synthetic study) and Game::SuggestedRuns (the engine's whole path: the graph built from the
// tiles, both plans, the proto).
void RealStudy(int games_per_count, uint64_t seed, int max_positions) {
  std::vector<mailrun::bench::RealPosition> positions;
  const auto play_start = std::chrono::steady_clock::now();
  int games = 0;
  for (int players = 3; players <= 6; ++players) {
    for (const auto& record : mailrun::bench::PlayBotGames(games_per_count, players, seed)) {
      ++games;
      for (auto& position : mailrun::bench::LateGameRunSteps(record)) positions.push_back(std::move(position));
    }
  }
  if (max_positions > 0 && static_cast<int>(positions.size()) > max_positions) {
    positions.erase(positions.begin() + max_positions, positions.end());
  }
  std::printf("real late-game positions: %zu run steps from %d bot games (seeds %llu..%llu, 3-6 players), played in "
              "%.1f s\n",
              positions.size(), games, static_cast<unsigned long long>(seed),
              static_cast<unsigned long long>(seed + games_per_count - 1),
              std::chrono::duration<double>(std::chrono::steady_clock::now() - play_start).count());
  if (positions.empty()) return;
  std::vector<double> times, cpu, suggest_times, suggest_cpu;
  int unproven = 0;
  int mismatches = 0;
  Timing worst;
  std::string worst_label;
  for (const auto& position : positions) {
    const auto& s = position.game.state();
    const auto graph = mailrun::engine::t1853::BuildRouteGraph(position.game.data(), s, position.company);
    const auto trains = mailrun::engine::t1853::RouteTrains(position.game.data(), s, position.company);
    Timing timing;
    OptimizeOptions options;
    options.stats = &timing.stats;
    options.constraints.must_run_over = s.railway.must_run_hexes;
    const double cpu_start = ThreadCpuMs();
    auto start = std::chrono::steady_clock::now();
    auto result = Optimize(graph, trains, options);
    timing.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    timing.cpu_ms = ThreadCpuMs() - cpu_start;
    times.push_back(timing.ms);
    cpu.push_back(timing.cpu_ms);
    unproven += result.ok() && result->proven_optimal ? 0 : 1;
    if (timing.ms > worst.ms) {
      worst = timing;
      worst_label = position.label;
    }
    const std::string& initials = position.game.data().companies[position.company].initials;
    const double suggest_cpu_start = ThreadCpuMs();
    start = std::chrono::steady_clock::now();
    auto suggested = position.game.SuggestedRuns(initials, false);
    suggest_times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    suggest_cpu.push_back(ThreadCpuMs() - suggest_cpu_start);
    if (!suggested.ok() || !result.ok() || suggested->total() != result->best_total.total()) ++mismatches;
    if (std::getenv("ROUTES_BENCH_TRACE") != nullptr) {
      std::fprintf(stderr, "%s: %.2f ms total %d: %lld partial runs, %lld listed, %lld combinations\n",
                   position.label.c_str(), timing.ms, result.ok() ? result->best_total.total() : -1,
                   static_cast<long long>(timing.stats.partial_runs), static_cast<long long>(timing.stats.listed_runs),
                   static_cast<long long>(timing.stats.combinations));
    }
  }
  const int count = static_cast<int>(positions.size());
  Print("real late-game: Optimize", count, times, cpu, unproven);
  Print("real late-game: SuggestedRuns", count, suggest_times, suggest_cpu, 0);
  std::printf("  slowest: %s, %.2f ms: %lld partial runs, %lld runs listed, %lld combinations\n", worst_label.c_str(),
              worst.ms, static_cast<long long>(worst.stats.partial_runs),
              static_cast<long long>(worst.stats.listed_runs), static_cast<long long>(worst.stats.combinations));
  std::printf("  SuggestedRuns and Optimize disagree on %d positions\n", mismatches);
  std::fflush(stdout);
}

void BM_Optimize(benchmark::State& state) {
  Position position = MakePosition(state.range(0) != 0, static_cast<int>(state.range(1)));
  for (auto _ : state) {
    auto result = Optimize(position.board.graph, position.trains);
    benchmark::DoNotOptimize(result);
  }
  state.SetLabel(position.label);
}
BENCHMARK(BM_Optimize)->ArgsProduct({{0, 1}, {0, 1, 2}})->Unit(benchmark::kMillisecond);

}  // namespace

int main(int argc, char** argv) {
  int positions = 120;
  bool late = true;
  bool dense = true;
  bool no_baseline = false;
  int dense_positions = 30;
  int real_games = 3;
  uint64_t real_seed = 1;
  int real_positions = 0;
  bool real = true;
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--positions=", 12) == 0) {
      positions = std::atoi(argv[i] + 12);
    } else if (std::strncmp(argv[i], "--dense_positions=", 18) == 0) {
      dense_positions = std::atoi(argv[i] + 18);
    } else if (std::strcmp(argv[i], "--no_baseline") == 0) {
      no_baseline = true;
    } else if (std::strncmp(argv[i], "--first=", 8) == 0) {
      g_first_position = std::atoi(argv[i] + 8);
    } else if (std::strncmp(argv[i], "--real_games=", 13) == 0) {
      real_games = std::atoi(argv[i] + 13);
    } else if (std::strncmp(argv[i], "--real_seed=", 12) == 0) {
      real_seed = std::strtoull(argv[i] + 12, nullptr, 10);
    } else if (std::strncmp(argv[i], "--real_positions=", 17) == 0) {
      real_positions = std::atoi(argv[i] + 17);
    } else if (std::strcmp(argv[i], "--real_only") == 0) {
      late = false;
      dense = false;
    } else if (std::strcmp(argv[i], "--no_real") == 0) {
      real = false;
    } else if (std::strcmp(argv[i], "--late_game_only") == 0) {
      dense = false;
    } else if (std::strcmp(argv[i], "--hub_dense_only") == 0) {
      late = false;
    } else {
      rest.push_back(argv[i]);
    }
  }
  if (real) RealStudy(real_games, real_seed, real_positions);
  if (late) Study(false, positions, !no_baseline);
  if (late && !no_baseline) ExhaustiveAttempt(3, 20'000'000);
  if (dense) Study(true, dense_positions, false);
  int rest_argc = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_argc, rest.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

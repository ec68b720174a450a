// What one login's password hash costs (Argon2id, services/lobby/passwords.h), for each of the
// lobby's cost settings: CPU time per hash on one core, so that logins per second per core is
// 1 / that (docs/capacity.md). One hash at a time, as one hash slot of the lobby runs them.
#include <benchmark/benchmark.h>
#include <sodium.h>

#include <string>

#include "services/lobby/hash_sizing.h"

namespace {

void BM_PasswordHash(benchmark::State& state, const std::string& limits) {
  const mailrun::lobby::HashSizing sizing = mailrun::lobby::SizeHashing(limits, {.memory_limit = std::nullopt, .cpus = 1});
  const std::string password = "correct horse battery staple";
  char out[crypto_pwhash_STRBYTES];
  for (auto _ : state) {
    if (crypto_pwhash_str_alg(out, password.data(), password.size(), sizing.opslimit, sizing.memlimit,
                              crypto_pwhash_ALG_ARGON2ID13) != 0) {
      state.SkipWithError("out of memory");
      break;
    }
    benchmark::DoNotOptimize(out);
  }
  state.counters["MiB"] = static_cast<double>(sizing.memlimit) / (1024 * 1024);
  state.counters["passes"] = static_cast<double>(sizing.opslimit);
}

BENCHMARK_CAPTURE(BM_PasswordHash, interactive, std::string("interactive"))->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK_CAPTURE(BM_PasswordHash, rfc9106, std::string("rfc9106"))->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();
BENCHMARK_CAPTURE(BM_PasswordHash, moderate, std::string("moderate"))->Unit(benchmark::kMillisecond)->MeasureProcessCPUTime();

}  // namespace

BENCHMARK_MAIN();

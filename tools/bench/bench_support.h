// What the benchmark drivers share: tokens minted with the deployment's signing key, clocks, and
// latency percentiles printed one way.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "services/common/token.h"

namespace mailrun::bench {

using SteadyClock = std::chrono::steady_clock;

int64_t UnixSeconds();
double Milliseconds(SteadyClock::duration d);

// A token of `kind` for `subject`, valid for six hours.
std::string Token(const service::TokenSigner& key, const std::string& subject, service::TokenKind kind);

// The p-th percentile (0-100) of ascending `sorted` (not empty).
double Percentile(const std::vector<double>& sorted, double p);

// CPU seconds (user + system) process `pid` has used so far, from /proc/PID/stat; with
// `reaped_children`, also those of its children that ended and were waited for (cutime + cstime).
// Throws when there is no such process.
double ProcessCpuSeconds(int pid, bool reaped_children = false);
// The process ids whose parent is `pid` (from /proc).
std::vector<int> ChildProcesses(int pid);
// Process `pid`'s resident memory (VmRSS of /proc/PID/status), MB. Throws when there is no such process.
double ResidentMegabytes(int pid);
// This process's own CPU seconds so far.
double OwnCpuSeconds();

// The value of `series` (a metric's name with its labels as exposed, e.g.
// mailrun_game_cache_lookups_total{result="hit"}) at the Prometheus endpoint `address` (host:port);
// 0 when it is not exposed. Throws when the endpoint does not answer.
double ScrapeMetric(const std::string& address, const std::string& series);

// "<what> ms: p50 .. p90 .. p99 .. max .. mean .." on stdout; nothing for no samples.
void PrintLatencies(const std::string& what, std::vector<double> ms);

}  // namespace mailrun::bench

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
int64_t UnixMs();
double Milliseconds(SteadyClock::duration d);

// A token of `kind` for `subject`, valid for six hours.
std::string Token(const service::TokenSigner& key, const std::string& subject, service::TokenKind kind);

// The p-th percentile (0-100) of ascending `sorted` (not empty).
double Percentile(const std::vector<double>& sorted, double p);

// "<what> ms: p50 .. p90 .. p99 .. max .. mean .." on stdout; nothing for no samples.
void PrintLatencies(const std::string& what, std::vector<double> ms);

}  // namespace mailrun::bench

#include "tools/bench/bench_support.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

namespace mailrun::bench {

int64_t UnixSeconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

int64_t UnixMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

double Milliseconds(SteadyClock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

std::string Token(const service::TokenSigner& key, const std::string& subject, service::TokenKind kind) {
  service::TokenClaims claims;
  claims.subject = subject;
  claims.display_name = subject;
  claims.kind = kind;
  claims.issued_at = UnixSeconds();
  claims.expires_at = claims.issued_at + 6 * 3600;
  claims.token_id = service::RandomId();
  return key.Issue(claims);
}

double Percentile(const std::vector<double>& sorted, double p) {
  const size_t index = std::min(sorted.size() - 1, static_cast<size_t>(p / 100.0 * sorted.size()));
  return sorted[index];
}

void PrintLatencies(const std::string& what, std::vector<double> ms) {
  if (ms.empty()) return;
  std::sort(ms.begin(), ms.end());
  const double mean = std::accumulate(ms.begin(), ms.end(), 0.0) / ms.size();
  fmt::print("{} ms: p50 {:.2f}  p90 {:.2f}  p99 {:.2f}  max {:.2f}  mean {:.2f}\n", what, Percentile(ms, 50),
             Percentile(ms, 90), Percentile(ms, 99), ms.back(), mean);
}

}  // namespace mailrun::bench

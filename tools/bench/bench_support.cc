#include "tools/bench/bench_support.h"

#include <fmt/format.h>
#include <httplib.h>

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>
#include <stdexcept>

namespace mailrun::bench {

double ResidentMegabytes(int pid) {
  std::ifstream status(fmt::format("/proc/{}/status", pid));
  if (!status) throw std::runtime_error(fmt::format("no process {}", pid));
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stod(line.substr(6)) / 1024;
  }
  return 0;
}

double ScrapeMetric(const std::string& address, const std::string& series) {
  httplib::Client client("http://" + address);
  client.set_connection_timeout(5);
  const auto response = client.Get("/metrics");
  if (!response || response->status != 200) throw std::runtime_error("no metrics at " + address);
  std::istringstream lines(response->body);
  for (std::string line; std::getline(lines, line);) {
    if (line.size() > series.size() && line.compare(0, series.size(), series) == 0 && line[series.size()] == ' ') {
      return std::stod(line.substr(series.size() + 1));
    }
  }
  return 0;
}

int64_t UnixSeconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
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

namespace {

// The fields of /proc/PID/stat from the third (state) on; empty when there is no such process.
std::vector<std::string> StatFields(int pid) {
  std::ifstream stat(fmt::format("/proc/{}/stat", pid));
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  std::vector<std::string> fields;
  const size_t comm_end = text.rfind(')');  // the command name may hold spaces and parentheses
  if (comm_end == std::string::npos) return fields;
  std::istringstream rest(text.substr(comm_end + 2));
  for (std::string field; rest >> field;) fields.push_back(field);
  return fields;
}

}  // namespace

double ProcessCpuSeconds(int pid, bool reaped_children) {
  const std::vector<std::string> fields = StatFields(pid);
  // Field n of proc(5) is fields[n - 3]: utime 14, stime 15, cutime 16, cstime 17.
  if (fields.size() < 15) throw std::runtime_error(fmt::format("no process {} (/proc/{}/stat)", pid, pid));
  double ticks = 0;
  for (int number = 14; number <= (reaped_children ? 17 : 15); ++number) ticks += std::stod(fields[number - 3]);
  return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

std::vector<int> ChildProcesses(int pid) {
  std::vector<int> children;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.empty() || !std::all_of(name.begin(), name.end(), ::isdigit)) continue;
    const std::vector<std::string> fields = StatFields(std::stoi(name));
    if (fields.size() > 1 && fields[1] == std::to_string(pid)) children.push_back(std::stoi(name));  // ppid: field 4
  }
  return children;
}

double OwnCpuSeconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

void PrintLatencies(const std::string& what, std::vector<double> ms) {
  if (ms.empty()) return;
  std::sort(ms.begin(), ms.end());
  const double mean = std::accumulate(ms.begin(), ms.end(), 0.0) / ms.size();
  fmt::print("{} ms: p50 {:.2f}  p90 {:.2f}  p99 {:.2f}  max {:.2f}  mean {:.2f}\n", what, Percentile(ms, 50),
             Percentile(ms, 90), Percentile(ms, 99), ms.back(), mean);
}

}  // namespace mailrun::bench

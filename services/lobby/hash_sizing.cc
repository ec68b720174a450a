#include "services/lobby/hash_sizing.h"

#include <sodium.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

namespace mailrun::lobby {
namespace {

constexpr uint64_t kMiB = 1024 * 1024;
constexpr uint64_t kMinShare = 64 * kMiB;  // a hash gets at least this before another runs beside it
constexpr uint64_t kFloor = 8 * kMiB;      // never less than this per hash
// Limits above this mean "no limit" (cgroup v1 writes a page-rounded 2^63).
constexpr uint64_t kUnlimited = uint64_t{1} << 60;

std::optional<std::string> ReadFirstLine(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) return std::nullopt;
  return line;
}

std::optional<uint64_t> ReadBytes(const std::string& path) {
  const auto line = ReadFirstLine(path);
  if (!line || line->empty() || *line == "max") return std::nullopt;
  try {
    const uint64_t value = std::stoull(*line);
    if (value >= kUnlimited) return std::nullopt;
    return value;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// The process's cgroup paths from /proc/self/cgroup: the v2 path ("0::/x") and the v1 path of
// `controller` ("4:memory:/x").
struct CgroupPaths {
  std::optional<std::string> unified;
  std::optional<std::string> v1;
};

CgroupPaths PathsOf(const std::string& controller) {
  CgroupPaths paths;
  std::ifstream in("/proc/self/cgroup");
  std::string line;
  while (std::getline(in, line)) {
    const size_t first = line.find(':');
    const size_t second = first == std::string::npos ? first : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const std::string path = line.substr(second + 1);
    if (line.compare(0, first, "0") == 0 && controllers.empty()) paths.unified = path;
    std::stringstream names(controllers);
    std::string name;
    while (std::getline(names, name, ',')) {
      if (name == controller) paths.v1 = path;
    }
  }
  return paths;
}

// `dir` and each of its parents up to `root` (a container may see its own cgroup at the root).
std::vector<std::string> SelfAndParents(const std::string& root, std::string path) {
  std::vector<std::string> dirs;
  while (true) {
    dirs.push_back(root + path);
    if (path.empty() || path == "/") break;
    const size_t slash = path.rfind('/');
    path = slash == 0 || slash == std::string::npos ? "" : path.substr(0, slash);
  }
  return dirs;
}

// The smallest limit in `file` along the path, nullopt when none.
std::optional<uint64_t> SmallestAlong(const std::string& root, const std::string& path, const std::string& file) {
  std::optional<uint64_t> smallest;
  for (const std::string& dir : SelfAndParents(root, path)) {
    if (const auto limit = ReadBytes(dir + "/" + file)) smallest = std::min(smallest.value_or(*limit), *limit);
  }
  return smallest;
}

}  // namespace

HashSizing SizeHashing(const std::string& limits, const HashBudget& budget) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
  HashSizing sizing;
  if (limits == "interactive") {
    sizing.opslimit = crypto_pwhash_OPSLIMIT_INTERACTIVE;
    sizing.memlimit = crypto_pwhash_MEMLIMIT_INTERACTIVE;
  } else if (limits == "rfc9106") {
    // RFC 9106, 4. "Parameter Choice": its second recommended option, for when much less memory
    // than 2 GiB is available (t = 3, m = 64 MiB; libsodium's Argon2id runs one lane, p = 1).
    sizing.opslimit = 3;
    sizing.memlimit = 64ULL * 1024 * 1024;
  } else if (limits == "moderate") {
    sizing.opslimit = crypto_pwhash_OPSLIMIT_MODERATE;
    sizing.memlimit = crypto_pwhash_MEMLIMIT_MODERATE;
  } else if (limits == "sensitive") {
    sizing.opslimit = crypto_pwhash_OPSLIMIT_SENSITIVE;
    sizing.memlimit = crypto_pwhash_MEMLIMIT_SENSITIVE;
  } else {
    throw std::invalid_argument("password hash limits must be interactive, rfc9106, moderate or sensitive");
  }
  const int cpus = std::max(1, budget.cpus);
  uint64_t available = budget.budget_override;
  if (available == 0 && budget.memory_limit) available = *budget.memory_limit / 2;
  if (available == 0) {
    // No limit known: as many hashes as CPUs, each with the named limits.
    sizing.concurrency = budget.concurrency_override > 0 ? budget.concurrency_override : cpus;
  } else {
    int concurrency = budget.concurrency_override > 0
                          ? budget.concurrency_override
                          : static_cast<int>(std::clamp<uint64_t>(available / kMinShare, 1, static_cast<uint64_t>(cpus)));
    const uint64_t share = available / static_cast<uint64_t>(concurrency) / kMiB * kMiB;
    if (share < kFloor) {
      throw std::invalid_argument("the password hashing budget (" + std::to_string(available / kMiB) +
                                  " MiB) cannot give " + std::to_string(concurrency) + " hash(es) 8 MiB each");
    }
    if (share < sizing.memlimit) {
      // Less memory per hash: as many more passes as it takes to keep passes x memory.
      const double factor = static_cast<double>(sizing.memlimit) / static_cast<double>(share);
      sizing.opslimit = static_cast<unsigned long long>(std::ceil(static_cast<double>(sizing.opslimit) * factor));
      sizing.memlimit = static_cast<size_t>(share);
    }
    sizing.concurrency = concurrency;
  }
  sizing.queue = budget.queue_override > 0 ? budget.queue_override : 4 * sizing.concurrency;
  return sizing;
}

std::optional<uint64_t> ContainerMemoryLimit(const std::string& cgroup_root) {
  const CgroupPaths paths = PathsOf("memory");
  std::optional<uint64_t> limit;
  const auto take = [&limit](std::optional<uint64_t> found) {
    if (found) limit = std::min(limit.value_or(*found), *found);
  };
  if (paths.unified) take(SmallestAlong(cgroup_root, *paths.unified, "memory.max"));
  if (paths.v1) take(SmallestAlong(cgroup_root + "/memory", *paths.v1, "memory.limit_in_bytes"));
  return limit;
}

int ContainerCpus(const std::string& cgroup_root) {
  int cpus = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const CgroupPaths paths = PathsOf("cpu");
  if (paths.unified) {
    for (const std::string& dir : SelfAndParents(cgroup_root, *paths.unified)) {
      std::stringstream line(ReadFirstLine(dir + "/cpu.max").value_or("max"));
      std::string quota;
      long long period = 0;
      line >> quota >> period;
      if (quota != "max" && !quota.empty() && period > 0) {
        cpus = std::min(cpus, static_cast<int>(std::ceil(std::stod(quota) / static_cast<double>(period))));
      }
    }
  }
  if (paths.v1) {
    for (const std::string& dir : SelfAndParents(cgroup_root + "/cpu", *paths.v1)) {
      const auto quota = ReadFirstLine(dir + "/cpu.cfs_quota_us");
      const auto period = ReadFirstLine(dir + "/cpu.cfs_period_us");
      if (!quota || !period) continue;
      const long long q = std::atoll(quota->c_str());
      const long long p = std::atoll(period->c_str());
      if (q > 0 && p > 0) cpus = std::min(cpus, static_cast<int>((q + p - 1) / p));
    }
  }
  return std::max(1, cpus);
}

}  // namespace mailrun::lobby

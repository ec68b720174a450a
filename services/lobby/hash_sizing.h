// How much password hashing the lobby can afford at once, from the memory and CPUs its container
// is given (the cgroup limits Kubernetes sets from the pod's resources; v1 and v2). Argon2id needs
// its whole memory cost for every hash in flight, so hashes at once x memory per hash must stay
// well inside the container's memory limit: a burst of logins must never get the lobby killed.
//
// SizeHashing gives hashing a budget (half the memory limit by default), runs as many hashes at
// once as there are CPUs while each still gets at least 64 MiB, and gives each hash the named
// limits' memory or its share of the budget, whichever is smaller. A hash given less memory than
// the named limits makes up for it with more passes (the time-memory product stays at least
// theirs). Hashes made under other limits still verify: the stored string carries its own cost.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace mailrun::lobby {

struct HashSizing {
  unsigned long long opslimit = 0;  // Argon2id passes
  size_t memlimit = 0;              // bytes per hash
  int concurrency = 1;              // hashes at once
  int queue = 4;                    // calls that may wait for a slot; more are refused (busy)
};

struct HashBudget {
  std::optional<uint64_t> memory_limit;  // the container's, bytes; nullopt: none known
  int cpus = 1;                          // CPUs the container may use
  uint64_t budget_override = 0;          // bytes for hashing, set by hand (0: half the limit)
  int concurrency_override = 0;          // hashes at once, set by hand (0: from budget and CPUs)
  int queue_override = 0;                // waiting calls, set by hand (0: 4 x concurrency)
};

// `limits`: "interactive", "moderate" or "sensitive" (libsodium's sets) or "rfc9106" (3 passes,
// 64 MiB: passwords.h); throws
// std::invalid_argument otherwise, or when the budget cannot hold one hash of at least 8 MiB.
HashSizing SizeHashing(const std::string& limits, const HashBudget& budget);

// The memory limit of the calling process's cgroup (the smallest along its path, v1 or v2), or
// nullopt when there is none. `cgroup_root` is where the cgroup file systems are mounted.
std::optional<uint64_t> ContainerMemoryLimit(const std::string& cgroup_root = "/sys/fs/cgroup");

// The CPUs the calling process may use: its cgroup's CPU quota (rounded up) if any, else the
// machine's. At least 1.
int ContainerCpus(const std::string& cgroup_root = "/sys/fs/cgroup");

}  // namespace mailrun::lobby

#include "tools/fault/infrastructure.h"

#include <fmt/format.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <thread>

#include "tools/process/child.h"

namespace mailrun::fault {
namespace {

using mailrun::process::RunShell;

// deploy/servers.sh ARGUMENTS (after `prefix`, e.g. "env X=1"), or throws naming it.
void Servers(const std::string& source_dir, const std::string& dir, const std::string& arguments,
             const std::string& prefix = "") {
  const std::string command = (prefix.empty() ? "" : prefix + " ") + source_dir + "/deploy/servers.sh " + arguments;
  if (RunShell(command, dir + "/servers.log") != 0) {
    throw std::runtime_error("deploy/servers.sh " + arguments + " failed (see " + dir + "/servers.log)");
  }
}

// The first line `command` prints, or "" when it fails.
std::string FirstLineOf(const std::string& command, const std::string& scratch) {
  // Grouped: RunShell sends the group's own output to its log, after this redirection.
  if (RunShell("{ " + command + " >'" + scratch + "'; }", "/dev/null") != 0) return "";
  std::ifstream in(scratch);
  std::string line;
  std::getline(in, line);
  return line;
}

std::atomic<int> links_made{0};

}  // namespace

PgBouncerPart::PgBouncerPart(const FaultStack& stack, const std::string& pg_target, int pool_size)
    : source_dir_(stack.source_dir()), dir_(stack.dir() + "/pgbouncer"), port_(FreePort()) {
  Servers(source_dir_, stack.dir(), fmt::format("start-pgbouncer '{}' {} {} {}", dir_, port_, pg_target, pool_size));
}

PgBouncerPart::~PgBouncerPart() {
  RunShell(fmt::format("{}/deploy/servers.sh stop-pgbouncer '{}'", source_dir_, dir_), "/dev/null");
}

std::string PgBouncerPart::url() const { return fmt::format("postgresql://mailrun@127.0.0.1:{}/mailrun", port_); }

PostgresStandby::PostgresStandby(const FaultStack& stack)
    : source_dir_(stack.source_dir()),
      dir_(stack.dir() + "/standby"),
      primary_port_(stack.postgres_port()),
      port_(FreePort()) {
  Servers(source_dir_, stack.dir(), fmt::format("start-postgres-standby '{}' {} {}", dir_, port_, primary_port_));
}

PostgresStandby::~PostgresStandby() {
  RunShell(fmt::format("{}/deploy/servers.sh stop-postgres '{}' immediate", source_dir_, dir_), "/dev/null");
}

std::string PostgresStandby::url() const {
  // connect_timeout bounds a host that does not answer at all (a primary lost with its machine).
  return fmt::format("postgresql://mailrun@127.0.0.1:{},127.0.0.1:{}/mailrun?target_session_attrs=read-write"
                     "&connect_timeout=3",
                     primary_port_, port_);
}

void PostgresStandby::Promote() { Servers(source_dir_, dir_ + "/..", fmt::format("promote-postgres '{}'", dir_)); }

RedisSentinels::RedisSentinels(const FaultStack& stack)
    : source_dir_(stack.source_dir()),
      dir_(stack.dir()),
      password_file_(stack.redis_password_file()),
      replica_port_(FreePort()) {
  Servers(source_dir_, dir_,
          fmt::format("start-redis '{}/redis-replica' {} '{}'", dir_, replica_port_, password_file_),
          fmt::format("env MAILRUN_REDIS_REPLICA_OF={}", stack.redis_port()));
  for (int i = 0; i < 3; ++i) {
    sentinel_ports_.push_back(FreePort());
    Servers(source_dir_, dir_,
            fmt::format("start-sentinel '{}/sentinel-{}' {} {} '{}'", dir_, i + 1, sentinel_ports_.back(),
                        stack.redis_port(), password_file_),
            "env MAILRUN_SENTINEL_DOWN_AFTER_MS=1000 MAILRUN_SENTINEL_QUORUM=2");
  }
  // Ready when the replica follows the primary and the Sentinels know of each other (a quorum
  // and a majority to authorise a failover: SENTINEL CKQUORUM).
  const std::string cli = fmt::format("REDISCLI_AUTH=\"$(cat '{}')\" redis-cli --no-auth-warning -h 127.0.0.1", password_file_);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (true) {
    const bool linked = RunShell(fmt::format("{} -p {} info replication | grep -q 'master_link_status:up'", cli,
                                             replica_port_),
                                 "/dev/null") == 0;
    bool quorum = linked;
    for (int port : sentinel_ports_) {
      quorum = quorum &&
               RunShell(fmt::format("{} -p {} sentinel ckquorum mailrun | grep -q '^OK'", cli, port), "/dev/null") == 0;
    }
    if (quorum) break;
    if (std::chrono::steady_clock::now() > deadline) {
      throw std::runtime_error("the Redis replica and Sentinels did not get ready (see " + dir_ + "/sentinel-*/)");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
}

RedisSentinels::~RedisSentinels() {
  for (size_t i = 0; i < sentinel_ports_.size(); ++i) {
    RunShell(fmt::format("{}/deploy/servers.sh stop-sentinel '{}/sentinel-{}'", source_dir_, dir_, i + 1), "/dev/null");
  }
  RunShell(fmt::format("{}/deploy/servers.sh stop-redis '{}/redis-replica'", source_dir_, dir_), "/dev/null");
}

std::string RedisSentinels::url() const {
  std::string hosts;
  for (int port : sentinel_ports_) hosts += fmt::format("{}127.0.0.1:{}", hosts.empty() ? "" : ",", port);
  return "redis+sentinel://" + hosts + "/mailrun";
}

int RedisSentinels::PrimaryPort() const {
  for (int port : sentinel_ports_) {
    // The reply is two lines: the host, then the port.
    const std::string line = FirstLineOf(
        fmt::format("REDISCLI_AUTH=\"$(cat '{}')\" redis-cli --no-auth-warning -h 127.0.0.1 -p {} "
                    "sentinel get-master-addr-by-name mailrun | tail -n 1",
                    password_file_, port),
        dir_ + "/sentinel-answer");
    if (!line.empty() && line.find_first_not_of("0123456789") == std::string::npos) return std::stoi(line);
  }
  return 0;
}

LossyLink::LossyLink(const std::string& log_path) : log_path_(log_path) {
  const int n = links_made++;
  const int id = static_cast<int>(getpid() % 100000);
  namespace_ = fmt::format("mailrun-fault-{}-{}", id, n);
  outer_device_ = fmt::format("mrfo{}x{}", id, n);
  inner_device_ = fmt::format("mrfi{}x{}", id, n);
  // A /30 of the test's own: between the host and the namespace this run made, nowhere else.
  const int octet = (id * 7 + n) % 250 + 1;
  const int block = (n % 60) * 4;
  network_ = fmt::format("10.231.{}.{}/30", octet, block);
  outer_address_ = fmt::format("10.231.{}.{}", octet, block + 1);
  inner_address_ = fmt::format("10.231.{}.{}", octet, block + 2);
  Run(fmt::format("ip netns add {}", namespace_), false);
  try {
    Run(fmt::format("ip link add {} type veth peer name {}", outer_device_, inner_device_), false);
    Run(fmt::format("ip link set {} netns {}", inner_device_, namespace_), false);
    Run(fmt::format("ip addr add {}/30 dev {} && ip link set {} up", outer_address_, outer_device_, outer_device_), false);
    Run(fmt::format("ip link set lo up && ip addr add {}/30 dev {} && ip link set {} up", inner_address_,
                    inner_device_, inner_device_),
        true);
    netem_ = RunShell(fmt::format("{{ ip netns exec {} tc qdisc add dev lo root netem delay 1ms && "
                                  "ip netns exec {} tc qdisc del dev lo root; }}",
                                  namespace_, namespace_),
                      log_path_) == 0;
    Run("nft add table inet mailrun_fault && "
        "nft add chain inet mailrun_fault input '{ type filter hook input priority 0; }' && "
        "nft add chain inet mailrun_fault output '{ type filter hook output priority 0; }'",
        true);
  } catch (...) {
    RunShell(fmt::format("{{ ip netns del {}; ip link del {}; }}", namespace_, outer_device_), log_path_);
    throw;
  }
}

LossyLink::~LossyLink() {
  // Deleting the namespace deletes its end of the veth pair, and with it the host's end.
  RunShell(fmt::format("{{ ip netns del {}; ip link del {}; }}", namespace_, outer_device_), log_path_);
}

void LossyLink::Run(const std::string& command, bool inside) {
  const std::string full = inside ? fmt::format("ip netns exec {} sh -c \"{}\"", namespace_, command) : command;
  // Grouped, so that every command's output goes to the log, not only the last one's.
  if (RunShell("{ " + full + "; }", log_path_) != 0) {
    throw std::runtime_error("'" + full + "' failed (see " + log_path_ + ")");
  }
}

int64_t LossyLink::CountDropped() {
  const std::string listing = log_path_ + ".rules";
  RunShell(fmt::format("{{ ip netns exec {} nft list table inet mailrun_fault >'{}'; }}", namespace_, listing), log_path_);
  std::ifstream in(listing);
  std::string word;
  int64_t packets = 0;
  while (in >> word) {
    if (word == "packets" && in >> word) packets += std::atoll(word.c_str());
  }
  unlink(listing.c_str());
  return packets;
}

std::string LossyLink::postgres_wrapper() const {
  return fmt::format("ip netns exec {} env MAILRUN_PG_LISTEN=127.0.0.1,{} MAILRUN_PG_TRUST_NET={}", namespace_,
                     inner_address_, network_);
}

void LossyLink::ClearRules() {
  dropped_ += CountDropped();
  RunShell(fmt::format("tc qdisc del dev {} root", outer_device_), log_path_);
  RunShell(fmt::format("ip netns exec {} tc qdisc del dev {} root", namespace_, inner_device_), log_path_);
  Run("nft flush chain inet mailrun_fault input && nft flush chain inet mailrun_fault output", true);
}

std::string LossyLink::degraded_as() const {
  return netem_ ? "tc netem: delay 40 ms +- 10 ms, 3 % loss, each way"
                : "no netem in this kernel: tc tbf at 2 Mbit/s (queues up to 200 ms) and nftables dropping 3 % "
                  "of packets at random, each way";
}

void LossyLink::Degrade() {
  ClearRules();
  if (netem_) {
    Run(fmt::format("tc qdisc add dev {} root netem delay 40ms 10ms loss 3%", outer_device_), false);
    Run(fmt::format("tc qdisc add dev {} root netem delay 40ms 10ms loss 3%", inner_device_), true);
    return;
  }
  Run(fmt::format("tc qdisc add dev {} root tbf rate 2mbit burst 16kb latency 200ms", outer_device_), false);
  Run(fmt::format("tc qdisc add dev {} root tbf rate 2mbit burst 16kb latency 200ms", inner_device_), true);
  Run(fmt::format("nft add rule inet mailrun_fault input iifname {0} numgen random mod 100 lt 3 counter drop && "
                  "nft add rule inet mailrun_fault output oifname {0} numgen random mod 100 lt 3 counter drop",
                  inner_device_),
      true);
}

void LossyLink::Cut() {
  ClearRules();
  Run(fmt::format("nft add rule inet mailrun_fault input iifname {0} counter drop && "
                  "nft add rule inet mailrun_fault output oifname {0} counter drop",
                  inner_device_),
      true);
}

void LossyLink::Heal() { ClearRules(); }

}  // namespace mailrun::fault

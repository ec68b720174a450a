// The parts a deployment puts around the services, started for a fault scenario beside its
// FaultStack (all through deploy/servers.sh, on loopback, in the stack's directory) so that the
// scenario can hurt them:
//   PgBouncerPart    PgBouncer in transaction pooling between the services and PostgreSQL
//   PostgresStandby  a synchronous streaming standby of the stack's PostgreSQL, promoted on demand
//   RedisSentinels   a Redis replica and three Sentinels watching the stack's Redis
//   LossyLink        a network namespace of the scenario's own, joined to the host by a veth pair,
//                    in which PostgreSQL runs; packets between it and the services are delayed and
//                    dropped (tc netem where the kernel has it; otherwise tc tbf, a slow link, and
//                    nftables' random drop), or all dropped for a while
// Each stops what it started when destroyed. Not thread-safe: the scenario's main thread only.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "tools/fault/stack.h"

namespace mailrun::fault {

class PgBouncerPart {
 public:
  // PgBouncer in front of `pg_host:pg_port` with `pool_size` server connections.
  PgBouncerPart(const FaultStack& stack, const std::string& pg_target, int pool_size);
  ~PgBouncerPart();
  PgBouncerPart(const PgBouncerPart&) = delete;
  PgBouncerPart& operator=(const PgBouncerPart&) = delete;
  std::string url() const;  // the services' pooled database URL
  // Server connections PgBouncer holds and the most clients it had waiting (SHOW POOLS is for
  // its admin console; the log's "stats" lines are enough): its log, for the report.
  std::string log_path() const { return dir_ + "/pgbouncer.log"; }

 private:
  std::string source_dir_;
  std::string dir_;
  int port_ = 0;
};

class PostgresStandby {
 public:
  // The stack's PostgreSQL must have been started with MAILRUN_PG_SYNC_STANDBY=1 (its
  // postgres_wrapper): from the standby's start on, no commit returns before the standby has it.
  explicit PostgresStandby(const FaultStack& stack);
  ~PostgresStandby();
  PostgresStandby(const PostgresStandby&) = delete;
  PostgresStandby& operator=(const PostgresStandby&) = delete;
  // libpq's multi-host URL: the primary, then the standby, read-write sessions only.
  std::string url() const;
  void Promote();  // returns once the standby takes writes

 private:
  std::string source_dir_;
  std::string dir_;
  int primary_port_ = 0;
  int port_ = 0;
};

class RedisSentinels {
 public:
  // A replica of the stack's Redis and three Sentinels (quorum 2) that fail over one second after
  // the primary stops answering.
  explicit RedisSentinels(const FaultStack& stack);
  ~RedisSentinels();
  RedisSentinels(const RedisSentinels&) = delete;
  RedisSentinels& operator=(const RedisSentinels&) = delete;
  std::string url() const;  // redis+sentinel://host:port,.../mailrun (the password comes from the file)
  // The primary's port as the Sentinels name it now (0 when none answers).
  int PrimaryPort() const;
  int replica_port() const { return replica_port_; }

 private:
  std::string source_dir_;
  std::string dir_;
  std::string password_file_;
  int replica_port_ = 0;
  std::vector<int> sentinel_ports_;
};

class LossyLink {
 public:
  // Makes the namespace and the veth pair; PostgreSQL is then started in it by the stack
  // (postgres_wrapper(), at postgres_host()). Throws std::runtime_error naming the command that failed.
  explicit LossyLink(const std::string& log_path);
  ~LossyLink();
  LossyLink(const LossyLink&) = delete;
  LossyLink& operator=(const LossyLink&) = delete;

  std::string postgres_wrapper() const;  // for StackOptions
  std::string postgres_host() const { return inner_address_; }
  bool netem() const { return netem_; }  // whether this kernel has tc netem

  void Degrade();   // delay and a few percent of packets dropped, both ways
  void Cut();       // every packet dropped, both ways
  void Heal();      // a clean link again
  std::string degraded_as() const;  // what Degrade does here, for the report
  int64_t dropped() const { return dropped_; }  // packets nftables dropped so far (Degrade and Cut)

 private:
  void Run(const std::string& command, bool inside);
  void ClearRules();
  int64_t CountDropped();  // the packets the rules in place have dropped

  std::string log_path_;
  std::string namespace_;
  std::string outer_device_;
  std::string inner_device_;
  std::string outer_address_;
  std::string inner_address_;
  std::string network_;
  bool netem_ = false;
  int64_t dropped_ = 0;
};

}  // namespace mailrun::fault

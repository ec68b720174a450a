// FaultStack: the whole Mailrun stack on loopback, owned by the fault driver so that it can hurt
// it: a private PostgreSQL and Redis (with a password) started by deploy/servers.sh in a fresh
// directory, token keys made for the run, and mailrun-game, mailrun-lobby and mailrun-notify as
// child processes on free ports (one or more replicas of each), optionally behind the Node.js
// gateway. The driver SIGKILLs and restarts services, stops and starts Redis and restarts
// PostgreSQL through it; a scenario may put more parts between the services and the servers
// (tools/fault/infrastructure.h: PgBouncer, a standby, Sentinel, a lossy network) before the
// services start. Everything is stopped and deleted at the end (the directory is kept with
// --keep, for its logs). Not thread-safe: the scenario's main thread only.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "services/common/token.h"
#include "tools/process/child.h"

namespace mailrun::fault {

enum class Service { kGame, kLobby, kNotify };
const char* ServiceName(Service service);  // "mailrun-game", ...

struct StackOptions {
  std::string source_dir;  // the repository (deploy/servers.sh)
  std::string bin_dir;     // the service binaries
  bool keep = false;       // keep the directory (logs, data) afterwards
  bool durable = false;    // PostgreSQL with fsync on (benchmarks); off by default (throwaway data)
  int replicas = 1;        // processes of each service; clients balance over them
  bool gateway = false;    // clients reach every service through the gateway (gateway/gateway.mjs)
  // The services are started by StartServices(), after the scenario has put its parts in place.
  bool defer_services = false;
  // PostgreSQL's start as a scenario needs it: a command prefix for deploy/servers.sh
  // start-postgres (e.g. "ip netns exec NS env MAILRUN_PG_LISTEN=..."), and the address the
  // services and the driver reach it at.
  std::string postgres_wrapper;
  std::string postgres_host = "127.0.0.1";
  int game_pods = 1;       // processes of mailrun-game when more than `replicas` (the benchmarks' pods)
};

class FaultStack {
 public:
  // Starts everything and waits until the three services are ready. Throws std::runtime_error
  // naming what did not start.
  explicit FaultStack(StackOptions options);
  ~FaultStack();
  FaultStack(const FaultStack&) = delete;
  FaultStack& operator=(const FaultStack&) = delete;

  // Where clients reach `service`: the gateway, or every replica ("ipv4:a,b" with several).
  std::string Address(Service service) const;
  std::string InstanceAddress(Service service, int replica) const;  // one process's own address
  std::string GatewayAddress() const;
  // Every game process as one target: "ipv4:127.0.0.1:P1,127.0.0.1:P2,..." (services/common/game_channels.h).
  std::string GameTarget() const { return ReplicasTarget(Service::kGame); }
  std::vector<int> GamePids() const;                      // of the running game processes
  std::vector<std::string> GameMetricsAddresses() const;  // each game process's metrics endpoint
  int Replicas(Service service) const;                    // how many processes of `service`
  const std::string& database_url() const { return database_url_; }
  int postgres_port() const { return pg_port_; }
  int redis_port() const { return redis_port_; }
  std::string redis_password_file() const { return dir_ + "/redis.password"; }
  const std::string& source_dir() const { return options_.source_dir; }
  int replicas() const { return options_.replicas; }

  // For a deferred start: what the services connect to instead of the stack's own PostgreSQL and
  // Redis (SetDatabaseUrl also changes the driver's own reads), extra settings, and parts that
  // live until the services are stopped (a pooler, a standby, ...).
  void SetDatabaseUrl(const std::string& url);
  void SetServiceSetting(const std::string& name, const std::string& value);
  void Attach(std::shared_ptr<void> part) { parts_.push_back(std::move(part)); }
  void StartServices();
  const std::string& dir() const { return dir_; }
  // Mints tokens as the lobby does (the driver holds the run's signing key).
  const mailrun::service::TokenSigner& signer() const { return *signer_; }

  void Kill(Service service, int replica = 0);   // SIGKILL; returns once the process is gone
  void Start(Service service, int replica = 0);  // starts it again on its port and waits until it is ready
  bool Running(Service service, int replica = 0);
  int Pid(Service service, int replica = 0) const;  // the running service's process id (0 when not started)
  void KillGateway();   // SIGKILL
  void StartGateway();  // on the same port; returns once it answers /healthz
  void KillAll(Service service);   // every replica of `service`
  void StartAll(Service service);  // every replica of `service`
  std::string postgres_dir() const { return dir_ + "/postgres"; }
  void StopRedis();
  void StartRedis();
  void StopPostgres();   // a fast shutdown: every connection is cut
  void StartPostgres();  // returns once it answers

 private:
  void Shell(const std::string& arguments);  // deploy/servers.sh ARGUMENTS, or throws
  std::map<std::string, std::string> Environment(Service service, int replica) const;
  // Every replica of `service` as one gRPC target ("ipv4:127.0.0.1:a,127.0.0.1:b"), or the one.
  std::string ReplicasTarget(Service service) const;

  StackOptions options_;
  std::string dir_;
  std::string database_url_;
  std::string redis_url_;
  int pg_port_ = 0;
  int redis_port_ = 0;
  std::map<std::pair<Service, int>, int> ports_;  // (service, replica) -> port
  std::map<std::pair<Service, int>, std::unique_ptr<mailrun::process::Child>> children_;
  std::map<std::string, std::string> settings_;  // SetServiceSetting
  std::vector<std::shared_ptr<void>> parts_;      // Attach: released after the services
  int gateway_port_ = 0;
  std::unique_ptr<mailrun::process::Child> gateway_;
  std::map<int, int> game_metrics_ports_;  // game replica -> its metrics port
  std::unique_ptr<mailrun::service::TokenSigner> signer_;
};

// Whether the grpc.health.v1 status of `service_name` at `address` is SERVING.
bool HealthServing(const std::string& address, const std::string& service_name, std::chrono::milliseconds timeout);

// A loopback TCP port nobody listens on right now.
int FreePort();

}  // namespace mailrun::fault

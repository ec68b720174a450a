// FaultStack: the whole Mailrun stack on loopback, owned by the fault driver so that it can hurt
// it: a private PostgreSQL and Redis (with a password) started by deploy/servers.sh in a fresh
// directory, token keys made for the run, and mailrun-game, mailrun-lobby and mailrun-notify as
// child processes on free ports. The driver SIGKILLs and restarts services, stops and starts
// Redis and restarts PostgreSQL through it. Everything is stopped and deleted at the end (the
// directory is kept with --keep, for its logs). Not thread-safe: the scenario's main thread only.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <string>

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
};

class FaultStack {
 public:
  // Starts everything and waits until the three services are ready. Throws std::runtime_error
  // naming what did not start.
  explicit FaultStack(StackOptions options);
  ~FaultStack();
  FaultStack(const FaultStack&) = delete;
  FaultStack& operator=(const FaultStack&) = delete;

  std::string Address(Service service) const;
  const std::string& database_url() const { return database_url_; }
  const std::string& dir() const { return dir_; }
  // Mints tokens as the lobby does (the driver holds the run's signing key).
  const mailrun::service::TokenSigner& signer() const { return *signer_; }

  void Kill(Service service);   // SIGKILL; returns once the process is gone
  void Start(Service service);  // starts it again on its port and waits until it is ready
  bool Running(Service service);
  int Pid(Service service) const;  // the running service's process id (0 when not started)
  std::string postgres_dir() const { return dir_ + "/postgres"; }
  void StopRedis();
  void StartRedis();
  void StopPostgres();   // a fast shutdown: every connection is cut
  void StartPostgres();  // returns once it answers

 private:
  void Shell(const std::string& arguments);  // deploy/servers.sh ARGUMENTS, or throws
  std::map<std::string, std::string> Environment(Service service) const;

  StackOptions options_;
  std::string dir_;
  std::string database_url_;
  std::string redis_url_;
  int pg_port_ = 0;
  int redis_port_ = 0;
  std::map<Service, int> ports_;
  std::map<Service, std::unique_ptr<mailrun::process::Child>> children_;
  std::unique_ptr<mailrun::service::TokenSigner> signer_;
};

// Whether the grpc.health.v1 status of `service_name` at `address` is SERVING.
bool HealthServing(const std::string& address, const std::string& service_name, std::chrono::milliseconds timeout);

// A loopback TCP port nobody listens on right now.
int FreePort();

}  // namespace mailrun::fault

// A service binary started as a child process for a test: real flags, real environment, real
// signals. The destructor sends SIGTERM (then SIGKILL after 10 s) if the process still runs.
#pragma once

#include <grpcpp/grpcpp.h>
#include <sys/types.h>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "tools/process/child.h"

namespace mailrun::testing {

class ServiceProcess {
 public:
  // Starts `binary` with `args` and the extra environment `env` (added to this process's own).
  // stdout and stderr go to `log_path` (appended).
  ServiceProcess(const std::string& binary, const std::vector<std::string>& args,
                 const std::map<std::string, std::string>& env, const std::string& log_path);
  ~ServiceProcess();
  ServiceProcess(const ServiceProcess&) = delete;
  ServiceProcess& operator=(const ServiceProcess&) = delete;

  // Polls grpc.health.v1 at `address` until SERVING or `timeout`; false on timeout or exit.
  bool WaitServing(const std::string& address, std::chrono::milliseconds timeout);

  void Signal(int signal_number);
  // Waits for the process to exit; returns its exit code, 128+signal if killed, or -1 on timeout.
  int Wait(std::chrono::milliseconds timeout);
  bool Running() { return child_.Running(); }
  pid_t pid() const { return child_.pid(); }
  const std::string& log_path() const { return log_path_; }

 private:
  mailrun::process::Child child_;
  std::string log_path_;
};

// Tells whether the service answering on `channel` is the one the test started: a method of it
// called without a token answers UNAUTHENTICATED, where another service would answer UNIMPLEMENTED.
using ServiceProbe = std::function<bool(const std::shared_ptr<grpc::Channel>& channel)>;

// Starts `binary` with "--listen <address>" and `args` until the service answering there is this
// process and `is_ours` says so: a free port can be taken by another test before the service binds
// it, and then even the health check may be answered by that other service. Tries `address` first
// when given (a restart), then free loopback ports, five attempts in all. Returns the address the
// service serves on, or "" (with `process` the last attempt) when no attempt worked.
std::string StartServing(std::unique_ptr<ServiceProcess>& process, const std::string& binary,
                         const std::vector<std::string>& args, const std::map<std::string, std::string>& env,
                         const std::string& log_path, const ServiceProbe& is_ours, std::string address = "");

// Whether `method` of `stub`, called without a token, answers UNAUTHENTICATED (a probe for
// StartServing: the expected service does; another answers UNIMPLEMENTED).
template <typename Stub, typename Request, typename Response>
bool RefusedWithoutToken(Stub& stub, grpc::Status (Stub::*method)(grpc::ClientContext*, const Request&, Response*)) {
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
  Response response;
  return (stub.*method)(&context, Request(), &response).error_code() == grpc::StatusCode::UNAUTHENTICATED;
}

// Reads a whole file (for checking service logs).
std::string ReadFile(const std::string& path);

}  // namespace mailrun::testing

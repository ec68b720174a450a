// A service binary started as a child process for a test: real flags, real environment, real
// signals. The destructor sends SIGTERM (then SIGKILL after 10 s) if the process still runs.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <map>
#include <string>
#include <vector>

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
  bool Running();
  pid_t pid() const { return pid_; }
  const std::string& log_path() const { return log_path_; }

 private:
  pid_t pid_ = -1;
  int exit_code_ = -1;
  std::string log_path_;
};

// Reads a whole file (for checking service logs).
std::string ReadFile(const std::string& path);

}  // namespace mailrun::testing

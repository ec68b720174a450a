// A service binary run as a child process (of the fault driver, tools/fault, or of a test,
// tests/testing/service_process.h): real flags, real environment, its output appended to a log
// file; the owner signals it (SIGKILL to crash it, SIGTERM to stop it). Not thread-safe: one owner.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <map>
#include <string>
#include <vector>

namespace mailrun::process {

class Child {
 public:
  // Starts `binary` with `args`; `env` is added to (or replaces in) this process's environment.
  Child(const std::string& binary, const std::vector<std::string>& args, const std::map<std::string, std::string>& env,
        const std::string& log_path);
  ~Child();  // SIGTERM, then SIGKILL after 10 s, if it still runs
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  void Signal(int signal_number);
  // Waits for the exit: the exit code, 128 + signal when killed, -1 when `timeout` passed first.
  int Wait(std::chrono::milliseconds timeout);
  bool Running();
  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
  int exit_code_ = -1;
};

// Runs a command line through /bin/sh to its end; its exit code. Output goes to `log_path`.
int RunShell(const std::string& command, const std::string& log_path);

}  // namespace mailrun::process

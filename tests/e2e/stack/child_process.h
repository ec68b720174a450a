// Running a client program (the mailrun CLI, node) as a child process in an end-to-end test: its
// standard output and error collected apart (read on a thread of its own, so a test can wait for
// a line while the program runs on), optional standard input, a time limit after which it is
// killed. ChildProcess is thread-safe; RunChild runs a program to its end.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace mailrun::e2e {

struct ChildResult {
  int exit_code = -1;      // 128 + signal when killed
  bool timed_out = false;  // killed at the time limit
  std::string out;         // standard output
  std::string err;         // standard error

  // "exit 1; stdout: ...; stderr: ..." for failure messages.
  std::string Describe() const;
};

class ChildProcess {
 public:
  // Starts `argv` (argv[0] a path, or a name looked up in PATH) with `env` added to (or replacing
  // in) this process's environment and `input` on its standard input.
  ChildProcess(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env,
               const std::string& input = "");
  ~ChildProcess();  // kills the program if it still runs
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  // Waits until the program's standard error holds `text` (true), or it ends or `timeout` passes.
  bool WaitForError(const std::string& text, std::chrono::milliseconds timeout);

  // Waits for the program to end, killing it after `timeout`; its exit and everything it wrote.
  ChildResult Finish(std::chrono::milliseconds timeout);

 private:
  void Read(int out_fd, int err_fd);

  pid_t pid_ = -1;
  std::mutex mutex_;
  std::condition_variable changed_;
  ChildResult result_;
  bool ended_ = false;  // the output is closed and the program reaped
  std::thread reader_;
};

// Runs a program to its end (ChildProcess, then Finish(timeout)).
ChildResult RunChild(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env,
                     const std::string& input = "", std::chrono::milliseconds timeout = std::chrono::seconds(60));

}  // namespace mailrun::e2e

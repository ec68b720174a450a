#include "tools/process/child.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <stdexcept>
#include <thread>

extern char** environ;

namespace mailrun::process {

Child::Child(const std::string& binary, const std::vector<std::string>& args,
             const std::map<std::string, std::string>& env, const std::string& log_path) {
  std::vector<std::string> argv_storage = {binary};
  argv_storage.insert(argv_storage.end(), args.begin(), args.end());
  std::vector<std::string> env_storage;
  for (char** e = environ; *e; ++e) {
    const std::string entry(*e);
    if (!env.count(entry.substr(0, entry.find('=')))) env_storage.push_back(entry);
  }
  for (const auto& [key, value] : env) env_storage.push_back(key + "=" + value);
  std::vector<char*> argv;
  for (auto& a : argv_storage) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<char*> envp;
  for (auto& e : env_storage) envp.push_back(e.data());
  envp.push_back(nullptr);
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    const int fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    if (fd >= 0) {
      dup2(fd, STDOUT_FILENO);
      dup2(fd, STDERR_FILENO);
      close(fd);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    execve(binary.c_str(), argv.data(), envp.data());
    _exit(127);
  }
}

Child::~Child() {
  if (!Running()) return;
  Signal(SIGTERM);
  if (Wait(std::chrono::seconds(10)) == -1) {
    Signal(SIGKILL);
    Wait(std::chrono::seconds(5));
  }
}

void Child::Signal(int signal_number) {
  if (pid_ > 0 && exit_code_ < 0) kill(pid_, signal_number);
}

int Child::Wait(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (exit_code_ < 0) {
    int status = 0;
    const pid_t done = waitpid(pid_, &status, WNOHANG);
    if (done == pid_) {
      exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
      break;
    }
    if (std::chrono::steady_clock::now() >= deadline) return -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return exit_code_;
}

bool Child::Running() { return Wait(std::chrono::milliseconds(0)) == -1; }

int RunShell(const std::string& command, const std::string& log_path) {
  const int status = std::system((command + " >>'" + log_path + "' 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

}  // namespace mailrun::process

#include "tests/e2e/stack/child_process.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <stdexcept>

extern char** environ;

namespace mailrun::e2e {

std::string ChildResult::Describe() const {
  return "exit " + std::to_string(exit_code) + (timed_out ? " (killed at the time limit)" : "") + "\nstdout:\n" + out +
         "\nstderr:\n" + err;
}

ChildProcess::ChildProcess(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env,
                           const std::string& input) {
  std::vector<std::string> env_storage;
  for (char** e = environ; *e; ++e) {
    const std::string entry(*e);
    if (!env.count(entry.substr(0, entry.find('=')))) env_storage.push_back(entry);
  }
  for (const auto& [key, value] : env) env_storage.push_back(key + "=" + value);
  std::vector<std::string> argv_storage = argv;
  std::vector<char*> args, envp;
  for (auto& a : argv_storage) args.push_back(a.data());
  args.push_back(nullptr);
  for (auto& e : env_storage) envp.push_back(e.data());
  envp.push_back(nullptr);

  int in_pipe[2], out_pipe[2], err_pipe[2];
  if (pipe2(in_pipe, O_CLOEXEC) != 0 || pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0) {
    throw std::runtime_error("pipe failed");
  }
  pid_ = fork();
  if (pid_ < 0) throw std::runtime_error("fork failed");
  if (pid_ == 0) {
    dup2(in_pipe[0], STDIN_FILENO);
    dup2(out_pipe[1], STDOUT_FILENO);
    dup2(err_pipe[1], STDERR_FILENO);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, nullptr);
    execvpe(args[0], args.data(), envp.data());
    _exit(127);
  }
  close(in_pipe[0]);
  close(out_pipe[1]);
  close(err_pipe[1]);
  signal(SIGPIPE, SIG_IGN);
  size_t written = 0;
  while (written < input.size()) {
    const ssize_t n = write(in_pipe[1], input.data() + written, input.size() - written);
    if (n <= 0) break;
    written += static_cast<size_t>(n);
  }
  close(in_pipe[1]);
  reader_ = std::thread([this, out = out_pipe[0], err = err_pipe[0]] { Read(out, err); });
}

ChildProcess::~ChildProcess() {
  {
    std::lock_guard lock(mutex_);
    if (!ended_) kill(pid_, SIGKILL);
  }
  reader_.join();
}

void ChildProcess::Read(int out_fd, int err_fd) {
  pollfd fds[2] = {{out_fd, POLLIN, 0}, {err_fd, POLLIN, 0}};
  int open_fds = 2;
  while (open_fds > 0) {
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
      char buffer[8192];
      const ssize_t n = read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        std::lock_guard lock(mutex_);
        (i == 0 ? result_.out : result_.err).append(buffer, static_cast<size_t>(n));
        changed_.notify_all();
      } else if (n == 0 || errno != EINTR) {
        close(fds[i].fd);
        fds[i].fd = -1;
        --open_fds;
      }
    }
  }
  for (auto& fd : fds) {
    if (fd.fd >= 0) close(fd.fd);
  }
  int status = 0;
  waitpid(pid_, &status, 0);
  std::lock_guard lock(mutex_);
  result_.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  ended_ = true;
  changed_.notify_all();
}

bool ChildProcess::WaitForError(const std::string& text, std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  changed_.wait_for(lock, timeout, [&] { return ended_ || result_.err.find(text) != std::string::npos; });
  return result_.err.find(text) != std::string::npos;
}

ChildResult ChildProcess::Finish(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  if (!changed_.wait_for(lock, timeout, [&] { return ended_; })) {
    result_.timed_out = true;
    kill(pid_, SIGKILL);
    changed_.wait(lock, [&] { return ended_; });
  }
  return result_;
}

ChildResult RunChild(const std::vector<std::string>& argv, const std::map<std::string, std::string>& env,
                     const std::string& input, std::chrono::milliseconds timeout) {
  ChildProcess child(argv, env, input);
  return child.Finish(timeout);
}

}  // namespace mailrun::e2e

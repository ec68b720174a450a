#include "tests/testing/service_process.h"

#include <fcntl.h>
#include <grpcpp/grpcpp.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "grpc/health/v1/health.grpc.pb.h"
#include "tests/testing/servers.h"

extern char** environ;

namespace mailrun::testing {

ServiceProcess::ServiceProcess(const std::string& binary, const std::vector<std::string>& args,
                               const std::map<std::string, std::string>& env, const std::string& log_path)
    : log_path_(log_path) {
  std::vector<std::string> argv_storage = {binary};
  argv_storage.insert(argv_storage.end(), args.begin(), args.end());
  std::vector<std::string> env_storage;
  for (char** e = environ; *e; ++e) {
    const std::string entry(*e);
    const std::string key = entry.substr(0, entry.find('='));
    if (!env.count(key)) env_storage.push_back(entry);
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
    const int fd = open(log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
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

ServiceProcess::~ServiceProcess() {
  if (Running()) {
    Signal(SIGTERM);
    if (Wait(std::chrono::seconds(10)) == -1) {
      Signal(SIGKILL);
      Wait(std::chrono::seconds(5));
    }
  }
}

bool ServiceProcess::WaitServing(const std::string& address, std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (!Running()) return false;
    // A fresh channel (and connection) per attempt: a channel whose first attempt found nobody
    // listening waits out gRPC's reconnect back-off (seconds) before it tries again.
    grpc::ChannelArguments arguments;
    arguments.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
    auto stub = grpc::health::v1::Health::NewStub(
        grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), arguments));
    grpc::ClientContext context;
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(500));
    grpc::health::v1::HealthCheckRequest request;
    grpc::health::v1::HealthCheckResponse response;
    if (stub->Check(&context, request, &response).ok() &&
        response.status() == grpc::health::v1::HealthCheckResponse::SERVING) {
      return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  return false;
}

void ServiceProcess::Signal(int signal_number) {
  if (pid_ > 0 && exit_code_ == -1) kill(pid_, signal_number);
}

bool ServiceProcess::Running() {
  if (pid_ <= 0 || exit_code_ != -1) return false;
  int status = 0;
  const pid_t done = waitpid(pid_, &status, WNOHANG);
  if (done == pid_) {
    exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return false;
  }
  return true;
}

int ServiceProcess::Wait(std::chrono::milliseconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (Running()) {
    if (std::chrono::steady_clock::now() >= deadline) return -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return exit_code_;
}

std::string StartServing(std::unique_ptr<ServiceProcess>& process, const std::string& binary,
                         const std::vector<std::string>& args, const std::map<std::string, std::string>& env,
                         const std::string& log_path, const ServiceProbe& is_ours, std::string address) {
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (address.empty()) address = "127.0.0.1:" + std::to_string(FreePort());
    process.reset();
    std::vector<std::string> all_args = {"--listen", address};
    all_args.insert(all_args.end(), args.begin(), args.end());
    process = std::make_unique<ServiceProcess>(binary, all_args, env, log_path);
    if (process->WaitServing(address, std::chrono::seconds(30)) &&
        is_ours(grpc::CreateChannel(address, grpc::InsecureChannelCredentials())) && process->Running()) {
      return address;
    }
    address.clear();
  }
  return "";
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace mailrun::testing

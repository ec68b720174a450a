#include "tests/testing/service_process.h"

#include <grpcpp/grpcpp.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "grpc/health/v1/health.grpc.pb.h"
#include "tests/testing/servers.h"

namespace mailrun::testing {

ServiceProcess::ServiceProcess(const std::string& binary, const std::vector<std::string>& args,
                               const std::map<std::string, std::string>& env, const std::string& log_path)
    : child_(binary, args, env, log_path), log_path_(log_path) {}

ServiceProcess::~ServiceProcess() = default;  // the Child stops the process

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

void ServiceProcess::Signal(int signal_number) { child_.Signal(signal_number); }

int ServiceProcess::Wait(std::chrono::milliseconds timeout) { return child_.Wait(timeout); }

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

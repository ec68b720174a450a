// `mailrun health`: checks servers through the standard gRPC health protocol.
#include <grpcpp/grpcpp.h>

#include <chrono>
#include <iostream>
#include <thread>

#include "grpc/health/v1/health.grpc.pb.h"
#include "tools/mailrun/commands.h"

namespace mailrun::cli {
namespace {

// One Check call; returns the status name ("SERVING", ...) or the RPC error.
std::string CheckOnce(const std::string& address, const std::string& service, std::chrono::milliseconds timeout,
                      bool* serving) {
  grpc::ChannelArguments args;
  args.SetInt(GRPC_ARG_INITIAL_RECONNECT_BACKOFF_MS, 50);
  args.SetInt(GRPC_ARG_MIN_RECONNECT_BACKOFF_MS, 50);
  args.SetInt(GRPC_ARG_MAX_RECONNECT_BACKOFF_MS, 200);
  auto channel = grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
  auto stub = grpc::health::v1::Health::NewStub(channel);
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + timeout);
  grpc::health::v1::HealthCheckRequest request;
  request.set_service(service);
  grpc::health::v1::HealthCheckResponse response;
  const grpc::Status status = stub->Check(&context, request, &response);
  *serving = status.ok() && response.status() == grpc::health::v1::HealthCheckResponse::SERVING;
  if (!status.ok()) return "UNREACHABLE (" + status.error_message() + ")";
  return grpc::health::v1::HealthCheckResponse::ServingStatus_Name(response.status());
}

}  // namespace

void RegisterHealthCommand(CLI::App& app) {
  auto* command = app.add_subcommand("health", "Check servers' grpc.health.v1 status (exit 0 if all SERVING)");
  static std::vector<std::string> addresses;
  static double wait_seconds = 0;
  static std::string service;
  command->add_option("addresses", addresses, "host:port of each server")->required();
  command->add_option("--service", service,
                      "ask for one service's status, e.g. mailrun.v1.GameService (readiness: its database answers); "
                      "default: the server as a whole (liveness)");
  command->add_option("--wait", wait_seconds, "keep trying for up to this many seconds until SERVING");
  command->callback([] {
    bool all_serving = true;
    for (const std::string& address : addresses) {
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(wait_seconds);
      bool serving = false;
      std::string answer;
      while (true) {
        answer = CheckOnce(address, service, std::chrono::milliseconds(2000), &serving);
        if (serving || std::chrono::steady_clock::now() >= deadline) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
      }
      std::cout << address << " " << answer << "\n";
      all_serving = all_serving && serving;
    }
    if (!all_serving) throw CLI::RuntimeError(1);
  });
}

}  // namespace mailrun::cli

#include "services/common/server.h"

#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/health_check_service_interface.h>
#include <signal.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <thread>

#include "services/common/logging.h"
#include "services/common/readiness.h"

namespace mailrun::service {

namespace {
sigset_t ShutdownSignals() {
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTERM);
  sigaddset(&signals, SIGINT);
  return signals;
}
}  // namespace

void BlockShutdownSignals() {
  sigset_t signals = ShutdownSignals();
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);
}

int RunServer(const ServerOptions& options) {
  BlockShutdownSignals();
  sigset_t signals = ShutdownSignals();

  grpc::EnableDefaultHealthCheckService(true);
  grpc::reflection::InitProtoReflectionServerBuilderPlugin();

  grpc::ServerBuilder builder;
  int selected_port = 0;
  builder.AddListeningPort(options.listen, grpc::InsecureServerCredentials(), &selected_port);
  if (options.max_connection_age_seconds > 0) {
    // Long-lived connections are closed (gracefully) now and then, so that clients behind a
    // headless Service re-resolve DNS and spread over new pods after a scale-out.
    builder.AddChannelArgument(GRPC_ARG_MAX_CONNECTION_AGE_MS, options.max_connection_age_seconds * 1000);
    builder.AddChannelArgument(GRPC_ARG_MAX_CONNECTION_AGE_GRACE_MS, options.shutdown_grace_seconds * 1000);
  }
  for (grpc::Service* service : options.services) builder.RegisterService(service);
  builder.experimental().SetInterceptorCreators(RequestLogInterceptors());
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || selected_port == 0) {
    spdlog::error("{} could not listen on {}", options.name, options.listen);
    return 1;
  }
  grpc::HealthCheckServiceInterface* health = server->GetHealthCheckService();
  for (const std::string& name : options.ready_services) health->SetServingStatus(name, true);
  health->SetServingStatus(true);
  std::unique_ptr<ReadinessWatcher> readiness;
  if (options.ready) {
    readiness = std::make_unique<ReadinessWatcher>(
        options.ready,
        [health, &options](bool ready) {
          for (const std::string& name : options.ready_services) health->SetServingStatus(name, ready);
        },
        options.ready_interval);
    readiness->Start();
  }
  spdlog::info("{} serving on {}", options.name, options.listen);

  int signal_number = 0;
  sigwait(&signals, &signal_number);
  spdlog::info("{} received signal {}, shutting down", options.name, signal_number);
  if (readiness) readiness->Stop();  // before NOT_SERVING, which it must not undo
  health->SetServingStatus(false);
  if (options.on_draining) options.on_draining();
  server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(options.shutdown_grace_seconds));
  if (options.on_shutdown) options.on_shutdown();
  server->Wait();
  spdlog::info("{} stopped", options.name);
  return 0;
}

}  // namespace mailrun::service

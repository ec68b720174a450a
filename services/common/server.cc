#include "services/common/server.h"

#include <grpcpp/ext/proto_server_reflection_plugin.h>
#include <grpcpp/health_check_service_interface.h>
#include <signal.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <thread>

#include "services/common/callback_queue_keeper.h"
#include "services/common/json_log.h"
#include "services/common/logging.h"
#include "services/common/metrics_endpoint.h"
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

  metrics::SetBuildInfo(options.name, MAILRUN_VERSION);
  if (options.reservation) options.reservation->Release();  // the servers below bind these now
  std::unique_ptr<MetricsEndpoint> metrics_endpoint;
  if (!options.metrics_listen.empty()) {
    try {
      metrics_endpoint = std::make_unique<MetricsEndpoint>(options.metrics_listen, options.metrics_part);
    } catch (const std::exception& e) {
      LogEvent(spdlog::level::err, "metrics_failed", {{"listen", options.metrics_listen}, {"error", e.what()}});
      return 1;
    }
    const std::string host = options.metrics_listen.substr(0, options.metrics_listen.rfind(':'));
    LogEvent(spdlog::level::info, "metrics_serving",
             {{"listen", host + ":" + std::to_string(metrics_endpoint->port())}, {"path", "/metrics"}});
  }

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
  builder.SetSyncServerOption(grpc::ServerBuilder::SyncServerOption::MAX_POLLERS, options.max_pollers);
  for (grpc::Service* service : options.services) builder.RegisterService(service);
  builder.experimental().SetInterceptorCreators(RequestLogInterceptors());
  std::unique_ptr<grpc::Server> server = builder.BuildAndStart();
  if (!server || selected_port == 0) {
    LogEvent(spdlog::level::err, "listen_failed", {{"listen", options.listen}});
    return 1;
  }
  // gRPC 1.51 runs callback-API work (the game's WatchGame, the notification streams) on threads
  // that nap 100 ms after a second without work, and requests wait for them: kept busy.
  const CallbackQueueKeeper keeper;
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
  const std::string host = options.listen.substr(0, options.listen.rfind(':'));
  LogEvent(spdlog::level::info, "serving",
           {{"listen", host + ":" + std::to_string(selected_port)}, {"version", MAILRUN_VERSION}});

  int signal_number = 0;
  sigwait(&signals, &signal_number);
  LogEvent(spdlog::level::info, "shutting_down", {{"signal", signal_number}});
  if (readiness) readiness->Stop();  // before NOT_SERVING, which it must not undo
  health->SetServingStatus(false);
  if (options.on_draining) options.on_draining();
  server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(options.shutdown_grace_seconds));
  if (options.on_shutdown) options.on_shutdown();
  server->Wait();
  LogEvent(spdlog::level::info, "stopped");
  return 0;
}

}  // namespace mailrun::service

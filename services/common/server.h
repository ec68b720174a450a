// Starting and stopping a service's gRPC server the same way in every service: the standard
// grpc.health.v1.Health service and server reflection are always on, every request is logged
// (logging.h), and SIGTERM or SIGINT shut the server down cleanly: health turns NOT_SERVING,
// new calls are refused, in-flight calls get the grace period to finish.
//
// Health names: "" is liveness (SERVING from start to shutdown); each of `ready_services` (the
// API's full service names) is readiness, SERVING only while `ready` says so (readiness.h).
#pragma once

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include "services/common/metrics.h"
#include "services/common/port_reservation.h"

namespace mailrun::service {

struct ServerOptions {
  std::string name;          // service name for logs, e.g. "mailrun-game"
  std::string listen;        // host:port
  int shutdown_grace_seconds = 10;
  int max_connection_age_seconds = 300;  // 0 = unlimited
  // Threads of the synchronous server kept waiting for calls. gRPC's default (2) ends a thread
  // after almost every call that ran beside another and starts a new one for the next (measured:
  // 1,371 threads started in 15 s by mailrun-game at 8 concurrent games, docs/benchmarks.md); a
  // thread kept waits in the completion queue and costs nothing while idle.
  int max_pollers = 64;
  std::vector<grpc::Service*> services;  // not owned; must outlive RunServer
  // Where to serve Prometheus metrics (metrics_endpoint.h), empty: nowhere; and which service's.
  std::string metrics_listen;
  metrics::Part metrics_part = metrics::Part::kCommon;
  // Readiness: checked every ready_interval; the health status of each name in ready_services
  // follows it. Unset: those names simply follow liveness.
  std::function<bool()> ready;
  std::vector<std::string> ready_services;
  std::chrono::milliseconds ready_interval{2000};
  // Called when shutdown begins, before in-flight calls get their grace period: end long-lived
  // calls here (server streams), so they do not hold the shutdown up.
  std::function<void()> on_draining;
  // Called after the server has stopped accepting calls, before RunServer returns: stop
  // background workers here (relays, subscribers).
  std::function<void()> on_shutdown;
  // The listen addresses held since main() began (port_reservation.h), let go just before the
  // servers bind them; null: none held.
  PortReservation* reservation = nullptr;
};

// Blocks SIGTERM and SIGINT in the calling thread and every thread started after it, so that
// RunServer alone receives them. Call it first thing in main(), before starting any thread.
void BlockShutdownSignals();

// Serves until SIGTERM or SIGINT. Returns the process exit code (0 after a clean shutdown,
// 1 when the server or its metrics endpoint could not start, for example because a port is taken).
int RunServer(const ServerOptions& options);

}  // namespace mailrun::service

// Logging for the services: spdlog set up once per process to write JSON lines (json_log.h), and
// the gRPC server interceptor that gives every call its log context, its one "rpc" line and its
// metrics (request_observer.h). Request and response bodies and metadata are never logged, so
// tokens and secrets cannot leak into the log.
#pragma once

#include <grpcpp/support/server_interceptor.h>

#include <memory>
#include <string>
#include <vector>

namespace mailrun::service {

// Configures the default spdlog logger: one JSON object per line on stderr, each naming
// `service`. Throws std::runtime_error on an unknown level name.
void InitLogging(const std::string& service, const std::string& level);

// The factory to hand to grpc::ServerBuilder::experimental().SetInterceptorCreators().
std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> RequestLogInterceptors();

}  // namespace mailrun::service

// Logging for the services: spdlog set up once per process, and a gRPC server interceptor that
// writes exactly one line per request (method, status code, milliseconds). Request and response
// bodies and metadata are never logged, so tokens and secrets cannot leak into the log.
#pragma once

#include <grpcpp/support/server_interceptor.h>

#include <memory>
#include <string>
#include <vector>

namespace mailrun::service {

// Configures the default spdlog logger: one line per event on stderr, prefixed with `service`.
// Throws std::runtime_error on an unknown level name.
void InitLogging(const std::string& service, const std::string& level);

// The factory to hand to grpc::ServerBuilder::experimental().SetInterceptorCreators().
std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> RequestLogInterceptors();

}  // namespace mailrun::service

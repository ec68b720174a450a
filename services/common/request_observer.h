// The gRPC server interceptor every service runs (server.h): for each call it opens a LogScope
// (log_context.h) with the call's request id (the client's "x-request-id" metadata, or a new one),
// its method and its trace (the client's W3C "traceparent" metadata continued with a span of
// this service, or a new trace); hands both back to the client in the response's initial
// metadata ("x-request-id", and "traceresponse" with the trace id and this service's span); and
// when the call ends writes its one "rpc" log line (json_log.h: status, duration_ms) and its
// metrics (metrics.h: count by method and status code, latency of unary calls). Request and
// response bodies and metadata values other than these ids are never logged, so tokens and
// secrets cannot leak into the log.
#pragma once

#include <grpcpp/support/server_interceptor.h>

#include <memory>

namespace mailrun::service {

inline constexpr char kRequestIdHeader[] = "x-request-id";
inline constexpr char kTraceresponseHeader[] = "traceresponse";

class RequestObserverFactory final : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  grpc::experimental::Interceptor* CreateServerInterceptor(grpc::experimental::ServerRpcInfo* info) override;
};

}  // namespace mailrun::service

#include "services/common/request_observer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <string>

#include "services/common/json_log.h"
#include "services/common/log_context.h"
#include "services/common/metrics.h"
#include "services/common/status_names.h"
#include "services/common/trace_context.h"

namespace mailrun::service {
namespace {

using grpc::experimental::InterceptionHookPoints;

// A client's request id is used when it is 1-128 printable characters without spaces.
bool UsableRequestId(const std::string& id) {
  return !id.empty() && id.size() <= 128 &&
         std::all_of(id.begin(), id.end(), [](char c) { return c > ' ' && c < 0x7f; });
}

std::string Value(const std::multimap<grpc::string_ref, grpc::string_ref>& metadata, const char* key) {
  const auto found = metadata.find(key);
  return found == metadata.end() ? std::string() : std::string(found->second.data(), found->second.size());
}

spdlog::level::level_enum LevelFor(const std::string& method, grpc::StatusCode code) {
  // Health checks come every few seconds from every probe: only worth a line when debugging.
  if (method.rfind("/grpc.health.v1.Health/", 0) == 0) return spdlog::level::debug;
  if (code == grpc::StatusCode::INTERNAL || code == grpc::StatusCode::UNKNOWN ||
      code == grpc::StatusCode::DATA_LOSS) {
    return spdlog::level::err;
  }
  return spdlog::level::info;
}

class RequestObserver final : public grpc::experimental::Interceptor {
 public:
  explicit RequestObserver(grpc::experimental::ServerRpcInfo* info)
      : method_(info->method() ? info->method() : "?"),
        unary_(info->type() == grpc::experimental::ServerRpcInfo::Type::UNARY),
        start_(std::chrono::steady_clock::now()) {}

  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    if (methods->QueryInterceptionHookPoint(InterceptionHookPoints::POST_RECV_INITIAL_METADATA)) {
      Open(*methods->GetRecvInitialMetadata());
    }
    if (methods->QueryInterceptionHookPoint(InterceptionHookPoints::PRE_SEND_INITIAL_METADATA) && scope_) {
      auto* metadata = methods->GetSendInitialMetadata();
      metadata->emplace(kRequestIdHeader, scope_->context().request_id);
      metadata->emplace(kTraceresponseHeader, scope_->context().trace.ToTraceparent());
      // A stream that goes on after its headers (Subscribe) carries its own copy of the context
      // (HandOffCurrentScope), and its "rpc" line is written in the scope it finishes in: this
      // one is not needed any more, and an idle stream should not keep two (about 450 bytes).
      if (!unary_ && !methods->QueryInterceptionHookPoint(InterceptionHookPoints::PRE_SEND_STATUS)) scope_.reset();
    }
    if (methods->QueryInterceptionHookPoint(InterceptionHookPoints::PRE_SEND_STATUS)) {
      Finish(methods->GetSendStatus());
    }
    methods->Proceed();
  }

 private:
  // The call's context, current on the thread that runs its handler (the synchronous server
  // receives the metadata and runs the handler on one thread).
  void Open(const std::multimap<grpc::string_ref, grpc::string_ref>& metadata) {
    LogContext context;
    context.method = method_;
    context.request_id = Value(metadata, kRequestIdHeader);
    if (!UsableRequestId(context.request_id)) context.request_id = RandomHex(8);
    context.trace = TraceContext::ContinueFrom(Value(metadata, kTraceparentHeader));
    scope_.emplace(std::move(context));
  }

  void Finish(const grpc::Status& status) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    const std::string code = StatusCodeName(status.error_code());
    metrics::RpcHandled(method_, code, unary_ ? seconds : -1);
    LogEvent(LevelFor(method_, status.error_code()), "rpc",
             {{"status", code}, {"duration_ms", std::round(seconds * 1e4) / 10}});
    scope_.reset();
  }

  const std::string method_;
  const bool unary_;
  const std::chrono::steady_clock::time_point start_;
  std::optional<LogScope> scope_;
};

}  // namespace

grpc::experimental::Interceptor* RequestObserverFactory::CreateServerInterceptor(
    grpc::experimental::ServerRpcInfo* info) {
  return new RequestObserver(info);
}

}  // namespace mailrun::service

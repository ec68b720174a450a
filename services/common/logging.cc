#include "services/common/logging.h"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <stdexcept>

namespace mailrun::service {
namespace {

class RequestLogInterceptor final : public grpc::experimental::Interceptor {
 public:
  explicit RequestLogInterceptor(grpc::experimental::ServerRpcInfo* info)
      : method_(info->method() ? info->method() : "?"), start_(std::chrono::steady_clock::now()) {}

  void Intercept(grpc::experimental::InterceptorBatchMethods* methods) override {
    using grpc::experimental::InterceptionHookPoints;
    if (methods->QueryInterceptionHookPoint(InterceptionHookPoints::PRE_SEND_STATUS)) {
      const grpc::Status status = methods->GetSendStatus();
      const auto elapsed = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_);
      spdlog::info("rpc {} status={} ms={:.1f}", method_, static_cast<int>(status.error_code()), elapsed.count());
    }
    methods->Proceed();
  }

 private:
  std::string method_;
  std::chrono::steady_clock::time_point start_;
};

class RequestLogInterceptorFactory final : public grpc::experimental::ServerInterceptorFactoryInterface {
 public:
  grpc::experimental::Interceptor* CreateServerInterceptor(grpc::experimental::ServerRpcInfo* info) override {
    return new RequestLogInterceptor(info);
  }
};

}  // namespace

void InitLogging(const std::string& service, const std::string& level) {
  auto logger = spdlog::stderr_logger_mt(service);
  logger->set_pattern("%Y-%m-%dT%H:%M:%S.%e %n %l %v");
  const auto parsed = spdlog::level::from_str(level);
  if (parsed == spdlog::level::off && level != "off") throw std::runtime_error("unknown log level '" + level + "'");
  logger->set_level(parsed);
  logger->flush_on(spdlog::level::info);
  spdlog::set_default_logger(logger);
}

std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> RequestLogInterceptors() {
  std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> creators;
  creators.push_back(std::make_unique<RequestLogInterceptorFactory>());
  return creators;
}

}  // namespace mailrun::service

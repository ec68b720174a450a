#include "services/common/logging.h"

#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

#include <stdexcept>

#include "services/common/json_log.h"
#include "services/common/request_observer.h"

namespace mailrun::service {

void InitLogging(const std::string& service, const std::string& level) {
  auto logger = spdlog::stderr_logger_mt(service);
  logger->set_formatter(std::make_unique<JsonLogFormatter>(service));
  const auto parsed = spdlog::level::from_str(level);
  if (parsed == spdlog::level::off && level != "off") throw std::runtime_error("unknown log level '" + level + "'");
  logger->set_level(parsed);
  logger->flush_on(spdlog::level::trace);
  spdlog::set_default_logger(logger);
}

std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> RequestLogInterceptors() {
  std::vector<std::unique_ptr<grpc::experimental::ServerInterceptorFactoryInterface>> creators;
  creators.push_back(std::make_unique<RequestObserverFactory>());
  return creators;
}

}  // namespace mailrun::service

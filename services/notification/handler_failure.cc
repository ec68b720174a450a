#include "services/notification/handler_failure.h"

#include <spdlog/spdlog.h>

#include "services/common/database_errors.h"

namespace mailrun::notification {

grpc::Status FailureStatus(const char* method, const std::exception& e) {
  if (service::ServerWentAway(e)) {
    spdlog::warn("{}: database unavailable: {}", method, e.what());
    return grpc::Status(grpc::StatusCode::UNAVAILABLE, "the notification database is unavailable; retry");
  }
  spdlog::error("{}: {}", method, e.what());
  return grpc::Status(grpc::StatusCode::INTERNAL, "internal error");
}

}  // namespace mailrun::notification

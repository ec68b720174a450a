#include "services/common/retry_later.h"

#include "google/rpc/error_details.pb.h"
#include "google/rpc/status.pb.h"

namespace mailrun::service {

grpc::Status RetryLater(const std::string& message, std::chrono::seconds delay) {
  const std::string text = message + "; retry in " + std::to_string(delay.count()) + " s";
  google::rpc::RetryInfo retry;
  retry.mutable_retry_delay()->set_seconds(delay.count());
  google::rpc::Status details;
  details.set_code(static_cast<int>(grpc::StatusCode::RESOURCE_EXHAUSTED));
  details.set_message(text);
  details.add_details()->PackFrom(retry);
  return grpc::Status(grpc::StatusCode::RESOURCE_EXHAUSTED, text, details.SerializeAsString());
}

std::optional<std::chrono::milliseconds> RetryDelayOf(const grpc::Status& status) {
  google::rpc::Status details;
  if (status.error_details().empty() || !details.ParseFromString(status.error_details())) return std::nullopt;
  for (const auto& detail : details.details()) {
    google::rpc::RetryInfo retry;
    if (detail.UnpackTo(&retry)) {
      return std::chrono::milliseconds(retry.retry_delay().seconds() * 1000 + retry.retry_delay().nanos() / 1000000);
    }
  }
  return std::nullopt;
}

}  // namespace mailrun::service

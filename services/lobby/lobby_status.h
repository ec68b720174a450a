// Short names for the gRPC statuses the lobby answers with (see proto/mailrun/v1/lobby.proto for
// what each means to a client). Messages name the field or the rule and never contain secrets.
#pragma once

#include <grpcpp/grpcpp.h>

#include <optional>
#include <string>

namespace mailrun::lobby {

inline grpc::Status Invalid(const std::string& message) {
  return grpc::Status(grpc::StatusCode::INVALID_ARGUMENT, message);
}
inline grpc::Status NotNow(const std::string& message) {
  return grpc::Status(grpc::StatusCode::FAILED_PRECONDITION, message);
}
inline grpc::Status Denied(const std::string& message) {
  return grpc::Status(grpc::StatusCode::PERMISSION_DENIED, message);
}
inline grpc::Status NotFound(const std::string& message) {
  return grpc::Status(grpc::StatusCode::NOT_FOUND, message);
}
inline grpc::Status Unauthenticated(const std::string& message) {
  return grpc::Status(grpc::StatusCode::UNAUTHENTICATED, message);
}
inline grpc::Status Taken(const std::string& message) {
  return grpc::Status(grpc::StatusCode::ALREADY_EXISTS, message);
}

// INVALID_ARGUMENT for a problem found by validation.h, OK for none.
inline grpc::Status InvalidIf(const std::optional<std::string>& problem) {
  return problem ? Invalid(*problem) : grpc::Status::OK;
}

}  // namespace mailrun::lobby

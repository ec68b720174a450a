// The gRPC statuses the lobby answers with (see proto/mailrun/v1/lobby.proto for what each means
// to a client), each in the standard error model (services/common/refusal_details.h): a stable
// message key ("lobby.table.full") in ErrorInfo with the kind of refusal, and for a bad request the
// field in BadRequest. Messages name the field or the rule and never contain secrets.
#pragma once

#include <grpcpp/grpcpp.h>

#include <optional>
#include <string>

#include "services/common/refusal_details.h"

namespace mailrun::lobby {

// INVALID_ARGUMENT: `field` of the request is wrong ("" when no single field is).
inline grpc::Status Invalid(const std::string& key, const std::string& field, const std::string& message) {
  return service::RefusalStatus(grpc::StatusCode::INVALID_ARGUMENT, message, {key, "", "malformed", field, ""});
}
// FAILED_PRECONDITION: not in the table's, tournament's or account's present state.
inline grpc::Status NotNow(const std::string& key, const std::string& message) {
  return service::RefusalStatus(grpc::StatusCode::FAILED_PRECONDITION, message, {key, "", "not_now", "", ""});
}
inline grpc::Status Denied(const std::string& key, const std::string& message) {
  return service::RefusalStatus(grpc::StatusCode::PERMISSION_DENIED, message, {key, "", "denied", "", ""});
}
inline grpc::Status NotFound(const std::string& key, const std::string& message) {
  return service::RefusalStatus(grpc::StatusCode::NOT_FOUND, message, {key, "", "not_found", "", ""});
}
inline grpc::Status Unauthenticated(const std::string& key, const std::string& message) {
  return service::RefusalStatus(grpc::StatusCode::UNAUTHENTICATED, message, {key, "", "unauthenticated", "", ""});
}
inline grpc::Status Taken(const std::string& key, const std::string& message) {
  return service::RefusalStatus(grpc::StatusCode::ALREADY_EXISTS, message, {key, "", "taken", "", ""});
}

// INVALID_ARGUMENT (key "lobby.invalid.<field>") for a problem validation.h found in `field`, OK
// for none.
inline grpc::Status InvalidIf(const std::string& field, const std::optional<std::string>& problem) {
  return problem ? Invalid("lobby.invalid." + field, field, *problem) : grpc::Status::OK;
}

}  // namespace mailrun::lobby

// The gRPC statuses the lobby answers with (see proto/mailrun/v1/lobby.proto for what each means
// to a client), each in the standard error model (services/common/refusal_details.h): a stable
// message key ("lobby.table.full") in ErrorInfo with the kind of refusal, and for a bad request the
// field in BadRequest. Messages name the field or the rule and never contain secrets. A message that
// names a value (a table id, a display name, a count) passes it as a typed parameter too
// (`{param::Text("table_id", id)}`, engine/core/structured_text.h), which the details carry for an
// app to translate the sentence with (i18n/de.json has the key's entry with those placeholders).
#pragma once

#include <grpcpp/grpcpp.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/structured_text.h"
#include "services/common/refusal_details.h"

namespace mailrun::lobby {

namespace param = engine::param;
using Params = std::vector<mailrun::v1::TextParam>;

// INVALID_ARGUMENT: `field` of the request is wrong ("" when no single field is).
inline grpc::Status Invalid(const std::string& key, const std::string& field, const std::string& message, Params params = {}) {
  return service::RefusalStatus(grpc::StatusCode::INVALID_ARGUMENT, message, {key, "", "malformed", field, "", std::move(params)});
}
// FAILED_PRECONDITION: not in the table's, tournament's or account's present state.
inline grpc::Status NotNow(const std::string& key, const std::string& message, Params params = {}) {
  return service::RefusalStatus(grpc::StatusCode::FAILED_PRECONDITION, message, {key, "", "not_now", "", "", std::move(params)});
}
inline grpc::Status Denied(const std::string& key, const std::string& message, Params params = {}) {
  return service::RefusalStatus(grpc::StatusCode::PERMISSION_DENIED, message, {key, "", "denied", "", "", std::move(params)});
}
inline grpc::Status NotFound(const std::string& key, const std::string& message, Params params = {}) {
  return service::RefusalStatus(grpc::StatusCode::NOT_FOUND, message, {key, "", "not_found", "", "", std::move(params)});
}
inline grpc::Status Unauthenticated(const std::string& key, const std::string& message, Params params = {}) {
  return service::RefusalStatus(grpc::StatusCode::UNAUTHENTICATED, message, {key, "", "unauthenticated", "", "", std::move(params)});
}
inline grpc::Status Taken(const std::string& key, const std::string& message, Params params = {}) {
  return service::RefusalStatus(grpc::StatusCode::ALREADY_EXISTS, message, {key, "", "taken", "", "", std::move(params)});
}

// INVALID_ARGUMENT (key "lobby.invalid.<field>") for a problem validation.h found in `field`, OK
// for none.
inline grpc::Status InvalidIf(const std::string& field, const std::optional<std::string>& problem) {
  return problem ? Invalid("lobby.invalid." + field, field, *problem) : grpc::Status::OK;
}

}  // namespace mailrun::lobby

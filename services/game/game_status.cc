#include "services/game/game_status.h"

#include <fmt/format.h>

#include "services/common/refusal_details.h"

namespace mailrun::game {

using mailrun::engine::ErrorKind;

namespace {

const char* KindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kMalformed: return "malformed";
    case ErrorKind::kIllegal: return "illegal";
    case ErrorKind::kNotYourTurn: return "not_your_turn";
    case ErrorKind::kBadData: return "bad_data";
    case ErrorKind::kUnavailable: return "unavailable";
  }
  return "illegal";
}

// The engine's refusal with its key and rule in the error details; `field` names the request's
// field a malformed error is about.
grpc::Status Refused(grpc::StatusCode code, const mailrun::engine::Error& error, const std::string& prefix,
                     const std::string& field) {
  const service::Refusal refusal{error.key, error.rule, KindName(error.kind),
                                 code == grpc::StatusCode::INVALID_ARGUMENT ? field : "", error.message, error.params};
  return service::RefusalStatus(code, prefix + error.ToString(), refusal);
}

}  // namespace

grpc::Status EngineErrorStatus(const mailrun::engine::Error& error) {
  if (error.kind == ErrorKind::kBadData) {
    return service::RefusalStatus(grpc::StatusCode::INTERNAL, "the game's data could not be loaded",
                                  {"game.refusal.data_fault", "", KindName(error.kind), "", ""});
  }
  const bool malformed = error.kind == ErrorKind::kMalformed;
  return Refused(malformed ? grpc::StatusCode::INVALID_ARGUMENT : grpc::StatusCode::FAILED_PRECONDITION, error, "",
                 "action");
}

grpc::Status ConfigErrorStatus(const mailrun::engine::Error& error) {
  // A title or edition the engine cannot play yet (1853 2009: no board data) is not malformed.
  const bool unavailable = error.kind == ErrorKind::kUnavailable;
  return Refused(unavailable ? grpc::StatusCode::FAILED_PRECONDITION : grpc::StatusCode::INVALID_ARGUMENT, error,
                 "config: ", "config");
}

// The service's own refusals (not the engine's) carry a key per kind of refusal: the message says
// which field or which state.
grpc::Status Invalid(const std::string& message) {
  return service::RefusalStatus(grpc::StatusCode::INVALID_ARGUMENT, message,
                                {"game.refusal.invalid_request", "", "malformed", "request", ""});
}
grpc::Status Invalid(const std::string& key, const std::string& message, RefusalParams params) {
  return service::RefusalStatus(grpc::StatusCode::INVALID_ARGUMENT, message,
                                {key, "", "malformed", "request", "", std::move(params)});
}
grpc::Status InvalidField(const std::string& field, const std::string& message, RefusalParams params,
                          const std::string& reason) {
  return service::RefusalStatus(
      grpc::StatusCode::INVALID_ARGUMENT, message,
      {"game.invalid." + field + (reason.empty() ? "" : "." + reason), "", "malformed", field, "", std::move(params)});
}
grpc::Status NotNow(const std::string& message) { return NotNow("game.refusal.not_now", message, {}); }
grpc::Status NotNow(const std::string& key, const std::string& message, RefusalParams params) {
  return service::RefusalStatus(grpc::StatusCode::FAILED_PRECONDITION, message, {key, "", "illegal", "", "", std::move(params)});
}
grpc::Status Denied(const std::string& message) { return Denied("game.refusal.permission_denied", message, {}); }
grpc::Status Denied(const std::string& key, const std::string& message, RefusalParams params) {
  return service::RefusalStatus(grpc::StatusCode::PERMISSION_DENIED, message, {key, "", "denied", "", "", std::move(params)});
}
grpc::Status NoSuchGame(const std::string& game_id) {
  return service::RefusalStatus(grpc::StatusCode::NOT_FOUND, fmt::format("there is no game '{}'", game_id),
                                {"game.refusal.no_such_game", "", "not_found", "", "", {service::TextValue("game_id", game_id)}});
}
grpc::Status Internal(const std::string& message) {
  return service::RefusalStatus(grpc::StatusCode::INTERNAL, message, {"game.refusal.internal", "", "internal", "", ""});
}

grpc::Status StaleVersion(int64_t expected, int64_t current) {
  return service::RefusalStatus(
      grpc::StatusCode::ABORTED,
      fmt::format("the game is at version {}, not {}: re-read it and decide again", current, expected),
      {"game.refusal.stale_version", "", "stale", "", "",
       {service::CountValue("current", current), service::CountValue("expected", expected)}});
}

grpc::Status ChangedMeanwhile(int64_t current) {
  return service::RefusalStatus(
      grpc::StatusCode::ABORTED,
      fmt::format("the game changed meanwhile (now version {}): re-read it and try again", current),
      {"game.refusal.changed_meanwhile", "", "stale", "", "", {service::CountValue("current", current)}});
}

}  // namespace mailrun::game

#include "services/game/game_status.h"

#include <fmt/format.h>

namespace mailrun::game {

using mailrun::engine::ErrorKind;

grpc::Status EngineErrorStatus(const mailrun::engine::Error& error) {
  switch (error.kind) {
    case ErrorKind::kMalformed:
      return Invalid(error.ToString());
    case ErrorKind::kIllegal:
    case ErrorKind::kNotYourTurn:
    case ErrorKind::kUnavailable:
      return NotNow(error.ToString());
    case ErrorKind::kBadData:
      break;
  }
  return Internal("the game's data could not be loaded");
}

grpc::Status ConfigErrorStatus(const mailrun::engine::Error& error) {
  // A title or edition the engine cannot play yet ("1947 cannot be played yet") is not malformed.
  if (error.kind == ErrorKind::kUnavailable) return NotNow("config: " + error.ToString());
  return Invalid("config: " + error.ToString());
}

grpc::Status Invalid(const std::string& message) { return {grpc::StatusCode::INVALID_ARGUMENT, message}; }
grpc::Status NotNow(const std::string& message) { return {grpc::StatusCode::FAILED_PRECONDITION, message}; }
grpc::Status Denied(const std::string& message) { return {grpc::StatusCode::PERMISSION_DENIED, message}; }
grpc::Status NoSuchGame(const std::string& game_id) {
  return {grpc::StatusCode::NOT_FOUND, fmt::format("there is no game '{}'", game_id)};
}
grpc::Status Internal(const std::string& message) { return {grpc::StatusCode::INTERNAL, message}; }

grpc::Status StaleVersion(int64_t expected, int64_t current) {
  return {grpc::StatusCode::ABORTED,
          fmt::format("the game is at version {}, not {}: re-read it and decide again", current, expected)};
}

grpc::Status ChangedMeanwhile(int64_t current) {
  return {grpc::StatusCode::ABORTED,
          fmt::format("the game changed meanwhile (now version {}): re-read it and try again", current)};
}

}  // namespace mailrun::game

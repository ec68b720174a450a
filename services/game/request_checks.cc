#include "services/game/request_checks.h"

#include "services/common/ids.h"

namespace mailrun::game {

std::optional<std::string> CheckGameId(const std::string& game_id) {
  return mailrun::service::IdProblem("game_id", game_id, kMaxGameIdLength);
}

std::optional<std::string> CheckRequestId(const std::string& request_id) {
  if (request_id.empty()) return "request_id is required: a new unique id for each call (retries reuse it)";
  return mailrun::service::IdProblem("request_id", request_id, kMaxRequestIdLength);
}

std::optional<std::string> CheckClientRequestId(const std::string& request_id) {
  if (auto bad = CheckRequestId(request_id)) return bad;
  if (request_id.starts_with(kServiceRequestIdPrefix)) {
    return "request_id may not begin with '" + std::string(kServiceRequestIdPrefix) +
           "': those ids are reserved for the moves the service makes itself";
  }
  return std::nullopt;
}

}  // namespace mailrun::game

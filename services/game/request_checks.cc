#include "services/game/request_checks.h"

#include <fmt/format.h>

namespace mailrun::game {

std::optional<std::string> CheckGameId(const std::string& game_id) {
  if (game_id.empty()) return "game_id is required";
  if (game_id.size() > kMaxGameIdLength) return fmt::format("game_id is longer than {} characters", kMaxGameIdLength);
  return std::nullopt;
}

std::optional<std::string> CheckRequestId(const std::string& request_id) {
  if (request_id.empty()) return "request_id is required: a new unique id for each call (retries reuse it)";
  if (request_id.size() > kMaxRequestIdLength) {
    return fmt::format("request_id is longer than {} characters", kMaxRequestIdLength);
  }
  return std::nullopt;
}

}  // namespace mailrun::game

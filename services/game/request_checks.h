// Checks of request fields every game RPC shares, each returning the INVALID_ARGUMENT message for
// a bad value (naming the field) or nullopt. Ids follow the services' one rule
// (services/common/ids.h: printable ASCII, no NUL). Pure.
#pragma once

#include <optional>
#include <string>

namespace mailrun::game {

inline constexpr size_t kMaxRequestIdLength = 128;
inline constexpr size_t kMaxGameIdLength = 64;

std::optional<std::string> CheckGameId(const std::string& game_id);
std::optional<std::string> CheckRequestId(const std::string& request_id);

}  // namespace mailrun::game

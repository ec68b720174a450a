// Checks of request fields every game RPC shares, each returning the INVALID_ARGUMENT message for
// a bad value (naming the field) or nullopt. Ids follow the services' one rule
// (services/common/ids.h: printable ASCII, no NUL). Request ids beginning with "service:" are
// the service's own (the bot's moves, deleted_players.h): a client's call may not use them, so no
// client can take an id the service will need (issue 46: a forged "bot-<version>-<seat>" froze a
// seat for good). Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace mailrun::game {

inline constexpr size_t kMaxRequestIdLength = 128;
inline constexpr size_t kMaxGameIdLength = 64;

inline constexpr std::string_view kServiceRequestIdPrefix = "service:";

std::optional<std::string> CheckGameId(const std::string& game_id);
std::optional<std::string> CheckRequestId(const std::string& request_id);
// CheckRequestId, and not in the service's own namespace (kServiceRequestIdPrefix): for clients' calls.
std::optional<std::string> CheckClientRequestId(const std::string& request_id);

}  // namespace mailrun::game

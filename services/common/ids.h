// The one rule for identifiers in requests, shared by every service: request ids, game, table,
// tournament, user, device and event ids, invitation codes and page tokens. An id is 1 to
// `max_length` printable ASCII characters from '!' to '~': no space, no control character, no
// NUL and nothing beyond ASCII. PostgreSQL's client library ends a text parameter at a NUL byte,
// so an id with a NUL in it would silently stand for a shorter one; ids are also echoed in
// messages and logs, where control characters do not belong. Pure functions.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace mailrun::service {

inline constexpr size_t kMaxIdLength = 128;

// nullopt when `value` is a valid id; otherwise the INVALID_ARGUMENT message, naming `field`
// (e.g. "game_id") and what is wrong. The message never repeats the value itself.
std::optional<std::string> IdProblem(std::string_view field, std::string_view value,
                                     size_t max_length = kMaxIdLength);

// The same for an id that may be left empty (meaning "none", "the caller" or "the first page").
std::optional<std::string> OptionalIdProblem(std::string_view field, std::string_view value,
                                             size_t max_length = kMaxIdLength);

// Whether `c` may appear in an id.
constexpr bool IsIdCharacter(char c) { return c >= '!' && c <= '~'; }

}  // namespace mailrun::service

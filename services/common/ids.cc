#include "services/common/ids.h"

#include <fmt/format.h>

namespace mailrun::service {

std::optional<std::string> IdProblem(std::string_view field, std::string_view value, size_t max_length) {
  if (value.empty()) return fmt::format("{} is required", field);
  if (value.size() > max_length) return fmt::format("{} must be at most {} characters", field, max_length);
  for (size_t i = 0; i < value.size(); ++i) {
    if (IsIdCharacter(value[i])) continue;
    const unsigned char c = static_cast<unsigned char>(value[i]);
    const char* what = c == 0 ? "a NUL byte" : c == ' ' ? "a space" : c < 0x20 || c == 0x7f ? "a control character"
                                                                                              : "a non-ASCII byte";
    return fmt::format("{} holds {} at position {}: ids are 1 to {} printable ASCII characters ('!' to '~')", field,
                       what, i + 1, max_length);
  }
  return std::nullopt;
}

std::optional<std::string> OptionalIdProblem(std::string_view field, std::string_view value, size_t max_length) {
  if (value.empty()) return std::nullopt;
  return IdProblem(field, value, max_length);
}

}  // namespace mailrun::service

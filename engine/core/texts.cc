#include "engine/core/texts.h"

#include <cstdint>

namespace mailrun::engine {

std::string FormatMoney(int64_t amount, std::string_view currency) {
  const std::string digits = std::to_string(amount < 0 ? -amount : amount);
  std::string grouped;
  for (size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
    grouped += digits[i];
  }
  return (amount < 0 ? "-" : "") + std::string(currency) + grouped;
}

std::string ShareOf(const std::string& initials) {
  // Letters whose names begin with a vowel sound: A, E, F (eff), H (aitch), I, L, M, N, O, R, S, X.
  const bool vowel_sound = !initials.empty() && std::string("AEFHILMNORSX").find(initials[0]) != std::string::npos;
  return (vowel_sound ? "an " : "a ") + initials + " share";
}

}  // namespace mailrun::engine

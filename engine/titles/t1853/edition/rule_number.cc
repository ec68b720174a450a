#include "engine/titles/t1853/edition/rule_number.h"

#include <algorithm>

namespace mailrun::engine::t1853 {
namespace {

// One or more of the digits 0-9.
bool IsDigits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

bool IsRuleNumber(std::string_view text) {
  bool dotted = false;
  for (size_t dot = text.find('.'); dot != std::string_view::npos; dot = text.find('.')) {
    if (!IsDigits(text.substr(0, dot))) return false;
    text.remove_prefix(dot + 1);
    dotted = true;
  }
  return dotted && IsDigits(text);
}

bool IsNumbered(std::string_view text, std::string_view word) {
  return text.size() > word.size() && text.starts_with(word) && text[word.size()] == ' ' &&
         IsDigits(text.substr(word.size() + 1));
}

}  // namespace mailrun::engine::t1853

// Reading calls out of C++ source text, for the tests that walk the source's refusal sites
// (tests/unit/engine/message_keys_test.cc, tests/unit/lobby/refusal_keys_test.cc): where a call's
// parentheses close, and its top-level arguments. String literals are skipped, so a parenthesis or
// comma inside one does not count. Header-only: both test binaries include it.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace mailrun::testing {

// The end of the string literal whose opening quote is at `quote`: the position of its closing quote.
inline size_t LiteralEnd(const std::string& source, size_t quote) {
  size_t i = quote + 1;
  for (; i < source.size() && source[i] != '"'; ++i) {
    if (source[i] == '\\') ++i;
  }
  return i;
}

// The top-level arguments (trimmed) of the call whose opening parenthesis is just before `open`;
// `*close`, when given, receives the position just after its closing parenthesis.
inline std::vector<std::string> CallArguments(const std::string& source, size_t open, size_t* close = nullptr) {
  std::vector<std::string> args(1);
  int depth = 1;
  size_t i = open;
  for (; i < source.size() && depth > 0; ++i) {
    const char c = source[i];
    if (c == '"') {
      const size_t end = LiteralEnd(source, i);
      args.back() += source.substr(i, end + 1 - i);
      i = end;
      continue;
    }
    if (c == '(' || c == '{' || c == '[') ++depth;
    if (c == ')' || c == '}' || c == ']') --depth;
    if (depth == 0) break;
    if (c == ',' && depth == 1) {
      args.emplace_back();
      continue;
    }
    args.back() += c;
  }
  if (close) *close = i + 1;
  for (auto& arg : args) {
    const size_t first = arg.find_first_not_of(" \t\n");
    arg = first == std::string::npos ? "" : arg.substr(first, arg.find_last_not_of(" \t\n") - first + 1);
  }
  return args;
}

}  // namespace mailrun::testing

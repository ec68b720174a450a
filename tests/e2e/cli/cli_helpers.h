// What the e2e tests of the mailrun command share: a command line split into words as a shell
// would, a private temporary folder for a client's HOME, and a capture out of what mailrun printed.
#pragma once

#include <gtest/gtest.h>
#include <stdlib.h>

#include <regex>
#include <string>
#include <vector>

namespace mailrun::e2e {

// A command line split into words as a shell would for these lines ('...' and "..." quote).
inline std::vector<std::string> Words(const std::string& line) {
  std::vector<std::string> words;
  std::string word;
  bool in_word = false;
  char quote = 0;
  for (const char c : line) {
    if (quote != 0) {
      if (c == quote) quote = 0;
      else word += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      in_word = true;
    } else if (c == ' ') {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      word += c;
      in_word = true;
    }
  }
  if (in_word) words.push_back(word);
  return words;
}

inline std::string MakeTempDir() {
  std::string path = ::testing::TempDir() + "/e2e-cli-XXXXXX";
  if (mkdtemp(path.data()) == nullptr) ADD_FAILURE() << "mkdtemp failed";
  return path;
}

// The first capture of `pattern` in `text`, or "".
inline std::string Find(const std::string& text, const std::string& pattern) {
  std::smatch match;
  return std::regex_search(text, match, std::regex(pattern)) ? match[1].str() : "";
}

}  // namespace mailrun::e2e

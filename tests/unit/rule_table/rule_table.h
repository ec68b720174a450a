// Reading the rule table (docs/rules-1853-retuned.tsv) and the tests this build has, for the
// table's check (rule_table_test.cc).
//
// The table has one row per numbered rule of the text, tab-separated, with a header row and '#'
// comment lines: rule, status, summary, code (paths from the project's root, space-separated),
// tests (CTest names, space-separated) and note.
#pragma once

#include <set>
#include <string>
#include <vector>

namespace mailrun::rule_table {

struct Row {
  int line = 0;  // in the file, for messages
  std::string rule;
  std::string status;
  std::string summary;
  std::vector<std::string> code;
  std::vector<std::string> tests;
  std::string note;
};

// The rows of a table file; a malformed row (not six fields) adds a message to `errors`.
std::vector<Row> ReadTable(const std::string& path, std::vector<std::string>& errors);

// The rule's number as integers: "4.8.19" -> {4, 8, 19}; empty if it is not a rule number.
std::vector<int> RuleNumber(const std::string& rule);

// Whether `text` cites `rule`: the number appears with no digit or ".digit" around it (so "4.1.1"
// is not found in "4.1.10").
bool Cites(const std::string& text, const std::string& rule);

// The CTest names of every GoogleTest case in the binaries listed in `listing` (lines
// "<ctest prefix>=<binary>"), found by running each binary with --gtest_list_tests; a binary that
// cannot be listed adds a message to `errors`.
std::set<std::string> ListTests(const std::string& listing, std::vector<std::string>& errors);

// The whole contents of a file ("" if it cannot be read).
std::string ReadFile(const std::string& path);

}  // namespace mailrun::rule_table

// Reading the rule tables (docs/rules-1853-retuned.tsv, docs/rules-2009.tsv, docs/rules-1947.tsv), the 2009 edition's
// rule-number map and the tests this build has, for the tables' check (rule_table_test.cc).
//
// The table has one row per numbered rule of the text, tab-separated, with a header row and '#'
// comment lines: rule, status, summary, code (paths from the project's root, space-separated),
// tests (CTest names, space-separated) and note.
#pragma once

#include <map>
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

// The 2009 edition's rule-number map (engine/titles/t1853/data/lookout2009/rule_numbers.json): for
// each 2009 rule, the Retuned numbers the engine cites for it; and the Retuned numbers that stand
// for another 2009 rule than their own number. A malformed file adds a message to `errors`.
struct RuleNumberMap {
  std::map<std::string, std::vector<std::string>> retuned_for;  // 2009 rule -> Retuned numbers
  std::set<std::string> renumbered;  // Retuned numbers whose 2009 rule has another number
};
RuleNumberMap ReadRuleNumberMap(const std::string& path, std::vector<std::string>& errors);

// Whether `text` cites the 2009 rule `rule`: as "2009 <rule>", by a Retuned number `map` gives for
// it, or by its own number where that number is not Retuned's for another 2009 rule.
bool Cites2009(const std::string& text, const std::string& rule, const RuleNumberMap& map);

// The whole contents of a file ("" if it cannot be read).
std::string ReadFile(const std::string& path);

}  // namespace mailrun::rule_table

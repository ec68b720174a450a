// The rule table (docs/rules-1853-retuned.tsv): every numbered rule of the integrated 1853
// Retuned v3.00 text appears once, in the text's order; each rule the engine implements (status
// "implemented", or "ruling" where docs/rulings.md decides how) names code that cites its number
// and at least one test; every test named exists in a GoogleTest binary of this build. So a rule
// that loses its last test, or a test that is renamed or removed, fails here.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <map>
#include <regex>

#include "tests/unit/rule_table/rule_table.h"

namespace mailrun::rule_table {
namespace {

// The text numbers 172 rules: the numbered paragraphs that have no numbered paragraphs below them
// (1.0 - 1.3, 1.4.1 ... 5.2.3; headings such as 2.5.2 are not rules themselves).
constexpr size_t kNumberedRules = 172;

const std::string kTable = std::string(MAILRUN_SOURCE_DIR) + "/docs/rules-1853-retuned.tsv";

const std::set<std::string> kStatuses = {
    "implemented",      // as the text says
    "ruling",           // implemented as docs/rulings.md decides (the note names the ruling)
    "table-top",        // a procedure of the physical game with nothing to play (the note says why)
    "commentary",       // history, overview, advice or an example: no rule of play
    "not-implemented",  // the note says why
};

bool Implemented(const Row& row) { return row.status == "implemented" || row.status == "ruling"; }

// The table's rows, read once.
const std::vector<Row>& Rows() {
  static const std::vector<Row> rows = [] {
    std::vector<std::string> errors;  // reported by EveryRowIsWellFormed
    return ReadTable(kTable, errors);
  }();
  return rows;
}

TEST(RuleTable, EveryRowIsWellFormed) {
  std::vector<std::string> errors;
  ReadTable(kTable, errors);
  for (const std::string& error : errors) ADD_FAILURE() << error;
  EXPECT_FALSE(Rows().empty());
}

TEST(RuleTable, ListsEveryNumberedRuleOfTheTextOnceInItsOrder) {
  EXPECT_EQ(Rows().size(), kNumberedRules);
  std::vector<int> previous;
  // Every number's parent ("4.8" for "4.8.19", "4" for "4.8") with the children seen under it.
  std::map<std::vector<int>, std::set<int>> children;
  std::set<std::vector<int>> rules;
  for (const Row& row : Rows()) {
    const std::vector<int> number = RuleNumber(row.rule);
    if (number.empty()) {
      ADD_FAILURE() << "line " << row.line << ": '" << row.rule << "' is not a rule number";
      continue;
    }
    EXPECT_LT(previous, number) << "line " << row.line << ": " << row.rule << " is out of order or repeated";
    previous = number;
    rules.insert(number);
    for (size_t depth = 1; depth <= number.size(); ++depth) {
      children[std::vector<int>(number.begin(), number.begin() + depth - 1)].insert(number[depth - 1]);
    }
  }
  // Numbering without gaps: each level counts 1, 2, 3... (or 0, 1, 2... as 1.0, 3.0 and 4.0 do).
  for (const auto& [parent, seen] : children) {
    const int first = *seen.begin();
    EXPECT_LE(first, 1) << "rules under '" << fmt::format("{}", fmt::join(parent, ".")) << "' start at " << first;
    EXPECT_EQ(static_cast<int>(seen.size()), *seen.rbegin() - first + 1)
        << "a rule is missing under '" << fmt::format("{}", fmt::join(parent, ".")) << "'";
  }
  EXPECT_EQ(children[{}], (std::set<int>{1, 2, 3, 4, 5})) << "sections 1 to 5 of the text";
  // A rule is a leaf: no listed rule is the heading of another.
  for (const auto& number : rules) {
    EXPECT_FALSE(children.count(number)) << fmt::format("{}", fmt::join(number, ".")) << " has rules below it";
  }
}

TEST(RuleTable, EveryRowHasAKnownStatusAndSaysWhatTheRuleIs) {
  const std::string rulings = ReadFile(std::string(MAILRUN_SOURCE_DIR) + "/docs/rulings.md");
  const std::regex ruling_reference(R"(rulings\.md #(\d+))");
  std::map<std::string, int> counts;
  for (const Row& row : Rows()) {
    ++counts[row.status];
    EXPECT_TRUE(kStatuses.count(row.status)) << row.rule << ": unknown status '" << row.status << "'";
    EXPECT_FALSE(row.summary.empty()) << row.rule << ": no summary";
    if (row.status != "implemented") {
      EXPECT_FALSE(row.note.empty()) << row.rule << ": a " << row.status << " row says why";
    }
    if (row.status == "ruling") {
      std::smatch match;
      ASSERT_TRUE(std::regex_search(row.note, match, ruling_reference))
          << row.rule << ": the note names the ruling as 'rulings.md #N'";
      EXPECT_NE(rulings.find("\n" + match[1].str() + ". **"), std::string::npos)
          << row.rule << ": docs/rulings.md has no ruling " << match[1];
    }
  }
  for (const auto& [status, count] : counts) std::cout << status << ": " << count << "\n";
}

TEST(RuleTable, EveryImplementedRuleNamesCodeThatCitesIt) {
  for (const Row& row : Rows()) {
    if (!Implemented(row)) continue;
    EXPECT_FALSE(row.code.empty()) << row.rule << " is " << row.status << " but names no code";
    for (const std::string& path : row.code) {
      const std::string text = ReadFile(std::string(MAILRUN_SOURCE_DIR) + "/" + path);
      if (text.empty()) {
        ADD_FAILURE() << row.rule << ": " << path << " does not exist";
        continue;
      }
      EXPECT_TRUE(Cites(text, row.rule)) << row.rule << ": " << path << " does not cite the rule's number";
    }
  }
}

TEST(RuleTable, EveryImplementedRuleHasATest) {
  for (const Row& row : Rows()) {
    if (Implemented(row)) {
      EXPECT_FALSE(row.tests.empty()) << row.rule << " is " << row.status << " but has no test";
    }
  }
}

TEST(RuleTable, EveryTestNamedExistsInThisBuild) {
  std::vector<std::string> errors;
  const std::set<std::string> tests = ListTests(MAILRUN_GTEST_BINARIES, errors);
  for (const std::string& error : errors) ADD_FAILURE() << error;
  ASSERT_FALSE(tests.empty());
  for (const Row& row : Rows()) {
    for (const std::string& test : row.tests) {
      EXPECT_TRUE(tests.count(test)) << row.rule << ": no test " << test << " in this build";
    }
  }
}

TEST(RuleNumbers, CitationsAreWholeNumbers) {
  EXPECT_TRUE(Cites("// 4.1.1: the first activity", "4.1.1"));
  EXPECT_TRUE(Cites("(4.8.19)", "4.8.19"));
  EXPECT_TRUE(Cites("rule 4.1.1.", "4.1.1"));
  EXPECT_FALSE(Cites("// 4.1.10", "4.1.1"));
  EXPECT_FALSE(Cites("// 14.1.1", "4.1.1"));
  EXPECT_FALSE(Cites("// 4.1.1.2", "4.1.1"));
  EXPECT_EQ(RuleNumber("2.5.2.10"), (std::vector<int>{2, 5, 2, 10}));
  EXPECT_TRUE(RuleNumber("4").empty());
  EXPECT_TRUE(RuleNumber("4.a").empty());
}

}  // namespace
}  // namespace mailrun::rule_table

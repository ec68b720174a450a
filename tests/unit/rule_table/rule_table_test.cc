// The rule tables: docs/rules-1853-retuned.tsv (the integrated 1853 Retuned v3.00 text),
// docs/rules-2009.tsv (the 2009 Lookout edition's text) and docs/rules-1947.tsv (1947's text,
// checked at the end of this file). Every numbered rule of the text appears
// once, in the text's order; each rule the engine implements (status "implemented", or "ruling"
// where docs/rulings.md decides how) names code that cites its number and its tests; every test
// named exists in a GoogleTest binary of this build. So a rule that loses its last test, or a test
// that is renamed or removed, fails here. The 2009 table names only tests that play a 2009 game
// (edition2009_*), and every rule it implements has one.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <map>
#include <regex>

#include "tests/unit/rule_table/rule_table.h"

namespace mailrun::rule_table {
namespace {

const std::string kSource = MAILRUN_SOURCE_DIR;

// One table and what its text numbers.
struct Table {
  std::string path;
  // The numbered paragraphs that have no numbered paragraphs below them. Retuned: 172 (1.0 - 1.3,
  // 1.4.1 ... 5.2.3; headings such as 2.5.2 are not rules themselves). 2009: 143 (2.1 ... 5.2.3;
  // its section 1 and the openings of sections 3 and 4 are unnumbered).
  size_t rules;
  std::set<int> sections;
  bool lookout2009;
};

const Table kRetuned = {kSource + "/docs/rules-1853-retuned.tsv", 172, {1, 2, 3, 4, 5}, false};
const Table k2009 = {kSource + "/docs/rules-2009.tsv", 143, {2, 3, 4, 5}, true};
// 1947: every numbered heading, 1.0 ... 9.0 (107), headings beside their sub-rules (see 1947 below).
const Table k1947 = {kSource + "/docs/rules-1947.tsv", 107, {1, 2, 3, 4, 5, 6, 7, 8, 9}, false};

const std::set<std::string> kStatuses = {
    "implemented",      // as the text says
    "ruling",           // implemented as docs/rulings.md decides (the note names the ruling)
    "table-top",        // a procedure of the physical game with nothing to play (the note says why)
    "commentary",       // history, overview, advice or an example: no rule of play
    "not-implemented",  // the note says why
};

bool Implemented(const Row& row) { return row.status == "implemented" || row.status == "ruling"; }

// A table's rows, read once.
const std::vector<Row>& Rows(const Table& table) {
  static std::map<std::string, std::vector<Row>> read;
  auto found = read.find(table.path);
  if (found == read.end()) {
    std::vector<std::string> errors;  // reported by WellFormed
    found = read.emplace(table.path, ReadTable(table.path, errors)).first;
  }
  return found->second;
}

const RuleNumberMap& Map2009() {
  static const RuleNumberMap map = [] {
    std::vector<std::string> errors;
    RuleNumberMap read = ReadRuleNumberMap(kSource + "/engine/titles/t1853/data/lookout2009/rule_numbers.json", errors);
    for (const std::string& error : errors) ADD_FAILURE() << error;
    return read;
  }();
  return map;
}

const std::set<std::string>& BuiltTests() {
  static const std::set<std::string> tests = [] {
    std::vector<std::string> errors;
    std::set<std::string> listed = ListTests(MAILRUN_GTEST_BINARIES, errors);
    for (const std::string& error : errors) ADD_FAILURE() << error;
    return listed;
  }();
  return tests;
}

void WellFormed(const Table& table) {
  std::vector<std::string> errors;
  ReadTable(table.path, errors);
  for (const std::string& error : errors) ADD_FAILURE() << error;
  EXPECT_FALSE(Rows(table).empty());
}

void EveryNumberedRuleOnceInOrder(const Table& table) {
  EXPECT_EQ(Rows(table).size(), table.rules);
  std::vector<int> previous;
  // Every number's parent ("4.8" for "4.8.19", "4" for "4.8") with the children seen under it.
  std::map<std::vector<int>, std::set<int>> children;
  std::set<std::vector<int>> rules;
  for (const Row& row : Rows(table)) {
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
    if (parent.empty()) continue;  // the sections, checked below
    const int first = *seen.begin();
    EXPECT_LE(first, 1) << "rules under '" << fmt::format("{}", fmt::join(parent, ".")) << "' start at " << first;
    EXPECT_EQ(static_cast<int>(seen.size()), *seen.rbegin() - first + 1)
        << "a rule is missing under '" << fmt::format("{}", fmt::join(parent, ".")) << "'";
  }
  EXPECT_EQ(children[{}], table.sections) << "the numbered sections of the text";
  // A rule is a leaf: no listed rule is the heading of another.
  for (const auto& number : rules) {
    EXPECT_FALSE(children.count(number)) << fmt::format("{}", fmt::join(number, ".")) << " has rules below it";
  }
}

// The part of docs/rulings.md that holds a table's rulings: "rulings.md #N" is a ruling of the
// Retuned part (which the 2009 edition shares), "rulings.md 2009 #N" one of the 2009 edition's.
// What every table's row holds: a known status, a summary, and a reason unless implemented; counted by status.
void CheckRowBasics(const Row& row, std::map<std::string, int>* counts) {
  ++(*counts)[row.status];
  EXPECT_TRUE(kStatuses.count(row.status)) << row.rule << ": unknown status '" << row.status << "'";
  EXPECT_FALSE(row.summary.empty()) << row.rule << ": no summary";
  if (row.status != "implemented") {
    EXPECT_FALSE(row.note.empty()) << row.rule << ": a " << row.status << " row says why";
  }
}

void KnownStatusAndSummary(const Table& table) {
  const std::string rulings = ReadFile(kSource + "/docs/rulings.md");
  const size_t lookout = rulings.find("## 1853, 2009 Lookout edition");
  const size_t end = rulings.find("## 1947");
  ASSERT_NE(lookout, std::string::npos);
  ASSERT_NE(end, std::string::npos);
  const std::string retuned_part = rulings.substr(0, lookout);
  const std::string lookout_part = rulings.substr(lookout, end - lookout);
  const std::regex reference(R"(rulings\.md (2009 )?#(\d+))");
  std::map<std::string, int> counts;
  for (const Row& row : Rows(table)) {
    CheckRowBasics(row, &counts);
    if (row.status == "ruling") {
      EXPECT_TRUE(std::regex_search(row.note, reference)) << row.rule << ": the note names the ruling as 'rulings.md #N'";
    }
    for (std::sregex_iterator it(row.note.begin(), row.note.end(), reference), done; it != done; ++it) {
      const bool of_2009 = (*it)[1].matched;
      EXPECT_TRUE(!of_2009 || table.lookout2009) << row.rule << ": a Retuned row names a 2009 ruling";
      const std::string& part = of_2009 ? lookout_part : retuned_part;
      EXPECT_NE(part.find("\n" + (*it)[2].str() + ". **"), std::string::npos)
          << row.rule << ": docs/rulings.md has no ruling " << (of_2009 ? "2009 " : "") << (*it)[2];
    }
  }
  for (const auto& [status, count] : counts) std::cout << status << ": " << count << "\n";
}

void ImplementedRulesNameCodeThatCitesThem(const Table& table) {
  for (const Row& row : Rows(table)) {
    if (!Implemented(row)) continue;
    EXPECT_FALSE(row.code.empty()) << row.rule << " is " << row.status << " but names no code";
    for (const std::string& path : row.code) {
      const std::string text = ReadFile(kSource + "/" + path);
      if (text.empty()) {
        ADD_FAILURE() << row.rule << ": " << path << " does not exist";
        continue;
      }
      const bool cites = table.lookout2009 ? Cites2009(text, row.rule, Map2009()) : Cites(text, row.rule);
      EXPECT_TRUE(cites) << row.rule << ": " << path << " does not cite the rule's number";
    }
  }
}

void TestsNamedExist(const Table& table) {
  ASSERT_FALSE(BuiltTests().empty());
  for (const Row& row : Rows(table)) {
    for (const std::string& test : row.tests) {
      EXPECT_TRUE(BuiltTests().count(test)) << row.rule << ": no test " << test << " in this build";
    }
  }
}

TEST(RuleTable, EveryRowIsWellFormed) { WellFormed(kRetuned); }
TEST(RuleTable, ListsEveryNumberedRuleOfTheTextOnceInItsOrder) { EveryNumberedRuleOnceInOrder(kRetuned); }
TEST(RuleTable, EveryRowHasAKnownStatusAndSaysWhatTheRuleIs) { KnownStatusAndSummary(kRetuned); }
TEST(RuleTable, EveryImplementedRuleNamesCodeThatCitesIt) { ImplementedRulesNameCodeThatCitesThem(kRetuned); }

TEST(RuleTable, EveryImplementedRuleHasATest) {
  for (const Row& row : Rows(kRetuned)) {
    if (Implemented(row)) {
      EXPECT_FALSE(row.tests.empty()) << row.rule << " is " << row.status << " but has no test";
    }
  }
}

TEST(RuleTable, EveryTestNamedExistsInThisBuild) { TestsNamedExist(kRetuned); }

TEST(RuleTable2009, EveryRowIsWellFormed) { WellFormed(k2009); }
TEST(RuleTable2009, ListsEveryNumberedRuleOfTheTextOnceInItsOrder) { EveryNumberedRuleOnceInOrder(k2009); }
TEST(RuleTable2009, EveryRowHasAKnownStatusAndSaysWhatTheRuleIs) { KnownStatusAndSummary(k2009); }
TEST(RuleTable2009, EveryImplementedRuleNamesCodeThatCitesIt) { ImplementedRulesNameCodeThatCitesThem(k2009); }
TEST(RuleTable2009, EveryTestNamedExistsInThisBuild) { TestsNamedExist(k2009); }

// The 2009 table names only tests that play a 2009 game, and every rule it implements has one: a
// rule tested only in Retuned games is a gap to close, not a row to leave.
TEST(RuleTable2009, EveryImplementedRuleHasADirectTest) {
  for (const Row& row : Rows(k2009)) {
    for (const std::string& test : row.tests) {
      EXPECT_EQ(test.rfind("edition2009_", 0), 0u) << row.rule << ": " << test << " does not play a 2009 game";
    }
    if (Implemented(row)) {
      EXPECT_FALSE(row.tests.empty()) << row.rule << " is " << row.status << " but no test plays it in a 2009 game";
    }
  }
}

// 1947's text numbers its headings as rules and gives most of them text of their own (3.1 lists
// the privates, 5.4 the bond issue), so its table lists every numbered heading, a heading beside
// its sub-rules; the text numbers three paragraphs 6.15.5, the one number that repeats.
const std::set<std::string> k1947Repeated = {"6.15.5"};

TEST(RuleTable1947, EveryRowIsWellFormed) { WellFormed(k1947); }

TEST(RuleTable1947, ListsEveryNumberedRuleOfTheTextOnceInItsOrder) {
  EXPECT_EQ(Rows(k1947).size(), k1947.rules);
  std::vector<int> previous;
  std::map<std::vector<int>, std::set<int>> children;
  std::map<std::string, int> repeats;
  for (const Row& row : Rows(k1947)) {
    const std::vector<int> number = RuleNumber(row.rule);
    if (number.empty()) {
      ADD_FAILURE() << "line " << row.line << ": '" << row.rule << "' is not a rule number";
      continue;
    }
    if (number == previous) {
      EXPECT_TRUE(k1947Repeated.count(row.rule)) << "line " << row.line << ": " << row.rule << " is repeated";
      ++repeats[row.rule];
    } else {
      EXPECT_LT(previous, number) << "line " << row.line << ": " << row.rule << " is out of order";
    }
    previous = number;
    for (size_t depth = 1; depth <= number.size(); ++depth) {
      children[std::vector<int>(number.begin(), number.begin() + depth - 1)].insert(number[depth - 1]);
    }
  }
  EXPECT_EQ(repeats["6.15.5"], 2) << "the text has three paragraphs 6.15.5";
  for (const auto& [parent, seen] : children) {
    if (parent.empty()) continue;
    const int first = *seen.begin();
    EXPECT_LE(first, 1) << "rules under '" << fmt::format("{}", fmt::join(parent, ".")) << "' start at " << first;
    EXPECT_EQ(static_cast<int>(seen.size()), *seen.rbegin() - first + 1)
        << "a rule is missing under '" << fmt::format("{}", fmt::join(parent, ".")) << "'";
  }
  EXPECT_EQ(children[{}], k1947.sections) << "the numbered sections of the text";
}

// A ruling is named "rulings.md 1947 #N" (more of them as "#N, #M"); each is in docs/rulings.md's
// 1947 section.
TEST(RuleTable1947, EveryRowHasAKnownStatusAndSaysWhatTheRuleIs) {
  const std::string rulings = ReadFile(kSource + "/docs/rulings.md");
  const size_t start = rulings.find("## 1947");
  ASSERT_NE(start, std::string::npos);
  const std::string part = rulings.substr(start);
  const std::regex named(R"(rulings\.md 1947 #\d+)");
  const std::regex number(R"(#(\d+))");
  std::map<std::string, int> counts;
  for (const Row& row : Rows(k1947)) {
    CheckRowBasics(row, &counts);
    if (row.status == "ruling") {
      EXPECT_TRUE(std::regex_search(row.note, named)) << row.rule << ": the note names the ruling as 'rulings.md 1947 #N'";
    }
    for (std::sregex_iterator it(row.note.begin(), row.note.end(), number), done; it != done; ++it) {
      EXPECT_NE(part.find("\n" + (*it)[1].str() + ". **"), std::string::npos)
          << row.rule << ": docs/rulings.md has no 1947 ruling " << (*it)[1];
    }
  }
  for (const auto& [status, count] : counts) std::cout << status << ": " << count << "\n";
}

TEST(RuleTable1947, EveryImplementedRuleNamesCodeThatCitesIt) { ImplementedRulesNameCodeThatCitesThem(k1947); }

// Every rule the engine implements has a test that plays 1947 (t1947_*).
TEST(RuleTable1947, EveryImplementedRuleHasA1947Test) {
  for (const Row& row : Rows(k1947)) {
    for (const std::string& test : row.tests) {
      EXPECT_EQ(test.rfind("t1947_", 0), 0u) << row.rule << ": " << test << " is not a 1947 test";
    }
    if (Implemented(row)) {
      EXPECT_FALSE(row.tests.empty()) << row.rule << " is " << row.status << " but has no test";
    }
  }
}

TEST(RuleTable1947, EveryTestNamedExistsInThisBuild) { TestsNamedExist(k1947); }

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

#include "tests/unit/rule_table/rule_table.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>

namespace mailrun::rule_table {
namespace {

std::vector<std::string> Split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(text);
  while (std::getline(in, part, separator)) parts.push_back(part);
  if (!text.empty() && text.back() == separator) parts.emplace_back();
  return parts;
}

std::vector<std::string> Words(const std::string& text) {
  std::vector<std::string> words;
  std::istringstream in(text);
  for (std::string word; in >> word;) words.push_back(word);
  return words;
}

// Runs a command and returns what it printed, or nullopt if it could not run or failed.
std::optional<std::string> Output(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return std::nullopt;
  std::string out;
  char buffer[4096];
  while (size_t n = fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
  if (pclose(pipe) != 0) return std::nullopt;
  return out;
}

}  // namespace

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::vector<Row> ReadTable(const std::string& path, std::vector<std::string>& errors) {
  std::vector<Row> rows;
  std::ifstream in(path);
  if (!in) {
    errors.push_back(fmt::format("{} cannot be read", path));
    return rows;
  }
  std::string line;
  bool header = true;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    if (header) {  // the column names
      header = false;
      continue;
    }
    const std::vector<std::string> fields = Split(line, '\t');
    if (fields.size() != 6) {
      errors.push_back(fmt::format("line {}: {} fields, expected 6 (rule, status, summary, code, tests, note)", number,
                                   fields.size()));
      continue;
    }
    rows.push_back(Row{number, fields[0], fields[1], fields[2], Words(fields[3]), Words(fields[4]), fields[5]});
  }
  return rows;
}

std::vector<int> RuleNumber(const std::string& rule) {
  std::vector<int> parts;
  for (const std::string& part : Split(rule, '.')) {
    if (part.empty() || part.size() > 2 || part.find_first_not_of("0123456789") != std::string::npos) return {};
    parts.push_back(std::stoi(part));
  }
  return parts.size() >= 2 ? parts : std::vector<int>{};
}

bool Cites(const std::string& text, const std::string& rule) {
  for (size_t at = text.find(rule); at != std::string::npos; at = text.find(rule, at + 1)) {
    const bool digit_before = at > 0 && (std::isdigit(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '.');
    const size_t end = at + rule.size();
    const bool digit_after = end < text.size() && (std::isdigit(static_cast<unsigned char>(text[end])) ||
                                                   (text[end] == '.' && end + 1 < text.size() &&
                                                    std::isdigit(static_cast<unsigned char>(text[end + 1]))));
    if (!digit_before && !digit_after) return true;
  }
  return false;
}

RuleNumberMap ReadRuleNumberMap(const std::string& path, std::vector<std::string>& errors) {
  RuleNumberMap map;
  const nlohmann::json json = nlohmann::json::parse(ReadFile(path), nullptr, /*allow_exceptions=*/false);
  if (!json.is_object() || !json.contains("rules") || !json["rules"].is_array()) {
    errors.push_back(fmt::format("{} is not a rule-number map", path));
    return map;
  }
  for (const auto& entry : json["rules"]) {
    const std::string retuned = entry.value("retuned", "");
    const std::string rule = entry.value("rule", "");
    map.retuned_for[rule].push_back(retuned);
    if (retuned != rule) map.renumbered.insert(retuned);
  }
  return map;
}

bool Cites2009(const std::string& text, const std::string& rule, const RuleNumberMap& map) {
  if (Cites(text, "2009 " + rule)) return true;
  if (const auto found = map.retuned_for.find(rule); found != map.retuned_for.end()) {
    for (const std::string& retuned : found->second) {
      if (Cites(text, retuned)) return true;
    }
  }
  return !map.renumbered.count(rule) && Cites(text, rule);
}

std::set<std::string> ListTests(const std::string& listing, std::vector<std::string>& errors) {
  std::set<std::string> tests;
  std::istringstream in(ReadFile(listing));
  for (std::string line; std::getline(in, line);) {
    const size_t equals = line.find('=');
    if (equals == std::string::npos) continue;
    const std::string prefix = line.substr(0, equals);
    const std::string binary = line.substr(equals + 1);
    const auto out = Output(fmt::format("'{}' --gtest_list_tests 2>/dev/null", binary));
    if (!out) {
      errors.push_back(fmt::format("{} could not list its tests (is it built?)", binary));
      continue;
    }
    // "Suite." lines, then "  Name" lines; parameterised ones carry "  # GetParam() = ..." comments.
    std::istringstream list(*out);
    std::string suite;
    for (std::string entry; std::getline(list, entry);) {
      const std::string name = entry.substr(0, entry.find("  #"));
      if (name.empty()) continue;
      if (name[0] != ' ') {
        suite = name;
      } else {
        tests.insert(prefix + suite + name.substr(name.find_first_not_of(' ')));
      }
    }
  }
  return tests;
}

}  // namespace mailrun::rule_table

#include "engine/titles/t1853/rule_citations.h"

#include <algorithm>

#include "engine/titles/t1853/edition/rule_number.h"

namespace mailrun::engine::t1853 {
namespace {

// One parenthesised list's contents ("4.2.3, 4.4.2"), each rule-number item cited.
std::string CiteList(const EditionData& data, std::string_view list) {
  std::string out;
  size_t start = 0;
  while (start <= list.size()) {
    const size_t comma = std::min(list.find(',', start), list.size());
    std::string_view item = list.substr(start, comma - start);
    const size_t lead = item.find_first_not_of(' ');
    const std::string_view spaces = item.substr(0, lead == std::string_view::npos ? item.size() : lead);
    item.remove_prefix(spaces.size());
    out.append(spaces);
    out.append(IsRuleNumber(item) ? data.CitedRule(item) : item);
    if (comma == list.size()) break;
    out.push_back(',');
    start = comma + 1;
  }
  return out;
}

// Rule numbers that lead a sentence: "2.5.2.3: every bond is revealed ...".
std::string CiteLeading(const EditionData& data, const std::string& text) {
  std::string out;
  size_t at = 0;
  for (size_t colon = text.find(": "); colon != std::string::npos; colon = text.find(": ", colon + 2)) {
    const size_t space = text.rfind(' ', colon);
    const size_t start = space == std::string::npos || space < at ? at : space + 1;
    const std::string_view item = std::string_view(text).substr(start, colon - start);
    if (!IsRuleNumber(item) || (start != 0 && text[start - 1] != ' ')) continue;
    out.append(text, at, start - at);
    out.append(data.CitedRule(item));
    at = colon;
  }
  out.append(text, at, std::string::npos);
  return out;
}

}  // namespace

std::string CiteRule(const EditionData& data, std::string_view rule) { return std::string(data.CitedRule(rule)); }

std::string CiteInText(const EditionData& data, std::string text) {
  if (data.rule_numbers.empty()) return text;
  if (text.find(": ") != std::string::npos) text = CiteLeading(data, text);
  if (text.find('(') == std::string::npos) return text;
  std::string out;
  size_t at = 0;
  // Each ')' closes the innermost list opened before it.
  for (size_t close = text.find(')'); close != std::string::npos; close = text.find(')', at)) {
    const size_t open = text.rfind('(', close);
    if (open == std::string::npos || open < at) {
      out.append(text, at, close + 1 - at);
    } else {
      out.append(text, at, open + 1 - at);
      out.append(CiteList(data, std::string_view(text).substr(open + 1, close - open - 1)));
      out.push_back(')');
    }
    at = close + 1;
  }
  out.append(text, at, std::string::npos);
  return out;
}

void CiteParams(const EditionData& data, std::vector<TextParam>& params) {
  if (data.rule_numbers.empty()) return;
  for (TextParam& param : params) {
    if (param.has_rule()) param.set_rule(CiteRule(data, param.rule()));
  }
}

void CiteParams(const EditionData& data, google::protobuf::RepeatedPtrField<TextParam>& params) {
  if (data.rule_numbers.empty()) return;
  for (TextParam& param : params) {
    if (param.has_rule()) param.set_rule(CiteRule(data, param.rule()));
  }
}

Error Cite(const EditionData& data, Error error) {
  if (data.rule_numbers.empty()) return error;
  error.rule = CiteRule(data, error.rule);
  error.message = CiteInText(data, std::move(error.message));
  CiteParams(data, error.params);
  return error;
}

void Cite(const EditionData& data, mailrun::v1::LegalAction& legal) {
  if (data.rule_numbers.empty()) return;
  legal.set_description(CiteInText(data, legal.description()));
  CiteParams(data, *legal.mutable_structured()->mutable_params());
}

}  // namespace mailrun::engine::t1853

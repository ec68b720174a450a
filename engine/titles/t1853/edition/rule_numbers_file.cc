// rule_numbers.json: how an edition whose text numbers its rules differently from Retuned's cites
// each rule the engine names by Retuned's number (the 2009 Lookout edition; Retuned has no such
// file). Applied to every text a game gives out by engine/titles/t1853/rule_citations.h.
#include <fmt/format.h>

#include <string_view>

#include "engine/titles/t1853/edition/data_files.h"
#include "engine/titles/t1853/edition/rule_number.h"

namespace mailrun::engine::t1853::data_internal {

void ReadRuleNumbers(const Json& document, const Where& where, EditionData* data) {
  Fields file(document, where, {"rules"});
  // Retuned's numbers as the engine cites them: "4.1.5", a heading "4.2", or "Appendix 3".
  const auto retuned = [](std::string_view text) { return IsRuleNumber(text) || IsNumbered(text, "Appendix"); };
  // The edition's own citation: a numbered rule, a section the text leaves unnumbered, a page.
  const auto cited = [](std::string_view text) {
    return IsRuleNumber(text) || IsNumbered(text, "Section") || IsNumbered(text, "page");
  };
  for (const Json& value : file.Array("rules")) {
    const Where entry = where.Entry(EntryName("rule", value, "retuned"));
    Fields fields(value, entry, {"retuned", "rule", "subject"});
    const std::string from = fields.String("retuned");
    const std::string to = fields.String("rule");
    if (!retuned(from)) fields.Fail("retuned", "expected a rule number of the Retuned text (\"4.1.5\") or \"Appendix N\"");
    if (!cited(to)) fields.Fail("rule", "expected a rule number (\"4.1.4\"), \"Section N\" or \"page N\"");
    if (fields.String("subject").empty()) fields.Fail("subject", "say what the rule is about, so that a person can check it");
    if (!data->rule_numbers.emplace(from, to).second) fields.Fail("retuned", "listed twice");
  }
  if (data->rule_numbers.empty()) file.Fail("rules", "the list is empty");
}

}  // namespace mailrun::engine::t1853::data_internal

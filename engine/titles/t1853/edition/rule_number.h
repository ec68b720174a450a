// What names a rule in the texts of 1853: a dotted number ("4.1.5") or a word and a number
// ("Appendix 3", "Section 2", "page 20"). Checks of text only, shared by the reader of
// rule_numbers.json (edition data) and the citations in texts (engine/titles/t1853/rule_citations.h).
#pragma once

#include <string_view>

namespace mailrun::engine::t1853 {

// "4.1.5", "4.10": digits in groups joined by single dots, at least two groups.
bool IsRuleNumber(std::string_view text);

// `word`, one space and digits: IsNumbered("Appendix 3", "Appendix") is true, "Appendix" and
// "Appendix 3a" are not.
bool IsNumbered(std::string_view text, std::string_view word);

}  // namespace mailrun::engine::t1853

// Rule citations in the edition's own numbers. The rules code names every rule by its number in
// the Retuned text; an edition whose text numbers the same rules differently (the 2009 Lookout
// edition: engine/titles/t1853/data/lookout2009/rule_numbers.json) cites its own numbers in every
// text a game gives out. These functions are applied where the 1853 title hands texts out (Game:
// refusals, legal actions, views, the end reason; Context::Say: log lines; the board picture's
// legend), so no rule's call site knows about editions. For Retuned they change nothing.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <google/protobuf/repeated_ptr_field.h>

#include "engine/core/result.h"
#include "engine/core/structured_text.h"
#include "engine/titles/t1853/edition/edition_data.h"
#include "mailrun/v1/views.pb.h"

namespace mailrun::engine::t1853 {

// `rule` ("4.1.5", "Appendix 3", "mailrun.undo") as the edition cites it ("4.1.4", "page 20",
// Mailrun's own unchanged).
std::string CiteRule(const EditionData& data, std::string_view rule);

// `text` with every rule number cited in parentheses ("(4.1.5)", "(4.2.3, 4.4.2)") or leading a
// sentence ("2.5.2.3: every bond ...") as the edition cites it. Only such whole items are rule
// numbers; a name or an amount never is.
std::string CiteInText(const EditionData& data, std::string text);

// The rule values among typed parameters (param::Rule).
void CiteParams(const EditionData& data, std::vector<TextParam>& params);
void CiteParams(const EditionData& data, google::protobuf::RepeatedPtrField<TextParam>& params);

// A refusal: its rule, the rule numbers in its sentence and its rule parameters.
Error Cite(const EditionData& data, Error error);
// A listed legal action: its sentence and its structured text's rule parameters.
void Cite(const EditionData& data, mailrun::v1::LegalAction& legal);

}  // namespace mailrun::engine::t1853

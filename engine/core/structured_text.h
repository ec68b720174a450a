// Structured text (proto/mailrun/v1/texts.proto): a sentence the engine says as a stable message
// key with typed parameters, and the English text spelled from one template that names the
// parameters ("{seat} keeps the Elephant"), so the English and the key with its parameters can
// never disagree. The templates are the English catalog an app's translations mirror.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "mailrun/v1/texts.pb.h"

namespace mailrun::engine {

using TextParam = mailrun::v1::TextParam;

// One typed parameter each; `name` is the placeholder in the template, without braces.
namespace param {
TextParam Seat(std::string name, int seat);
TextParam Company(std::string name, std::string initials);
TextParam Hex(std::string name, std::string hex);
TextParam City(std::string name, std::string city);
TextParam Tile(std::string name, std::string tile);
TextParam Amount(std::string name, int64_t amount);
TextParam Rule(std::string name, std::string rule);
TextParam Count(std::string name, int64_t count);
TextParam Train(std::string name, std::string train);
TextParam Text(std::string name, std::string text);
}  // namespace param

// How a title spells parameters in English: a seat as the player's name, money with its sign.
struct Spelling {
  std::function<std::string(int)> seat;
  std::function<std::string(int64_t)> money;
};

// A sentence both ways.
struct Said {
  std::string text;
  mailrun::v1::StructuredText structured;
};

// Fills `english` ("{seat} pays {amount}") from `params` by name. A placeholder without a parameter
// is left as written (tests/unit/engine/structured_text_test.cc checks that none is).
std::string Spell(std::string_view english, const std::vector<TextParam>& params, const Spelling& spelling);

Said Say(std::string key, std::string_view english, std::vector<TextParam> params, const Spelling& spelling);

}  // namespace mailrun::engine

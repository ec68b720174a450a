#include "engine/core/structured_text.h"

#include <utility>

namespace mailrun::engine {

namespace param {
namespace {
TextParam Named(std::string name) {
  TextParam p;
  p.set_name(std::move(name));
  return p;
}
}  // namespace

TextParam Seat(std::string name, int seat) {
  TextParam p = Named(std::move(name));
  p.set_seat(seat);
  return p;
}
TextParam Company(std::string name, std::string initials) {
  TextParam p = Named(std::move(name));
  p.set_company(std::move(initials));
  return p;
}
TextParam Hex(std::string name, std::string hex) {
  TextParam p = Named(std::move(name));
  p.set_hex(std::move(hex));
  return p;
}
TextParam City(std::string name, std::string city) {
  TextParam p = Named(std::move(name));
  p.set_city(std::move(city));
  return p;
}
TextParam Tile(std::string name, std::string tile) {
  TextParam p = Named(std::move(name));
  p.set_tile(std::move(tile));
  return p;
}
TextParam Amount(std::string name, int64_t amount) {
  TextParam p = Named(std::move(name));
  p.set_amount(amount);
  return p;
}
TextParam Rule(std::string name, std::string rule) {
  TextParam p = Named(std::move(name));
  p.set_rule(std::move(rule));
  return p;
}
TextParam Count(std::string name, int64_t count) {
  TextParam p = Named(std::move(name));
  p.set_count(count);
  return p;
}
TextParam Train(std::string name, std::string train) {
  TextParam p = Named(std::move(name));
  p.set_train(std::move(train));
  return p;
}
TextParam Text(std::string name, std::string text) {
  TextParam p = Named(std::move(name));
  p.set_text(std::move(text));
  return p;
}
}  // namespace param

namespace {

std::string SpellParam(const TextParam& p, const Spelling& spelling) {
  switch (p.value_case()) {
    case TextParam::kSeat: return spelling.seat ? spelling.seat(p.seat()) : std::to_string(p.seat());
    case TextParam::kCompany: return p.company();
    case TextParam::kHex: return p.hex();
    case TextParam::kCity: return p.city();
    case TextParam::kTile: return p.tile();
    case TextParam::kAmount: return spelling.money ? spelling.money(p.amount()) : std::to_string(p.amount());
    case TextParam::kRule: return p.rule();
    case TextParam::kCount: return std::to_string(p.count());
    case TextParam::kTrain: return p.train();
    case TextParam::kText: return p.text();
    case TextParam::VALUE_NOT_SET: break;
  }
  return "";
}

}  // namespace

std::string Spell(std::string_view english, const std::vector<TextParam>& params, const Spelling& spelling) {
  std::string out;
  size_t i = 0;
  while (i < english.size()) {
    const size_t open = english.find('{', i);
    const size_t close = open == std::string_view::npos ? open : english.find('}', open);
    if (close == std::string_view::npos) break;
    out.append(english.substr(i, open - i));
    const std::string_view name = english.substr(open + 1, close - open - 1);
    const TextParam* found = nullptr;
    for (const auto& p : params) {
      if (p.name() == name) found = &p;
    }
    if (found) {
      out += SpellParam(*found, spelling);
    } else {
      out.append(english.substr(open, close - open + 1));
    }
    i = close + 1;
  }
  if (i < english.size()) out.append(english.substr(i));
  return out;
}

Said Say(std::string key, std::string_view english, std::vector<TextParam> params, const Spelling& spelling) {
  Said said;
  said.text = Spell(english, params, spelling);
  said.structured.set_key(std::move(key));
  for (auto& p : params) *said.structured.add_params() = std::move(p);
  return said;
}

}  // namespace mailrun::engine

#include "engine/core/legal_actions.h"

#include <optional>
#include <string_view>

namespace mailrun::engine {

namespace {

using google::protobuf::FieldDescriptor;

bool NameHas(std::string_view name, std::string_view part) { return name.find(part) != std::string_view::npos; }

// A field of an action's kind as a typed parameter, judged by its name; nullopt to leave it out.
std::optional<TextParam> FieldParam(const google::protobuf::Message& kind, const FieldDescriptor* field) {
  const auto* reflection = kind.GetReflection();
  if (field->is_repeated() || !reflection->HasField(kind, field)) return std::nullopt;
  const std::string& name = field->name();
  switch (field->cpp_type()) {
    case FieldDescriptor::CPPTYPE_STRING: {
      std::string value = reflection->GetString(kind, field);
      if (NameHas(name, "company") || name == "railway") return param::Company(name, std::move(value));
      if (name == "hex") return param::Hex(name, std::move(value));
      if (name == "city") return param::City(name, std::move(value));
      if (NameHas(name, "tile")) return param::Tile(name, std::move(value));
      if (name == "train") return param::Train(name, std::move(value));
      return param::Text(name, std::move(value));
    }
    case FieldDescriptor::CPPTYPE_INT32:
    case FieldDescriptor::CPPTYPE_INT64: {
      const int64_t value = field->cpp_type() == FieldDescriptor::CPPTYPE_INT32 ? reflection->GetInt32(kind, field)
                                                                                : reflection->GetInt64(kind, field);
      if (NameHas(name, "seat")) return param::Seat(name, static_cast<int>(value));
      if (NameHas(name, "price") || NameHas(name, "amount") || NameHas(name, "gift")) return param::Amount(name, value);
      return param::Count(name, value);
    }
    case FieldDescriptor::CPPTYPE_BOOL: return param::Count(name, reflection->GetBool(kind, field) ? 1 : 0);
    case FieldDescriptor::CPPTYPE_ENUM: return param::Text(name, reflection->GetEnum(kind, field)->name());
    default: return std::nullopt;
  }
}

}  // namespace

mailrun::v1::StructuredText ActionAsText(const mailrun::v1::Action& action, const char* title_key) {
  mailrun::v1::StructuredText text;
  const auto* reflection = action.GetReflection();
  const auto* kind_field =
      reflection->GetOneofFieldDescriptor(action, action.GetDescriptor()->FindOneofByName("kind"));
  if (!kind_field) {
    text.set_key(std::string(title_key) + ".legal.none");
    return text;
  }
  text.set_key(std::string(title_key) + ".legal." + kind_field->name());
  if (kind_field->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE) return text;
  const auto& kind = reflection->GetMessage(action, kind_field);
  for (int i = 0; i < kind.GetDescriptor()->field_count(); ++i) {
    if (auto p = FieldParam(kind, kind.GetDescriptor()->field(i))) *text.add_params() = std::move(*p);
  }
  return text;
}

void AddLegal(std::vector<mailrun::v1::LegalAction>& out, int seat, mailrun::v1::Action action, Said description,
              int64_t min_amount, int64_t max_amount) {
  action.set_seat(seat);
  mailrun::v1::LegalAction legal;
  *legal.mutable_action() = std::move(action);
  legal.set_description(std::move(description.text));
  *legal.mutable_structured() = std::move(description.structured);
  legal.set_min_amount(min_amount);
  legal.set_max_amount(max_amount);
  if (min_amount != 0 || max_amount != 0) {
    *legal.mutable_structured()->add_params() = param::Amount("min_amount", min_amount);
    *legal.mutable_structured()->add_params() = param::Amount("max_amount", max_amount);
  }
  out.push_back(std::move(legal));
}

void AddLegal(std::vector<mailrun::v1::LegalAction>& out, int seat, mailrun::v1::Action action, std::string description,
              int64_t min_amount, int64_t max_amount, const char* title_key) {
  Said said;
  said.structured = ActionAsText(action, title_key);
  said.text = std::move(description);
  AddLegal(out, seat, std::move(action), std::move(said), min_amount, max_amount);
}

}  // namespace mailrun::engine

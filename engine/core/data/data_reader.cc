#include "engine/core/data/data_reader.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

namespace mailrun::engine::data_internal {

Where Where::Sub(std::string_view part) const {
  return Where(file_, entry_.empty() ? std::string(part) : entry_ + ": " + std::string(part));
}

void Where::Fail(std::string_view problem) const {
  if (entry_.empty()) throw BadData{fmt::format("{}: {}", file_, problem)};
  throw BadData{fmt::format("{}: {}: {}", file_, entry_, problem)};
}

Json ParseFile(const std::string& name, const std::string& text) {
  try {
    return Json::parse(text);
  } catch (const Json::parse_error& error) {
    Where(name).Fail(fmt::format("not valid JSON (byte {}): {}", error.byte, error.what()));
  }
}

Fields::Fields(const Json& value, Where where, std::initializer_list<std::string_view> allowed)
    : object_(value), where_(std::move(where)) {
  if (!value.is_object()) where_.Fail(fmt::format("expected an object, found {}", value.type_name()));
  for (const auto& [key, unused] : value.items()) {
    if (key == "about") continue;
    if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
      std::string known;
      for (std::string_view name : allowed) {
        if (!known.empty()) known.append(", ");
        known.append(name);
      }
      where_.Fail(fmt::format("unknown field {} (known fields: {})", Quoted(key), known));
    }
  }
}

bool Fields::Has(std::string_view key) const { return object_.contains(key); }

const Json& Fields::Get(std::string_view key) const {
  auto found = object_.find(key);
  if (found == object_.end()) Fail(key, "missing");
  return *found;
}

void Fields::Fail(std::string_view key, std::string_view problem) const {
  where_.Fail(fmt::format("field {}: {}", Quoted(key), problem));
}

int Fields::Int(std::string_view key) const {
  const Json& value = Get(key);
  if (!value.is_number_integer()) Fail(key, fmt::format("expected a whole number, found {}", value.dump()));
  return value.get<int>();
}

int Fields::Int(std::string_view key, int fallback) const { return Has(key) ? Int(key) : fallback; }

std::optional<int> Fields::OptionalInt(std::string_view key) const {
  if (!Has(key)) return std::nullopt;
  return Int(key);
}

bool Fields::Bool(std::string_view key, bool fallback) const {
  if (!Has(key)) return fallback;
  const Json& value = Get(key);
  if (!value.is_boolean()) Fail(key, fmt::format("expected true or false, found {}", value.dump()));
  return value.get<bool>();
}

std::string Fields::String(std::string_view key) const {
  const Json& value = Get(key);
  if (!value.is_string()) Fail(key, fmt::format("expected a string, found {}", value.dump()));
  return value.get<std::string>();
}

std::string Fields::String(std::string_view key, std::string fallback) const {
  return Has(key) ? String(key) : fallback;
}

std::vector<std::string> Fields::Strings(std::string_view key) const {
  std::vector<std::string> strings;
  if (!Has(key)) return strings;
  for (const Json& item : Array(key)) {
    if (!item.is_string()) Fail(key, fmt::format("expected a list of strings, found {}", item.dump()));
    strings.push_back(item.get<std::string>());
  }
  return strings;
}

const Json& Fields::Array(std::string_view key) const {
  const Json& value = Get(key);
  if (!value.is_array()) Fail(key, fmt::format("expected a list, found {}", value.type_name()));
  return value;
}

const Json& Fields::Object(std::string_view key) const {
  const Json& value = Get(key);
  if (!value.is_object()) Fail(key, fmt::format("expected an object, found {}", value.type_name()));
  return value;
}

const Json& Fields::Value(std::string_view key) const { return Get(key); }

std::string EntryName(std::string_view kind, const Json& value, const char* key) {
  if (!value.is_object() || !value.contains(key)) return std::string(kind);
  return fmt::format("{} {}", kind, value[key].dump());
}

std::pair<int, int> ReadRange(const Fields& fields, std::string_view key, bool rows) {
  const std::string text = fields.String(key);
  const auto dash = text.find('-');
  std::optional<int> low, high;
  if (dash != std::string::npos) {
    low = rows ? ParseRowLetter(text.substr(0, dash)) : ParseColumnName(text.substr(0, dash));
    high = rows ? ParseRowLetter(text.substr(dash + 1)) : ParseColumnName(text.substr(dash + 1));
  }
  if (!low || !high || *low > *high) {
    fields.Fail(key, fmt::format("{} is not a range like {}", Quoted(text), rows ? "\"C-J\"" : "\"n-ab\""));
  }
  return {*low, *high};
}

std::optional<int> ParseRowLetter(std::string_view letter) {
  if (letter.size() != 1 || letter[0] < 'A' || letter[0] > 'V') return std::nullopt;
  return letter[0] - 'A';
}

std::optional<int> ParseColumnName(std::string_view name) {
  std::string hex_name = "A";
  hex_name.append(name);
  const auto hex = ParseHexName(hex_name);
  if (!hex) return std::nullopt;
  return hex->col;
}

std::optional<int> ParseEdgeName(std::string_view name) {
  static constexpr std::array<std::string_view, 6> kNames = {"SW", "W", "NW", "NE", "E", "SE"};
  for (int edge = 0; edge < 6; ++edge) {
    if (kNames[edge] == name) return edge;
  }
  return std::nullopt;
}

std::optional<TileColour> ParseColour(std::string_view name) {
  if (name == "yellow") return TileColour::kYellow;
  if (name == "green") return TileColour::kGreen;
  if (name == "brown") return TileColour::kBrown;
  if (name == "grey") return TileColour::kGrey;
  return std::nullopt;
}

std::optional<Gauge> ParseGauge(std::string_view name) {
  if (name == "broad") return Gauge::kBroad;
  if (name == "metre") return Gauge::kMetre;
  if (name == "dual") return Gauge::kDual;
  return std::nullopt;
}

std::optional<Terrain> ParseTerrain(std::string_view name) {
  if (name == "river") return Terrain::kRiver;
  if (name == "multiple_river") return Terrain::kMultipleRiver;
  if (name == "hill") return Terrain::kHill;
  if (name == "mountain") return Terrain::kMountain;
  if (name == "himalaya") return Terrain::kHimalaya;
  return std::nullopt;
}

std::string ColourName(TileColour colour) {
  switch (colour) {
    case TileColour::kYellow: return "yellow";
    case TileColour::kGreen: return "green";
    case TileColour::kBrown: return "brown";
    case TileColour::kGrey: return "grey";
  }
  return "?";
}

std::string Quoted(std::string_view text) { return fmt::format("\"{}\"", text); }

}  // namespace mailrun::engine::data_internal

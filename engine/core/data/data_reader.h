// Reading a title's JSON data files with errors that name the file, the entry and the problem
// ("retuned/tiles.json: tile \"58\": path \"0-s3\": the tile has no station s3"). For the titles'
// data loaders: the readers throw BadData, and the loader (1853: ParseEditionData) turns it into
// an Error of kind kBadData, so no exception leaves the engine. Not thread-safe; each parse uses
// its own readers.
#pragma once

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/board/board_data.h"

namespace mailrun::engine::data_internal {

// Objects keep the order of the file, so lists keep the order a person wrote them in.
using Json = nlohmann::ordered_json;

struct BadData {
  std::string message;
};

// Where a value comes from: a file and, inside it, an entry ("city \"Lucknow\"").
class Where {
 public:
  explicit Where(std::string file, std::string entry = "") : file_(std::move(file)), entry_(std::move(entry)) {}
  Where Entry(std::string entry) const { return Where(file_, std::move(entry)); }
  Where Sub(std::string_view part) const;  // "tile \"58\"" + "path \"0-s3\""
  [[noreturn]] void Fail(std::string_view problem) const;
  const std::string& file() const { return file_; }

 private:
  std::string file_;
  std::string entry_;
};

// Parses a whole file; a syntax error names the file and the byte where it was found.
Json ParseFile(const std::string& name, const std::string& text);

// Typed access to the fields of one JSON object. The constructor refuses anything but an object
// and any key not in `allowed` (a misspelt field must not be silently ignored); "about" is
// always allowed and ignored.
class Fields {
 public:
  Fields(const Json& value, Where where, std::initializer_list<std::string_view> allowed);

  bool Has(std::string_view key) const;
  int Int(std::string_view key) const;
  int Int(std::string_view key, int fallback) const;
  std::optional<int> OptionalInt(std::string_view key) const;
  bool Bool(std::string_view key, bool fallback) const;
  std::string String(std::string_view key) const;
  std::string String(std::string_view key, std::string fallback) const;
  std::vector<std::string> Strings(std::string_view key) const;  // absent: empty
  const Json& Array(std::string_view key) const;                  // required
  const Json& Object(std::string_view key) const;                 // required
  const Json& Value(std::string_view key) const;                  // required, any type

  const Where& where() const { return where_; }
  [[noreturn]] void Fail(std::string_view key, std::string_view problem) const;

 private:
  const Json& Get(std::string_view key) const;
  const Json& object_;
  Where where_;
};

// How an entry of a list is named in messages: `kind` and the value of its `key` field as written
// ("tile \"58\"", "phase 2"), or just `kind` when it has none.
std::string EntryName(std::string_view kind, const Json& value, const char* key);

// A range of rows ("B-V") or columns ("a-ak") from field `key`: {first, last}, first <= last.
std::pair<int, int> ReadRange(const Fields& fields, std::string_view key, bool rows);

// The cell at `coord` of data under construction; nullptr outside the grid.
inline HexDef* MutableHex(BoardData* data, HexCoord coord) { return const_cast<HexDef*>(data->Hex(coord)); }

// Small conversions shared by the file readers.
std::optional<int> ParseRowLetter(std::string_view letter);   // "B" -> 1
std::optional<int> ParseColumnName(std::string_view name);    // "ab" -> 28
std::optional<int> ParseEdgeName(std::string_view name);      // "NW" -> 2
std::optional<TileColour> ParseColour(std::string_view name);
std::optional<Gauge> ParseGauge(std::string_view name);
std::optional<Terrain> ParseTerrain(std::string_view name);
std::string ColourName(TileColour colour);
std::string Quoted(std::string_view text);  // "\"58\""

}  // namespace mailrun::engine::data_internal

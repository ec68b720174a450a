// How a command answers: text for people by default, JSON with --json (API messages in the
// protobuf JSON mapping: lowerCamelCase names, enums by name, 64-bit integers as strings), and
// small text helpers (aligned columns, money). Thread-compatible.
#pragma once

#include <google/protobuf/message.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace mailrun::cli {

// The message in the protobuf JSON mapping, fields with default values included (or left out:
// `with_defaults` false, the compact form for a command line).
nlohmann::ordered_json ToJson(const google::protobuf::Message& message, bool with_defaults = true);

// Parses protobuf-JSON `text` into `message`; returns "" or what is wrong with it.
std::string FromJson(const std::string& text, google::protobuf::Message* message);

class Output {
 public:
  explicit Output(bool json) : json_(json) {}
  bool json() const { return json_; }

  // One JSON document (indented), or one JSON line (compact) for streams.
  void Document(const nlohmann::ordered_json& value) const;
  void JsonLine(const nlohmann::ordered_json& value) const;
  // Text for people (a newline is added when missing).
  void Text(const std::string& text) const;

 private:
  bool json_;
};

// Columns aligned for a terminal: the header, then each row; the last column is not padded.
class TextTable {
 public:
  explicit TextTable(std::vector<std::string> header) : rows_{std::move(header)} {}
  void Row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
  std::string Render(const std::string& indent = "") const;

 private:
  std::vector<std::vector<std::string>> rows_;
};

// The items with `separator` between them ("" for none).
std::string Join(const std::vector<std::string>& items, const std::string& separator);

// "£1,234" ("-£50" for negative amounts).
std::string Money(int64_t amount);

// "2024-05-01 18:04 UTC" for a time in unix milliseconds; "-" for 0.
std::string TimeText(int64_t unix_ms);

}  // namespace mailrun::cli

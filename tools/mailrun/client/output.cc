#include "tools/mailrun/client/output.h"

#include <fmt/format.h>
#include <google/protobuf/util/json_util.h>

#include <ctime>
#include <iostream>

namespace mailrun::cli {

nlohmann::ordered_json ToJson(const google::protobuf::Message& message, bool with_defaults) {
  google::protobuf::util::JsonPrintOptions options;
  options.always_print_primitive_fields = with_defaults;
  std::string text;
  const auto status = google::protobuf::util::MessageToJsonString(message, &text, options);
  if (!status.ok()) return nlohmann::ordered_json{{"error", std::string(status.message())}};
  return nlohmann::ordered_json::parse(text);
}

std::string FromJson(const std::string& text, google::protobuf::Message* message) {
  google::protobuf::util::JsonParseOptions options;
  options.ignore_unknown_fields = false;
  const auto status = google::protobuf::util::JsonStringToMessage(text, message, options);
  if (status.ok()) return "";
  return std::string(status.message());
}

void Output::Document(const nlohmann::ordered_json& value) const { std::cout << value.dump(2) << "\n" << std::flush; }

void Output::JsonLine(const nlohmann::ordered_json& value) const { std::cout << value.dump() << "\n" << std::flush; }

void Output::Text(const std::string& text) const {
  std::cout << text;
  if (text.empty() || text.back() != '\n') std::cout << "\n";
  std::cout << std::flush;
}

namespace {

// Characters on screen: UTF-8 continuation bytes do not count ("£" is two bytes, one character).
size_t Width(const std::string& text) {
  size_t width = 0;
  for (const char c : text) width += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
  return width;
}

}  // namespace

std::string TextTable::Render(const std::string& indent) const {
  std::vector<size_t> widths;
  for (const auto& row : rows_) {
    if (widths.size() < row.size()) widths.resize(row.size(), 0);
    for (size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], Width(row[i]));
  }
  std::string out;
  for (const auto& row : rows_) {
    std::string line = indent;
    for (size_t i = 0; i < row.size(); ++i) {
      line += row[i];
      if (i + 1 < row.size()) line += std::string(widths[i] - Width(row[i]) + 2, ' ');
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  }
  return out;
}

std::string Join(const std::vector<std::string>& items, const std::string& separator) {
  return fmt::format("{}", fmt::join(items, separator));
}

std::string Money(int64_t amount) {
  const bool negative = amount < 0;
  std::string digits = std::to_string(negative ? -amount : amount);
  for (int i = static_cast<int>(digits.size()) - 3; i > 0; i -= 3) digits.insert(static_cast<size_t>(i), ",");
  return (negative ? "-£" : "£") + digits;
}

std::string TimeText(int64_t unix_ms) {
  if (unix_ms == 0) return "-";
  const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char buffer[32];
  std::strftime(buffer, sizeof buffer, "%Y-%m-%d %H:%M UTC", &utc);
  return buffer;
}

}  // namespace mailrun::cli

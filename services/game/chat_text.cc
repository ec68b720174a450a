#include "services/game/chat_text.h"

#include <algorithm>
#include <cctype>
#include <set>

namespace mailrun::game {
namespace {

// The length of the UTF-8 sequence starting with `lead`, 0 if it cannot start one.
size_t SequenceLength(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return 2;
  if (lead >= 0xE0 && lead <= 0xEF) return 3;
  if (lead >= 0xF0 && lead <= 0xF4) return 4;
  return 0;
}

// Decodes the code point at text[i] (length `length`), or -1 for a malformed one.
long Decode(const std::string& text, size_t i, size_t length) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[i + k]); };
  if (i + length > text.size()) return -1;
  long code = length == 1 ? byte(0) : byte(0) & (0xFF >> (length + 1));
  for (size_t k = 1; k < length; ++k) {
    if ((byte(k) & 0xC0) != 0x80) return -1;
    code = (code << 6) | (byte(k) & 0x3F);
  }
  static constexpr long kMinimum[] = {0, 0, 0x80, 0x800, 0x10000};
  if (code < kMinimum[length] || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return -1;
  return code;
}

bool IsNameCharacter(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool StartsWithIgnoringCase(const std::string& text, size_t at, const std::string& word) {
  if (at + word.size() > text.size()) return false;
  for (size_t k = 0; k < word.size(); ++k) {
    if (std::tolower(static_cast<unsigned char>(text[at + k])) != std::tolower(static_cast<unsigned char>(word[k]))) {
      return false;
    }
  }
  return true;
}

}  // namespace

bool CheckPlainText(const std::string& text, size_t max_characters, std::string* why) {
  size_t characters = 0;
  for (size_t i = 0; i < text.size();) {
    const size_t length = SequenceLength(static_cast<unsigned char>(text[i]));
    const long code = length == 0 ? -1 : Decode(text, i, length);
    if (code < 0) {
      *why = "is not UTF-8 (at byte " + std::to_string(i) + ")";
      return false;
    }
    if ((code < 0x20 && code != '\n' && code != '\t') || code == 0x7F || (code >= 0x80 && code < 0xA0)) {
      *why = "holds a control character (at byte " + std::to_string(i) + ")";
      return false;
    }
    ++characters;
    i += length;
  }
  if (characters > max_characters) {
    *why = "is " + std::to_string(characters) + " characters long, more than " + std::to_string(max_characters);
    return false;
  }
  return true;
}

std::optional<std::string> NormalizeChatText(const std::string& text, std::string* why) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;  // CR LF -> LF
    out += text[i];
  }
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n'; };
  while (!out.empty() && space(out.back())) out.pop_back();
  size_t start = 0;
  while (start < out.size() && space(out[start])) ++start;
  out.erase(0, start);
  if (out.empty()) {
    *why = "is empty";
    return std::nullopt;
  }
  if (!CheckPlainText(out, kMaxChatCharacters, why)) return std::nullopt;
  const size_t lines = static_cast<size_t>(std::count(out.begin(), out.end(), '\n')) + 1;
  if (lines > kMaxChatLines) {
    *why = "has " + std::to_string(lines) + " lines, more than " + std::to_string(kMaxChatLines);
    return std::nullopt;
  }
  return out;
}

size_t CodePoints(const std::string& text) {
  size_t count = 0;
  for (const char c : text) {
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++count;
  }
  return count;
}

std::string Excerpt(const std::string& text, size_t max_characters) {
  if (CodePoints(text) <= max_characters) return text;
  size_t kept = 0;
  size_t i = 0;
  for (; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
      if (kept == max_characters - 1) break;
      ++kept;
    }
  }
  return text.substr(0, i) + "\u2026";
}

std::vector<int> MentionedSeats(const std::string& text, const std::vector<ChatSeat>& seats, int author_seat) {
  std::vector<ChatSeat> longest_first = seats;
  std::stable_sort(longest_first.begin(), longest_first.end(),
                   [](const ChatSeat& a, const ChatSeat& b) { return a.display_name.size() > b.display_name.size(); });
  std::set<int> mentioned;
  for (size_t at = 0; at < text.size(); ++at) {
    if (text[at] != '@' || (at > 0 && IsNameCharacter(text[at - 1]))) continue;
    const size_t name_at = at + 1;
    const auto ends_word = [&](size_t end) { return end >= text.size() || !IsNameCharacter(text[end]); };
    if (StartsWithIgnoringCase(text, name_at, "all") && ends_word(name_at + 3)) {
      for (const auto& seat : seats) mentioned.insert(seat.seat);
      continue;
    }
    for (const auto& seat : longest_first) {
      if (seat.display_name.empty()) continue;
      if (StartsWithIgnoringCase(text, name_at, seat.display_name) && ends_word(name_at + seat.display_name.size())) {
        mentioned.insert(seat.seat);
        break;
      }
    }
  }
  mentioned.erase(author_seat);
  return {mentioned.begin(), mentioned.end()};
}

}  // namespace mailrun::game

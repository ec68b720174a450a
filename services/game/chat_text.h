// ChatText: the checks and the reading of a chat message's text (proto/mailrun/v1/chat.proto,
// PostChatMessageRequest): trimming, the length and line limits, the characters allowed, and the
// @mentions it makes of a game's players. Pure: no I/O.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace mailrun::game {

inline constexpr size_t kMaxChatCharacters = 500;   // Unicode code points, after trimming
inline constexpr size_t kMaxChatLines = 10;
inline constexpr size_t kMaxNotesCharacters = 20000;
inline constexpr size_t kMentionExcerptCharacters = 140;

// The text as stored (spaces, tabs and line feeds trimmed at either end, CR LF made LF), or the
// reason it is refused ("is empty", "is not UTF-8", ...) in *why.
std::optional<std::string> NormalizeChatText(const std::string& text, std::string* why);

// Whether `text` is UTF-8 without control characters other than line feed and tab, of at most
// `max_characters` code points; *why says what is wrong otherwise.
bool CheckPlainText(const std::string& text, size_t max_characters, std::string* why);

// The number of code points of valid UTF-8 `text`.
size_t CodePoints(const std::string& text);
// `text` cut to at most `max_characters` code points (an ellipsis when cut).
std::string Excerpt(const std::string& text, size_t max_characters);

struct ChatSeat {
  int seat = 0;
  std::string display_name;
};

// The seats `text` mentions: "@<display name>" (ASCII letters in any case, the name followed by
// the end or a character that is not a letter, digit or '_'), the longest name winning when names
// share a start, and "@all" for every seat. The author's own seat is left out. Sorted, unique.
std::vector<int> MentionedSeats(const std::string& text, const std::vector<ChatSeat>& seats, int author_seat);

}  // namespace mailrun::game

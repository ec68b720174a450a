// The pure parts of chat (services/game/chat_text.h): trimming and limits, the characters allowed,
// mentions (longest name first, word ends, @all, the author left out), excerpts.
#include "services/game/chat_text.h"

#include <gtest/gtest.h>

namespace mailrun::game {
namespace {

std::string Normalized(const std::string& text) {
  std::string why;
  const auto out = NormalizeChatText(text, &why);
  return out ? *out : "refused: " + why;
}

TEST(ChatText, TrimsAndKeepsInnerLinesAndMarkup) {
  EXPECT_EQ(Normalized("  hi \r\n there \n"), "hi \n there");
  EXPECT_EQ(Normalized("<b>&amp;</b>"), "<b>&amp;</b>");
  EXPECT_EQ(Normalized("\t"), "refused: is empty");
  EXPECT_EQ(Normalized("a\x1b[31m"), "refused: holds a control character (at byte 1)");
  EXPECT_EQ(Normalized("\xc3"), "refused: is not UTF-8 (at byte 0)");
  EXPECT_EQ(Normalized("\xc0\xaf"), "refused: is not UTF-8 (at byte 0)") << "an overlong form";
  EXPECT_EQ(Normalized("\xed\xa0\x80"), "refused: is not UTF-8 (at byte 0)") << "a surrogate";
  EXPECT_EQ(Normalized(std::string(500, 'x')), std::string(500, 'x'));
  EXPECT_EQ(Normalized(std::string(501, 'x')), "refused: is 501 characters long, more than 500");
  std::string umlauts;
  for (int i = 0; i < 500; ++i) umlauts += "\xc3\xbc";
  EXPECT_EQ(Normalized(umlauts), umlauts) << "the limit counts characters, not bytes";
  EXPECT_EQ(Normalized("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11"), "refused: has 11 lines, more than 10");
}

TEST(ChatText, MentionsNamePlayersByTheirWholeNamesAndAllOthers) {
  const std::vector<ChatSeat> seats = {{0, "Ann"}, {1, "Anna Lee"}, {2, "Bob"}};
  EXPECT_EQ(MentionedSeats("@anna lee and @BOB", seats, 0), (std::vector<int>{1, 2}));
  EXPECT_EQ(MentionedSeats("@Ann, hello", seats, 2), (std::vector<int>{0}));
  EXPECT_EQ(MentionedSeats("@Annabel @Bobby mail@Bob", seats, 0), std::vector<int>{});
  EXPECT_EQ(MentionedSeats("@all", seats, 1), (std::vector<int>{0, 2}));
  EXPECT_EQ(MentionedSeats("@Ann talks to herself", seats, 0), std::vector<int>{});
}

TEST(ChatText, ExcerptsCutAtCharacters) {
  EXPECT_EQ(Excerpt("short", 140), "short");
  EXPECT_EQ(Excerpt("\xc3\xbc\xc3\xbc\xc3\xbc", 2), "\xc3\xbc\u2026");
}

}  // namespace
}  // namespace mailrun::game

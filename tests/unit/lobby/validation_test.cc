// Input checks of the lobby: every rule refuses what it should and accepts what it should.
#include <gtest/gtest.h>

#include "services/lobby/validation.h"

namespace mailrun::lobby {
namespace {

using mailrun::v1::GameOptions;

TEST(Validation, RequestIds) {
  EXPECT_FALSE(CheckRequestId("3f2a-1").has_value());
  EXPECT_TRUE(CheckRequestId("").has_value());
  EXPECT_TRUE(CheckRequestId(std::string(129, 'x')).has_value());
  EXPECT_TRUE(CheckRequestId("has space").has_value());
  EXPECT_TRUE(CheckRequestId("tab\there").has_value());
}

TEST(Validation, DisplayNames) {
  for (const char* good : {"Ann", "Lord Dalhousie", "rail_fan-42", "J.M.W. Turner"}) {
    EXPECT_FALSE(CheckDisplayName(good).has_value()) << good;
  }
  EXPECT_NE(CheckDisplayName("Al")->find("3 to 24"), std::string::npos);
  EXPECT_TRUE(CheckDisplayName(std::string(25, 'a')).has_value());
  EXPECT_NE(CheckDisplayName(" Ann")->find("start and end"), std::string::npos);
  EXPECT_TRUE(CheckDisplayName("Ann.").has_value());
  EXPECT_NE(CheckDisplayName("two  spaces")->find("two spaces"), std::string::npos);
  EXPECT_NE(CheckDisplayName("semi;colon")->find("only ASCII"), std::string::npos);
  EXPECT_TRUE(CheckDisplayName("caf\xc3\xa9").has_value());
}

TEST(Validation, Passwords) {
  EXPECT_FALSE(CheckPassword("correct horse").has_value());
  EXPECT_NE(CheckPassword("short")->find("at least 8"), std::string::npos);
  EXPECT_TRUE(CheckPassword(std::string(129, 'p')).has_value());
  // The message never repeats the password.
  EXPECT_EQ(CheckPassword("sekrit").value().find("sekrit"), std::string::npos);
}

TEST(Validation, NamesAndDeadlines) {
  EXPECT_FALSE(CheckName("name", "", 60, false).has_value());
  EXPECT_NE(CheckName("name", "", 80, true)->find("name is required"), std::string::npos);
  EXPECT_TRUE(CheckName("name", std::string(61, 'n'), 60, false).has_value());
  EXPECT_TRUE(CheckName("name", "bell\a", 60, false).has_value());
  EXPECT_FALSE(CheckTurnDeadline(0).has_value());
  EXPECT_FALSE(CheckTurnDeadline(86400).has_value());
  EXPECT_TRUE(CheckTurnDeadline(59).has_value());
  EXPECT_TRUE(CheckTurnDeadline(-5).has_value());
  EXPECT_TRUE(CheckTurnDeadline(kMaxTurnDeadlineSeconds + 1).has_value());
  // An operator's shorter floor (MAILRUN_SHORTEST_TURN_DEADLINE_SECONDS), named in the refusal.
  EXPECT_FALSE(CheckTurnDeadline(3, 3).has_value());
  EXPECT_NE(CheckTurnDeadline(2, 3)->find("0 (no deadline) or 3 to 2592000"), std::string::npos);
  EXPECT_TRUE(CheckTurnDeadline(0, 3) == std::nullopt);
}

TEST(Validation, GameSetupPerEdition) {
  using mailrun::v1::TITLE_1853;
  using mailrun::v1::TITLE_UNSPECIFIED;
  GameOptions options;
  EXPECT_FALSE(CheckGameSetup(TITLE_UNSPECIFIED, mailrun::v1::EDITION_UNSPECIFIED, options).has_value());
  EXPECT_TRUE(CheckGameSetup(TITLE_1853, static_cast<mailrun::v1::Edition>(9), options).has_value());
  options.set_bank(mailrun::v1::BANK_SHORT);
  options.set_simplified_game(true);
  options.set_tile_kit(mailrun::v1::TILE_KIT_MIK1_1);
  EXPECT_FALSE(CheckGameSetup(TITLE_1853, mailrun::v1::EDITION_RETUNED, options).has_value());
  EXPECT_NE(CheckGameSetup(TITLE_1853, mailrun::v1::EDITION_LOOKOUT_2009, options)->find("2.4.2"), std::string::npos);
  GameOptions lookout;
  lookout.set_bank(mailrun::v1::BANK_STANDARD);
  EXPECT_FALSE(CheckGameSetup(TITLE_1853, mailrun::v1::EDITION_LOOKOUT_2009, lookout).has_value());
  lookout.set_unrestricted_58(true);
  EXPECT_NE(CheckGameSetup(TITLE_1853, mailrun::v1::EDITION_LOOKOUT_2009, lookout)->find("2.4.4"), std::string::npos);
  GameOptions bad_bank;
  bad_bank.set_bank(static_cast<mailrun::v1::BankSize>(42));
  EXPECT_NE(CheckGameSetup(TITLE_1853, mailrun::v1::EDITION_RETUNED, bad_bank)->find("options.bank"), std::string::npos);
  EXPECT_EQ(EffectiveEdition(TITLE_UNSPECIFIED, mailrun::v1::EDITION_UNSPECIFIED), mailrun::v1::EDITION_RETUNED);
  EXPECT_EQ(EffectiveTitle(TITLE_UNSPECIFIED), TITLE_1853);
}

// 1947 is a title of its own: one edition, none of 1853's options, 3 to 6 seats.
TEST(Validation, GameSetupOf1947) {
  GameOptions none;
  EXPECT_FALSE(CheckGameSetup(mailrun::v1::TITLE_1947, mailrun::v1::EDITION_UNSPECIFIED, none).has_value());
  EXPECT_NE(CheckGameSetup(mailrun::v1::TITLE_1947, mailrun::v1::EDITION_RETUNED, none)->find("1947 has one edition"),
            std::string::npos);
  GameOptions short_bank;
  short_bank.set_bank(mailrun::v1::BANK_SHORT);
  EXPECT_NE(CheckGameSetup(mailrun::v1::TITLE_1947, mailrun::v1::EDITION_UNSPECIFIED, short_bank)->find("1853's"),
            std::string::npos);
  EXPECT_NE(CheckGameSetup(static_cast<mailrun::v1::Title>(7), mailrun::v1::EDITION_UNSPECIFIED, none)
                ->find("title 7 is unknown"),
            std::string::npos);
  EXPECT_FALSE(CheckSeats(mailrun::v1::TITLE_1947, 3).has_value());
  EXPECT_EQ(*CheckSeats(mailrun::v1::TITLE_UNSPECIFIED, 7), "seats must be 3 to 6 (1853 is a game for 3 to 6 players)");
}

// Only editions with board data can be played (docs/board-data.md: 1853 Retuned today), and 1947
// not before its rules exist.
TEST(Validation, OnlyEditionsWithBoardDataArePlayable) {
  EXPECT_FALSE(CheckPlayable(mailrun::v1::TITLE_1853, mailrun::v1::EDITION_RETUNED).has_value());
  EXPECT_FALSE(CheckPlayable(mailrun::v1::TITLE_UNSPECIFIED, mailrun::v1::EDITION_UNSPECIFIED).has_value());
  // The 2009 edition has its data since issue 18; an edition without data is not playable.
  EXPECT_FALSE(CheckPlayable(mailrun::v1::TITLE_1853, mailrun::v1::EDITION_LOOKOUT_2009).has_value());
  const Problem unknown = CheckPlayable(mailrun::v1::TITLE_1853, static_cast<mailrun::v1::Edition>(9));
  ASSERT_TRUE(unknown.has_value());
  EXPECT_EQ(unknown->rfind("this edition cannot be played yet: no board data for edition", 0), 0u) << *unknown;
  EXPECT_FALSE(CheckPlayable(mailrun::v1::TITLE_1947, mailrun::v1::EDITION_UNSPECIFIED).has_value());
}

}  // namespace
}  // namespace mailrun::lobby

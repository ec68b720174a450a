// What each kind of event says on a phone, and the kind names stored in the database.
#include "services/notification/event_text.h"

#include <gtest/gtest.h>

namespace mailrun::notification {
namespace {

TEST(EventKinds, EveryKindHasANameThatReadsBack) {
  for (int k = mailrun::v1::EventKind_MIN + 1; k <= mailrun::v1::EventKind_MAX; ++k) {
    const auto kind = static_cast<mailrun::v1::EventKind>(k);
    ASSERT_FALSE(KindName(kind).empty()) << k;
    EXPECT_EQ(KindFromName(KindName(kind)), kind);
  }
  EXPECT_EQ(KindName(mailrun::v1::EVENT_KIND_UNSPECIFIED), "");
  EXPECT_FALSE(KindFromName("").has_value());
  EXPECT_FALSE(KindFromName("your-turn").has_value());
}

TEST(EventText, YourTurnSaysWhatIsExpectedAndForWhichCompany) {
  mailrun::v1::Event event;
  auto* turn = event.mutable_your_turn();
  turn->set_game_id("g1");
  turn->set_round("Railway Round 3.1");
  turn->set_expected("lay track");
  turn->set_acting_for("EIR");
  EXPECT_EQ(KindOf(event), mailrun::v1::EVENT_KIND_YOUR_TURN);
  EXPECT_EQ(GameIdOf(event), "g1");
  const auto text = DescribeEvent(event, "alice");
  EXPECT_EQ(text.title, "Your turn");
  EXPECT_EQ(text.text, "Railway Round 3.1: lay track (for the EIR)");
}

TEST(EventText, YourTurnNamesTheRoundOnceWhenTheDescriptionAlreadyDoes) {
  mailrun::v1::Event event;
  auto* turn = event.mutable_your_turn();
  turn->set_round("Contract bids");
  turn->set_expected("Contract bids: Beth claims a city");
  EXPECT_EQ(DescribeEvent(event, "beth").text, "Contract bids: Beth claims a city");
  turn->set_round("Railway Round 3 (1 of 2)");
  turn->set_expected("Railway Round 3: the EIR");
  turn->set_acting_for("EIR");
  EXPECT_EQ(DescribeEvent(event, "beth").text, "Railway Round 3: the EIR");
}

TEST(EventText, BondReturnedReadsDifferentlyForItsOwner) {
  mailrun::v1::Event event;
  auto* bond = event.mutable_bond_returned();
  bond->set_game_id("g1");
  bond->set_user_id("alice");
  bond->set_amount(100);
  bond->add_cities("Delhi");
  bond->add_cities("Karachi");
  EXPECT_EQ(DescribeEvent(event, "alice").text, "Your bond of £100 came back in game g1; cities: Delhi, Karachi");
  EXPECT_EQ(DescribeEvent(event, "bob").text, "A player's bond of £100 came back in game g1; cities: Delhi, Karachi");
}

TEST(EventText, GameFinishedNamesTheWinnersAndTheRecipientsPlace) {
  mailrun::v1::Event event;
  auto* finished = event.mutable_game_finished();
  finished->set_game_id("g1");
  finished->set_reason("bank broken");
  auto* first = finished->add_results();
  first->set_user_id("alice");
  first->set_display_name("Alice");
  first->set_rank(1);
  first->set_final_wealth(5120);
  auto* second = finished->add_results();
  second->set_user_id("bob");
  second->set_display_name("Bob");
  second->set_rank(2);
  second->set_final_wealth(4300);
  EXPECT_EQ(DescribeEvent(event, "bob").text, "Game g1 ended (bank broken): Alice won; you finished #2 with £4300");
  EXPECT_EQ(DescribeEvent(event, "carol").text, "Game g1 ended (bank broken): Alice won");
  EXPECT_EQ(DescribeEvent(event, "carol").title, "Game finished");
  // Another title's game says which game it is, and its money is not in pounds.
  finished->set_title(mailrun::v1::TITLE_1947);
  EXPECT_EQ(DescribeEvent(event, "bob").title, "Game finished (1947)");
  EXPECT_EQ(DescribeEvent(event, "bob").text, "Game g1 ended (bank broken): Alice won; you finished #2 with 4300");
}

TEST(EventText, YourTurnNamesATitleOtherThan1853) {
  mailrun::v1::Event event;
  auto* turn = event.mutable_your_turn();
  turn->set_game_id("g2");
  turn->set_expected("Private auction: bid or pass");
  turn->set_title(mailrun::v1::TITLE_1853);
  EXPECT_EQ(DescribeEvent(event, "alice").title, "Your turn");
  turn->set_title(mailrun::v1::TITLE_1947);
  EXPECT_EQ(DescribeEvent(event, "alice").title, "Your turn (1947)");
  EXPECT_EQ(DescribeEvent(event, "alice").text, "Private auction: bid or pass");
}

TEST(EventText, TournamentInvitationAndReminder) {
  mailrun::v1::Event round;
  auto* started = round.mutable_tournament_round_started();
  started->set_tournament_name("Monsoon Cup");
  started->set_round(2);
  started->set_table_number(4);
  EXPECT_EQ(DescribeEvent(round, "alice").text, "Monsoon Cup: round 2 has begun; you play at table 4");

  mailrun::v1::Event invitation;
  invitation.mutable_invitation_received()->set_from_display_name("Bob");
  EXPECT_EQ(DescribeEvent(invitation, "alice").title, "Invitation");
  EXPECT_EQ(GameIdOf(invitation), "");

  mailrun::v1::Event reminder;
  reminder.mutable_reminder()->set_game_id("g7");
  reminder.mutable_reminder()->set_expected("buy or sell shares");
  EXPECT_EQ(DescribeEvent(reminder, "alice").text, "Game g7 is waiting for you: buy or sell shares");
  EXPECT_EQ(KindOf(reminder), mailrun::v1::EVENT_KIND_REMINDER);
}

}  // namespace
}  // namespace mailrun::notification

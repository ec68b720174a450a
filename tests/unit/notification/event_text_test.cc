// What each kind of event says on a phone, and the kind names stored in the database.
#include "services/notification/event_text.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>

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

// The placeholders of the German catalog's entry for `key` (i18n/de.json); nullopt without one.
std::optional<std::set<std::string>> GermanPlaceholders(const std::string& key) {
  std::ifstream in(std::filesystem::path(MAILRUN_SOURCE_DIR) / "i18n" / "de.json");
  const auto messages = nlohmann::json::parse(in).at("messages");
  if (!messages.contains(key)) return std::nullopt;
  const std::string entry = messages.at(key).get<std::string>();
  static const std::regex placeholder(R"(\{([a-z_]+)\})");
  std::set<std::string> names;
  for (std::sregex_iterator it(entry.begin(), entry.end(), placeholder), end; it != end; ++it) names.insert((*it)[1]);
  return names;
}

std::set<std::string> ParamNames(const mailrun::v1::StructuredText& text) {
  std::set<std::string> names;
  for (const auto& param : text.params()) names.insert(param.name());
  return names;
}

mailrun::v1::TextParam* Param(mailrun::v1::StructuredText& text, const char* name) {
  auto* param = text.add_params();
  param->set_name(name);
  return param;
}

// Issue 22: a turn's push says what it expects as the game service keyed it (the engine's round
// and step), not as an English sentence in a {text} parameter; the English stays as it was.
TEST(EventText, YourTurnAndItsReminderAreKeyedFromTheTurn) {
  mailrun::v1::Event event;
  auto* turn = event.mutable_your_turn();
  turn->set_game_id("g1");
  turn->set_round("Railway Round 3 (1 of 2)");
  turn->set_expected("Railway Round 3: the EIR (lay or promote track)");
  turn->set_acting_for("EIR");
  // Before the game service keyed turns: the English in a {text} parameter.
  EXPECT_EQ(DescribeEvent(event, "beth").structured_text.key(), "notify.your_turn.text");
  auto* expected = turn->mutable_structured_expected();
  expected->set_key("1853.turn.railway.lay_or_promote_track");
  Param(*expected, "seat")->set_seat(1);
  Param(*expected, "round")->set_count(3);
  Param(*expected, "company")->set_company("EIR");
  const auto text = DescribeEvent(event, "beth");
  EXPECT_EQ(text.text, "Railway Round 3: the EIR (lay or promote track)");
  EXPECT_EQ(text.structured_text.SerializeAsString(), expected->SerializeAsString());
  EXPECT_EQ(text.structured_title.key(), "notify.your_turn.title");

  mailrun::v1::Event reminder;
  reminder.mutable_reminder()->set_game_id("g1");
  reminder.mutable_reminder()->set_expected(turn->expected());
  EXPECT_EQ(DescribeEvent(reminder, "beth").structured_text.key(), "notify.reminder.text");
  *reminder.mutable_reminder()->mutable_structured_expected() = *expected;
  const auto reminded = DescribeEvent(reminder, "beth");
  EXPECT_EQ(reminded.text, "Game g1 is waiting for you: Railway Round 3: the EIR (lay or promote track)");
  EXPECT_EQ(reminded.structured_text.SerializeAsString(), expected->SerializeAsString());
  EXPECT_EQ(reminded.structured_title.key(), "notify.reminder.title");
}

// Issue 22: the end of a game is keyed by its reason (the engine's "1853.end.<why>") with the
// reason's typed parameters, and the German catalog has every such sentence with exactly them.
TEST(EventText, GameFinishedIsKeyedByItsReasonWithTypedParameters) {
  mailrun::v1::Event event;
  auto* finished = event.mutable_game_finished();
  finished->set_game_id("g1");
  finished->set_reason("the EIR share price reached £400 (5.1.3)");
  auto* reason = finished->mutable_structured_reason();
  reason->set_key("1853.end.share_price");
  Param(*reason, "company")->set_company("EIR");
  Param(*reason, "amount")->set_amount(400);
  Param(*reason, "rule")->set_rule("5.1.3");
  auto* first = finished->add_results();
  first->set_user_id("alice");
  first->set_display_name("Alice");
  first->set_rank(1);
  first->set_final_wealth(5120);
  const auto text = DescribeEvent(event, "alice");
  EXPECT_EQ(text.text, "Game g1 ended (the EIR share price reached £400 (5.1.3)): Alice won; you finished #1 with £5120");
  EXPECT_EQ(text.structured_text.key(), "notify.game_finished.1853.share_price_won_mine");
  std::map<std::string, mailrun::v1::TextParam> params;
  for (const auto& param : text.structured_text.params()) params[param.name()] = param;
  EXPECT_EQ(params["company"].company(), "EIR");
  EXPECT_EQ(params["amount"].amount(), 400);
  EXPECT_EQ(params["rule"].rule(), "5.1.3");
  EXPECT_EQ(params["rank"].count(), 1);
  EXPECT_EQ(params["wealth"].amount(), 5120);
  EXPECT_FALSE(params.contains("reason")) << "the English reason is not a parameter of a keyed end";

  // Every combination, for both of 1853's reasons: the catalog's entry says the reason with its
  // parameters, the winners and the recipient's place where the key has them, and nothing else.
  for (const auto& [why, reason_params] : std::vector<std::pair<std::string, std::vector<std::string>>>{
           {"bank_broken", {"rule"}}, {"share_price", {"company", "amount", "rule"}}}) {
    reason->Clear();
    reason->set_key("1853.end." + why);
    for (const auto& name : reason_params) Param(*reason, name.c_str())->set_text("x");
    EXPECT_EQ(GermanPlaceholders(reason->key()), ParamNames(*reason)) << reason->key();
    for (const bool winners : {false, true}) {
      for (const std::string recipient : {"alice", "carol"}) {
        first->set_rank(winners ? 1 : 2);
        const auto said = DescribeEvent(event, recipient).structured_text;
        const auto placeholders = GermanPlaceholders(said.key());
        ASSERT_TRUE(placeholders.has_value()) << said.key() << " is not in i18n/de.json";
        std::set<std::string> wanted(reason_params.begin(), reason_params.end());
        wanted.insert("game_id");
        if (winners) wanted.insert("winners");
        if (recipient == "alice") wanted.insert({"rank", "wealth"});
        EXPECT_EQ(*placeholders, wanted) << said.key();
        const auto params = ParamNames(said);
        EXPECT_TRUE(std::includes(params.begin(), params.end(), wanted.begin(), wanted.end())) << said.key();
      }
    }
  }
}

// Issue 43: a chat mention says who wrote what, in which game, keyed with its German entry's
// placeholders.
TEST(EventText, AChatMentionSaysWhoWroteWhat) {
  mailrun::v1::Event event;
  auto* mention = event.mutable_chat_mention();
  mention->set_game_id("g7");
  mention->set_seq(4);
  mention->set_from_display_name("Priya");
  mention->set_excerpt("@tom <b>away</b> till Monday");
  EXPECT_EQ(KindOf(event), mailrun::v1::EVENT_KIND_CHAT_MENTION);
  EXPECT_EQ(KindName(mailrun::v1::EVENT_KIND_CHAT_MENTION), "chat_mention");
  EXPECT_EQ(GameIdOf(event), "g7");
  const auto text = DescribeEvent(event, "tom");
  EXPECT_EQ(text.title, "Mentioned in chat");
  EXPECT_EQ(text.text, "Priya in game g7: @tom <b>away</b> till Monday");
  EXPECT_EQ(text.structured_title.key(), "notify.chat_mention.title");
  EXPECT_EQ(text.structured_text.key(), "notify.chat_mention.text");
  EXPECT_EQ(GermanPlaceholders(text.structured_text.key()), ParamNames(text.structured_text));
  mention->set_title(mailrun::v1::TITLE_1947);
  EXPECT_EQ(DescribeEvent(event, "tom").structured_title.key(), "notify.chat_mention.title_of_title");
}

}  // namespace
}  // namespace mailrun::notification

// The game screen's Chat, Notes and Orders tabs in real browsers (tests/e2e/web/browser_table.mjs)
// against the real stack: the script reports what the browsers showed; this test checks it, and
// checks through the services themselves (not the browser) that what the browsers showed is what
// the services hold: the mention's seats and its ChatMention in the mentioned player's inbox, the
// `<script>` message's text, the deleted and the hidden messages (both reaching the other browser
// live), the notes, a decline-offers order left and cancelled, and the programmed
// pass made for a player whose browser was closed.
#include <gtest/gtest.h>

#include <iostream>
#include <nlohmann/json.hpp>

#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/notification.grpc.pb.h"
#include "mailrun/v1/programmed_moves.grpc.pb.h"
#include "tests/e2e/web/web_suite.h"

namespace mailrun::e2e {
namespace {

using ProgrammedStub = mailrun::v1::ProgrammedMoveService::Stub;
using NotificationStub = mailrun::v1::NotificationService::Stub;

TEST_F(Web, ChatNotesAndStandingOrdersWorkBetweenBrowsers) {
  nlohmann::json saw;
  ASSERT_NO_FATAL_FAILURE(RunBrowser("browser_table.mjs", 420s, &saw));
  std::cout << "table browser timings (ms since start): " << saw.at("timings").dump() << "\n";
  const std::string game_id = saw.at("gameId");
  const auto& seats = saw.at("seats");

  // What the browsers showed.
  const auto& mention = saw.at("mention");
  EXPECT_EQ(saw.at("mentionRefusal"), "");
  EXPECT_EQ(mention.at("text"), "@Lata will you sell me your P2 share?");
  EXPECT_TRUE(mention.at("mentionsMe").get<bool>()) << mention;
  EXPECT_EQ(mention.at("mentions"), nlohmann::json::array({"@Lata"}));
  EXPECT_TRUE(mention.at("samePage").get<bool>()) << "the message came by reloading, not live";
  EXPECT_EQ(mention.at("chatTab"), "chat") << "the open Chat tab counts nothing unread";
  EXPECT_NE(saw.at("inboxItem").get<std::string>().find("Kavi"), std::string::npos) << saw.at("inboxItem");
  EXPECT_EQ(saw.at("script").at("text"), "<script>alert(1)</script>");
  EXPECT_EQ(saw.at("script").at("elements"), 0);
  EXPECT_EQ(saw.at("dialogs"), nlohmann::json::array()) << "a chat message ran as a script";
  EXPECT_TRUE(saw.at("tooLong").at("sendDisabled").get<bool>());
  EXPECT_NE(saw.at("tooLong").at("refusal").get<std::string>().find("Too long: 501 characters"), std::string::npos);
  ASSERT_TRUE(saw.contains("rateLimit")) << "no message was refused for the rate " << saw.at("quick");
  EXPECT_NE(saw.at("rateLimit").at("refusal").get<std::string>().find("at most 5 messages in 10 seconds"), std::string::npos)
      << saw.at("rateLimit");
  EXPECT_NE(saw.at("rateLimit").at("refusal").get<std::string>().find("mailrun.chat.rate"), std::string::npos);
  EXPECT_EQ(saw.at("rateLimit").at("draft"), "quick " + std::to_string(saw.at("rateLimit").at("after").get<int>()))
      << "the refused text was not kept in the post box";
  EXPECT_GE(saw.at("mute").at("before").get<int>(), 3);
  EXPECT_EQ(saw.at("mute").at("muted"), 0);
  EXPECT_EQ(saw.at("mute").at("unmuted"), saw.at("mute").at("before")) << saw.at("mute");
  EXPECT_NE(saw.at("hide").at("lataReads").get<std::string>().find("Hidden by the table's host"), std::string::npos);
  EXPECT_EQ(saw.at("hide").at("lataReads").get<std::string>().find("bot"), std::string::npos);
  EXPECT_EQ(saw.at("hide").at("hideButtonsForLata"), 0) << "Lata is not the host";
  EXPECT_TRUE(saw.at("deletedLive").get<bool>()) << "the deletion did not reach the other browser live";
  EXPECT_NE(saw.at("hide").at("live").get<std::string>().find("Hidden by the table's host"), std::string::npos)
      << "the hiding did not reach the other browser live";
  EXPECT_EQ(saw.at("declineOrder").at("text"), "Decline every offer made to this player until they move by hand");
  EXPECT_EQ(saw.at("notes").at("otherDevice"), saw.at("notes").at("written"));
  EXPECT_NE(saw.at("notes").at("savedWords").get<std::string>().find("Saved"), std::string::npos);
  EXPECT_TRUE(saw.at("auctionOrder").at("cancelled").get<bool>());
  EXPECT_NE(saw.at("auctionOrder").at("text").get<std::string>().find("up to Rs.45, then pass"), std::string::npos);
  const auto& programmed = saw.at("programmed");
  EXPECT_NE(programmed.at("text").get<std::string>().find("Pass in stock round 1"), std::string::npos) << programmed;
  EXPECT_EQ(programmed.at("entrySeat"), programmed.at("seat")) << programmed;
  EXPECT_EQ(programmed.at("shownMoves"), "1 move made");
  EXPECT_EQ(SeriousViolations(saw.at("axe")), "");
  for (const char* tab : {"chat", "notes", "orders"}) EXPECT_TRUE(saw.at("axe").contains(tab)) << tab;

  // What the services hold, read as Lata and as the absent player.
  mailrun::v1::AuthResponse lata;
  ASSERT_NO_FATAL_FAILURE(LogIn("Lata", "web-table-login-lata", &lata));
  auto game = mailrun::v1::GameService::NewStub(Stack::Channel(suite_->stack.game_address()));
  mailrun::v1::ListChatMessagesRequest list;
  list.set_game_id(game_id);
  mailrun::v1::ListChatMessagesResponse chat;
  ASSERT_TRUE(CallAs(*game, &GameStub::ListChatMessages, lata.access_token(), list, &chat).ok());
  std::map<int64_t, mailrun::v1::ChatMessage> by_seq;
  for (const auto& m : chat.messages()) by_seq[m.seq()] = m;
  const auto& mentioned = by_seq.at(mention.at("seq").get<int64_t>());
  ASSERT_EQ(mentioned.mentioned_seats_size(), 1);
  EXPECT_EQ(mentioned.mentioned_seats(0), seats.at("Lata").get<int>());
  EXPECT_EQ("at v" + std::to_string(mentioned.at_version()), mention.at("version").get<std::string>());
  EXPECT_EQ(by_seq.at(saw.at("script").at("seq").get<int64_t>()).text(), "<script>alert(1)</script>");
  EXPECT_TRUE(by_seq.at(saw.at("deletedSeq").get<int64_t>()).deleted());
  const auto& hidden = by_seq.at(saw.at("hide").at("seq").get<int64_t>());
  EXPECT_TRUE(hidden.hidden());
  EXPECT_EQ(hidden.text(), "") << "a hidden message reached another player";
  // Kavi's quick messages up to the refused one, and no more: the refusal wrote nothing.
  int quick = 0;
  for (const auto& m : chat.messages()) quick += m.text().starts_with("quick ") || m.deleted() ? 1 : 0;
  EXPECT_EQ(quick, static_cast<int>(saw.at("quick").size()));

  // The mention in Lata's inbox, from the notification service.
  auto notify = mailrun::v1::NotificationService::NewStub(Stack::Channel(suite_->stack.notify_address()));
  mailrun::v1::ListInboxRequest inbox_request;
  mailrun::v1::ListInboxResponse inbox;
  ASSERT_TRUE(CallAs(*notify, &NotificationStub::ListInbox, lata.access_token(), inbox_request, &inbox).ok());
  int mentions = 0;
  for (const auto& n : inbox.notifications()) {
    if (!n.event().has_chat_mention()) continue;
    ++mentions;
    EXPECT_EQ(n.event().chat_mention().game_id(), game_id);
    EXPECT_EQ(n.event().chat_mention().seq(), mentioned.seq());
  }
  EXPECT_EQ(mentions, 1) << inbox.ShortDebugString();

  // The notes, read by their author through the service.
  mailrun::v1::GetNotesRequest notes_request;
  notes_request.set_game_id(game_id);
  mailrun::v1::GetNotesResponse notes;
  ASSERT_TRUE(CallAs(*game, &GameStub::GetNotes, lata.access_token(), notes_request, &notes).ok());
  EXPECT_EQ(notes.text(), saw.at("notes").at("written").get<std::string>());

  // The programmed pass: made once, by the service, for the absent player's seat.
  auto orders = mailrun::v1::ProgrammedMoveService::NewStub(Stack::Channel(suite_->stack.game_address()));
  mailrun::v1::ListProgrammedMovesRequest orders_request;
  orders_request.set_game_id(game_id);
  mailrun::v1::ListProgrammedMovesResponse listed;
  ASSERT_TRUE(CallAs(*orders, &ProgrammedStub::ListProgrammedMoves, lata.access_token(), orders_request, &listed).ok());
  bool found = false;
  for (const auto& move : listed.moves()) {
    if (move.move_id() == programmed.at("id").get<int64_t>()) {
      found = true;
      EXPECT_EQ(move.seat(), programmed.at("seat").get<int>());
      EXPECT_EQ(move.kind(), mailrun::v1::PROGRAMMED_MOVE_KIND_PASS_SHARE_ROUND);
      EXPECT_EQ(move.moves_made(), 1) << move.ShortDebugString();
    }
    if (move.move_id() == saw.at("declineOrder").at("id").get<int64_t>()) {
      EXPECT_EQ(move.kind(), mailrun::v1::PROGRAMMED_MOVE_KIND_DECLINE_OFFERS);
      EXPECT_EQ(move.state(), mailrun::v1::PROGRAMMED_MOVE_STATE_CANCELLED);
    }
    if (move.move_id() == saw.at("auctionOrder").at("id").get<int64_t>()) {
      EXPECT_EQ(move.state(), mailrun::v1::PROGRAMMED_MOVE_STATE_CANCELLED);
    }
  }
  EXPECT_TRUE(found) << listed.ShortDebugString();
  const auto entry = EntryAt(*game, lata.access_token(), game_id, programmed.at("at").get<int64_t>());
  EXPECT_EQ(entry.seat(), programmed.at("seat").get<int>());
  EXPECT_FALSE(entry.undone());
}

}  // namespace
}  // namespace mailrun::e2e

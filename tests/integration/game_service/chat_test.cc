// A game's chat and notes against the real mailrun-game and PostgreSQL (proto/mailrun/v1/chat.proto):
// posting (idempotent on request_id, plain text kept as text, bad text refused with nothing
// written), paging back through the history, deleting one's own message, muting, the rate limit,
// @mentions written to the outbox as ChatMention events for the mentioned players only (not for a
// player who muted the author), chat arriving live on WatchGame streams opened with with_chat
// (beside the versions, each once, resumable), spectators reading none, and private notes read by
// their author alone (not by other players, not in GetGame, not in the service's log).
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <thread>

#include "mailrun/v1/events.pb.h"
#include "services/common/refusal_details.h"
#include "tests/integration/game_service/play_helpers.h"

namespace mailrun::game::testing {
namespace {

using mailrun::v1::ChatMessage;

class Chat : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { harness_ = new GameHarness("game_service_chat"); }
  static void TearDownTestSuite() {
    delete harness_;
    harness_ = nullptr;
  }

  // A new 3-player game ("<prefix>-0".."-2", named "<Prefix>0"..) and the players' tokens.
  std::string NewGame(const std::string& prefix, std::vector<std::string>* tokens) {
    const auto config = PlayersConfig(prefix, 3, 7);
    tokens->clear();
    for (const auto& player : config.players()) tokens->push_back(GameHarness::AccessToken(player.user_id()));
    return harness_->CreateGame(config, "table-" + prefix);
  }

  static grpc::Status Post(const std::string& token, const std::string& game_id, const std::string& text,
                           ChatMessage* message = nullptr, const std::string& request_id = NewRequestId()) {
    mailrun::v1::PostChatMessageRequest request;
    request.set_game_id(game_id);
    request.set_request_id(request_id);
    request.set_text(text);
    mailrun::v1::PostChatMessageResponse response;
    const grpc::Status status = harness_->Call(&GameStub::PostChatMessage, token, request, &response);
    if (message) *message = response.message();
    return status;
  }
  static mailrun::v1::ListChatMessagesResponse List(const std::string& token, const std::string& game_id,
                                                    int64_t before = 0, int page = 0) {
    mailrun::v1::ListChatMessagesRequest request;
    request.set_game_id(game_id);
    request.set_before_seq(before);
    request.set_page_size(page);
    mailrun::v1::ListChatMessagesResponse response;
    const grpc::Status status = harness_->Call(&GameStub::ListChatMessages, token, request, &response);
    EXPECT_TRUE(status.ok()) << Describe(status);
    return response;
  }
  static grpc::Status Mute(const std::string& token, const std::string& game_id, int seat, bool muted) {
    mailrun::v1::MuteChatPlayerRequest request;
    request.set_game_id(game_id);
    request.set_seat(seat);
    request.set_muted(muted);
    mailrun::v1::MuteChatPlayerResponse response;
    return harness_->Call(&GameStub::MuteChatPlayer, token, request, &response);
  }
  // The ChatMention events in the outbox for the game, by chat seq.
  static std::map<int64_t, mailrun::v1::Event> Mentions(const std::string& game_id) {
    std::map<int64_t, mailrun::v1::Event> out;
    pqxx::nontransaction txn(harness_->db());
    for (const auto& row : txn.exec_params("SELECT payload FROM outbox WHERE event_id LIKE $1",
                                           "chat-mention-" + game_id + "-%")) {
      mailrun::v1::Event event;
      const pqxx::binarystring bytes(row[0]);
      EXPECT_TRUE(event.ParseFromString(bytes.str()));
      out[event.chat_mention().seq()] = event;
    }
    return out;
  }
  int64_t Rows(const std::string& game_id) {
    return harness_->Count("SELECT count(*) FROM game_chat WHERE game_id = '" + game_id + "'");
  }

  static GameHarness* harness_;
};
GameHarness* Chat::harness_ = nullptr;

std::vector<int64_t> Seqs(const mailrun::v1::ListChatMessagesResponse& page) {
  std::vector<int64_t> seqs;
  for (const auto& message : page.messages()) seqs.push_back(message.seq());
  return seqs;
}

TEST_F(Chat, PostsArePagedBackwardsRetriesAreAnsweredOnceAndAuthorsDeleteTheirOwn) {
  std::vector<std::string> tokens;
  const std::string game_id = NewGame("talk", &tokens);
  ChatMessage first;
  ASSERT_TRUE(Post(tokens[kAdam], game_id, "  Hello table  ", &first, "req-hello").ok());
  EXPECT_EQ(first.seq(), 1);
  EXPECT_EQ(first.text(), "Hello table") << "spaces at either end are trimmed";
  EXPECT_EQ(first.seat(), kAdam);
  EXPECT_EQ(first.author_name(), "Talk0");
  EXPECT_EQ(first.at_version(), 0);
  // A retry gets the first answer; the same request id with other text is refused.
  ChatMessage again;
  ASSERT_TRUE(Post(tokens[kAdam], game_id, "Hello table", &again, "req-hello").ok());
  EXPECT_EQ(again.seq(), 1);
  const grpc::Status reused = Post(tokens[kAdam], game_id, "Something else", nullptr, "req-hello");
  EXPECT_EQ(reused.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(reused);
  EXPECT_EQ(Rows(game_id), 1);

  // A move in between: later messages are stamped with the version they were written at.
  mailrun::v1::ListLegalActionsRequest legal_request;
  legal_request.set_game_id(game_id);
  const int active = GetGame(harness_->stub(), tokens[0], game_id).view().active_seats(0);
  mailrun::v1::ListLegalActionsResponse legal;
  ASSERT_TRUE(harness_->Call(&GameStub::ListLegalActions, tokens[active], legal_request, &legal).ok());
  ASSERT_FALSE(legal.actions().empty());
  mailrun::v1::SubmitActionResponse moved;
  ASSERT_TRUE(Submit(harness_->stub(), tokens[active], game_id, 0, legal.actions(0).action(), NewRequestId(), &moved).ok());
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(Post(tokens[i % 3], game_id, "message " + std::to_string(i + 2)).ok());

  const auto newest = List(tokens[kBeth], game_id, 0, 2);
  EXPECT_EQ(Seqs(newest), (std::vector<int64_t>{4, 5}));
  EXPECT_EQ(newest.last_seq(), 5);
  EXPECT_EQ(newest.next_before_seq(), 4);
  EXPECT_EQ(newest.messages(1).at_version(), moved.version());
  const auto older = List(tokens[kBeth], game_id, newest.next_before_seq(), 2);
  EXPECT_EQ(Seqs(older), (std::vector<int64_t>{2, 3}));
  const auto oldest = List(tokens[kBeth], game_id, older.next_before_seq(), 2);
  EXPECT_EQ(Seqs(oldest), (std::vector<int64_t>{1}));
  EXPECT_EQ(oldest.next_before_seq(), 0);

  // Only the author deletes; the message stays as "deleted", without its text.
  mailrun::v1::DeleteChatMessageRequest remove;
  remove.set_game_id(game_id);
  remove.set_seq(1);
  mailrun::v1::DeleteChatMessageResponse removed;
  const grpc::Status not_author = harness_->Call(&GameStub::DeleteChatMessage, tokens[kBeth], remove, &removed);
  EXPECT_EQ(not_author.error_code(), grpc::StatusCode::PERMISSION_DENIED) << Describe(not_author);
  ASSERT_TRUE(harness_->Call(&GameStub::DeleteChatMessage, tokens[kAdam], remove, &removed).ok());
  EXPECT_TRUE(removed.message().deleted());
  EXPECT_TRUE(removed.message().text().empty());
  EXPECT_TRUE(List(tokens[kClive], game_id, 2).messages(0).deleted());
  EXPECT_EQ(harness_->Count("SELECT count(*) FROM game_chat WHERE game_id = '" + game_id +
                            "' AND strpos(body, 'Hello') > 0"), 0) << "the deleted text is gone from the database";
  remove.set_seq(99);
  const grpc::Status missing = harness_->Call(&GameStub::DeleteChatMessage, tokens[kAdam], remove, &removed);
  EXPECT_EQ(missing.error_code(), grpc::StatusCode::NOT_FOUND) << Describe(missing);
}

TEST_F(Chat, TextIsKeptAsPlainTextAndBadTextIsRefusedWithNothingWritten) {
  std::vector<std::string> tokens;
  const std::string game_id = NewGame("plain", &tokens);
  ChatMessage markup;
  ASSERT_TRUE(Post(tokens[kAdam], game_id, "<script>alert('x')</script> & <b>", &markup).ok());
  EXPECT_EQ(markup.text(), "<script>alert('x')</script> & <b>") << "stored and returned as written, never escaped or run";
  ChatMessage unicode;
  ASSERT_TRUE(Post(tokens[kAdam], game_id, "Zürich → Mumbai\nline two", &unicode).ok());
  EXPECT_EQ(unicode.text(), "Zürich → Mumbai\nline two");

  for (const std::string& bad : {std::string(""), std::string("   \n "), std::string("bell\a"), std::string("nul\0x", 5),
                                  std::string(501, 'a'), std::string("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11")}) {
    const grpc::Status refused = Post(tokens[kBeth], game_id, bad);
    EXPECT_EQ(refused.error_code(), grpc::StatusCode::INVALID_ARGUMENT) << Describe(refused);
    const auto refusal = mailrun::service::RefusalOf(refused);
    ASSERT_TRUE(refusal.has_value());
    EXPECT_EQ(refusal->bad_field, "text");
  }
  // (Text that is not UTF-8 cannot be sent at all: protobuf's string fields refuse it; the
  // service's own check is game_service_ChatText.TrimsAndKeepsInnerLinesAndMarkup.)
  EXPECT_TRUE(Post(tokens[kBeth], game_id, std::string(500, 'a')).ok()) << "500 characters are allowed";
  EXPECT_EQ(Rows(game_id), 3);
}

TEST_F(Chat, OnlyPlayersReadAndWriteIt) {
  std::vector<std::string> tokens;
  const std::string game_id = NewGame("private", &tokens);
  ASSERT_TRUE(Post(tokens[kAdam], game_id, "players only").ok());
  const std::string spectator = GameHarness::AccessToken("someone-else");
  EXPECT_EQ(Post(spectator, game_id, "hello?").error_code(), grpc::StatusCode::PERMISSION_DENIED);
  mailrun::v1::ListChatMessagesRequest request;
  request.set_game_id(game_id);
  mailrun::v1::ListChatMessagesResponse response;
  EXPECT_EQ(harness_->Call(&GameStub::ListChatMessages, spectator, request, &response).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  EXPECT_EQ(response.messages_size(), 0);
  request.set_game_id("g-no-such-game");
  EXPECT_EQ(harness_->Call(&GameStub::ListChatMessages, tokens[0], request, &response).error_code(),
            grpc::StatusCode::NOT_FOUND);
  request.set_game_id(game_id);
  EXPECT_EQ(harness_->Call(&GameStub::ListChatMessages, "", request, &response).error_code(),
            grpc::StatusCode::UNAUTHENTICATED);
  EXPECT_EQ(Rows(game_id), 1);
}

TEST_F(Chat, EachPlayerIsRateLimited) {
  std::vector<std::string> tokens;
  const std::string game_id = NewGame("chatty", &tokens);
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(Post(tokens[kAdam], game_id, "spam " + std::to_string(i)).ok());
  const grpc::Status limited = Post(tokens[kAdam], game_id, "one too many");
  EXPECT_EQ(limited.error_code(), grpc::StatusCode::RESOURCE_EXHAUSTED) << Describe(limited);
  const auto refusal = mailrun::service::RefusalOf(limited);
  ASSERT_TRUE(refusal.has_value());
  EXPECT_EQ(refusal->rule, "mailrun.chat.rate");
  EXPECT_EQ(refusal->key, "game.refusal.chat_rate");
  EXPECT_TRUE(Post(tokens[kBeth], game_id, "another player may still talk").ok());
  EXPECT_EQ(Rows(game_id), 6);
}

TEST_F(Chat, MentionsNotifyTheMentionedPlayersUnlessTheyMutedTheAuthor) {
  std::vector<std::string> tokens;
  const std::string game_id = NewGame("ment", &tokens);
  ChatMessage message;
  ASSERT_TRUE(Post(tokens[kAdam], game_id, "@ment1 shall we agree on the price? not @mentor", &message).ok());
  EXPECT_EQ(std::vector<int>(message.mentioned_seats().begin(), message.mentioned_seats().end()), std::vector<int>{kBeth});
  auto mentions = Mentions(game_id);
  ASSERT_EQ(mentions.count(message.seq()), 1u);
  const auto& event = mentions[message.seq()];
  EXPECT_EQ(std::vector<std::string>(event.user_ids().begin(), event.user_ids().end()),
            std::vector<std::string>{"ment-1"});
  EXPECT_EQ(event.chat_mention().from_display_name(), "Ment0");
  EXPECT_EQ(event.chat_mention().from_seat(), kAdam);
  EXPECT_EQ(event.chat_mention().excerpt(), message.text());

  // Clive mutes Adam: @all reaches Beth alone, and Clive's chat leaves Adam out.
  ASSERT_TRUE(Mute(tokens[kClive], game_id, kAdam, true).ok());
  ASSERT_TRUE(Post(tokens[kAdam], game_id, "@all I'm away till Monday", &message).ok());
  EXPECT_EQ(message.mentioned_seats_size(), 2);
  mentions = Mentions(game_id);
  ASSERT_EQ(mentions.count(message.seq()), 1u);
  EXPECT_EQ(std::vector<std::string>(mentions[message.seq()].user_ids().begin(), mentions[message.seq()].user_ids().end()),
            std::vector<std::string>{"ment-1"});
  ASSERT_TRUE(Post(tokens[kBeth], game_id, "noted").ok());
  const auto seen_by_clive = List(tokens[kClive], game_id);
  ASSERT_EQ(seen_by_clive.messages_size(), 1);
  EXPECT_EQ(seen_by_clive.messages(0).text(), "noted");
  EXPECT_EQ(std::vector<int>(seen_by_clive.muted_seats().begin(), seen_by_clive.muted_seats().end()),
            std::vector<int>{kAdam});
  EXPECT_EQ(List(tokens[kBeth], game_id).messages_size(), 3) << "a mute is for the one who muted only";
  ASSERT_TRUE(Mute(tokens[kClive], game_id, kAdam, false).ok());
  EXPECT_EQ(List(tokens[kClive], game_id).messages_size(), 3);
  // Muting oneself or a seat the game does not have is refused.
  EXPECT_EQ(Mute(tokens[kClive], game_id, kClive, true).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Mute(tokens[kClive], game_id, 3, true).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  // No mention, no event.
  ASSERT_TRUE(Post(tokens[kBeth], game_id, "email@example.org is not a mention", &message).ok());
  EXPECT_EQ(message.mentioned_seats_size(), 0);
  EXPECT_EQ(Mentions(game_id).count(message.seq()), 0u);
}

// One WatchGame stream with chat, on a connection of its own.
class ChatStream {
 public:
  ChatStream(GameHarness& harness, const std::string& token, const std::string& game_id, int64_t after_version,
             int64_t after_chat)
      : stub_(harness.NewStub()) {
    context_.AddMetadata("authorization", "Bearer " + token);
    context_.set_wait_for_ready(true);
    context_.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(60));
    mailrun::v1::WatchGameRequest request;
    request.set_game_id(game_id);
    request.set_after_version(after_version);
    request.set_with_chat(true);
    request.set_after_chat_seq(after_chat);
    reader_ = stub_->WatchGame(&context_, request);
  }
  bool Read(mailrun::v1::WatchGameResponse* message) { return reader_->Read(message); }
  void Drop() { context_.TryCancel(); }
  grpc::Status Finish() { return reader_->Finish(); }

 private:
  std::unique_ptr<GameStub> stub_;
  grpc::ClientContext context_;
  std::unique_ptr<grpc::ClientReader<mailrun::v1::WatchGameResponse>> reader_;
};

TEST_F(Chat, MessagesArriveLiveOnWatchGameBesideTheVersionsAndResume) {
  std::vector<std::string> tokens;
  const std::string game_id = NewGame("live", &tokens);
  ASSERT_TRUE(Post(tokens[kAdam], game_id, "before the stream").ok());
  ChatStream stream(*harness_, tokens[kBeth], game_id, 0, 0);
  mailrun::v1::WatchGameResponse got;
  ASSERT_TRUE(stream.Read(&got));
  ASSERT_TRUE(got.has_chat()) << "the message written before the stream opened comes first";
  EXPECT_EQ(got.chat().seq(), 1);
  EXPECT_EQ(got.version(), 0);
  EXPECT_FALSE(got.has_view());

  // A move, then a message: each arrives once, in order.
  const int active = GetGame(harness_->stub(), tokens[0], game_id).view().active_seats(0);
  mailrun::v1::ListLegalActionsRequest legal_request;
  legal_request.set_game_id(game_id);
  mailrun::v1::ListLegalActionsResponse legal;
  ASSERT_TRUE(harness_->Call(&GameStub::ListLegalActions, tokens[active], legal_request, &legal).ok());
  mailrun::v1::SubmitActionResponse moved;
  ASSERT_TRUE(Submit(harness_->stub(), tokens[active], game_id, 0, legal.actions(0).action(), NewRequestId(), &moved).ok());
  ASSERT_TRUE(stream.Read(&got));
  EXPECT_FALSE(got.has_chat());
  EXPECT_EQ(got.version(), 1);
  ChatMessage posted;
  ASSERT_TRUE(Post(tokens[kClive], game_id, "after the move", &posted).ok());
  ASSERT_TRUE(stream.Read(&got));
  ASSERT_TRUE(got.has_chat());
  EXPECT_EQ(got.chat().seq(), 2);
  EXPECT_EQ(got.chat().text(), "after the move");
  EXPECT_EQ(got.chat().at_version(), 1);
  EXPECT_EQ(got.version(), 1);
  stream.Drop();
  stream.Finish();

  // Resumed after version 1 and chat seq 2: only what came since (message 3).
  ASSERT_TRUE(Post(tokens[kAdam], game_id, "while away").ok());
  ChatStream resumed(*harness_, tokens[kBeth], game_id, 1, 2);
  ASSERT_TRUE(resumed.Read(&got));
  ASSERT_TRUE(got.has_chat());
  EXPECT_EQ(got.chat().seq(), 3);
  EXPECT_EQ(got.chat().text(), "while away");
  resumed.Drop();
  resumed.Finish();

  // A stream without with_chat sees no chat; a spectator may not ask for it.
  ChatStream spectator(*harness_, GameHarness::AccessToken("watcher"), game_id, 0, 0);
  EXPECT_FALSE(spectator.Read(&got));
  EXPECT_EQ(spectator.Finish().error_code(), grpc::StatusCode::PERMISSION_DENIED);
}

TEST_F(Chat, NotesAreReadByTheirAuthorAloneAndSavedWithRevisions) {
  std::vector<std::string> tokens;
  const std::string game_id = NewGame("notes", &tokens);
  const std::string secret = "plan: float the EIR, dump the BBCI on Clive zq7-secret-note";
  mailrun::v1::GetNotesRequest read;
  read.set_game_id(game_id);
  mailrun::v1::GetNotesResponse notes;
  ASSERT_TRUE(harness_->Call(&GameStub::GetNotes, tokens[kAdam], read, &notes).ok());
  EXPECT_EQ(notes.revision(), 0);
  EXPECT_TRUE(notes.text().empty());

  mailrun::v1::SetNotesRequest write;
  write.set_game_id(game_id);
  write.set_text(secret);
  write.set_expected_revision(0);
  mailrun::v1::SetNotesResponse saved;
  ASSERT_TRUE(harness_->Call(&GameStub::SetNotes, tokens[kAdam], write, &saved).ok());
  EXPECT_EQ(saved.revision(), 1);
  // A retry of the same save answers OK with the same revision.
  ASSERT_TRUE(harness_->Call(&GameStub::SetNotes, tokens[kAdam], write, &saved).ok());
  EXPECT_EQ(saved.revision(), 1);
  // Another device's stale save is ABORTED and changes nothing.
  write.set_text("from the other phone");
  const grpc::Status stale = harness_->Call(&GameStub::SetNotes, tokens[kAdam], write, &saved);
  EXPECT_EQ(stale.error_code(), grpc::StatusCode::ABORTED) << Describe(stale);
  ASSERT_TRUE(harness_->Call(&GameStub::GetNotes, tokens[kAdam], read, &notes).ok());
  EXPECT_EQ(notes.text(), secret);
  EXPECT_EQ(notes.revision(), 1);

  // Nobody else reads them: another player has their own (empty) notes, a spectator none.
  ASSERT_TRUE(harness_->Call(&GameStub::GetNotes, tokens[kBeth], read, &notes).ok());
  EXPECT_TRUE(notes.text().empty());
  EXPECT_EQ(harness_->Call(&GameStub::GetNotes, GameHarness::AccessToken("outsider"), read, &notes).error_code(),
            grpc::StatusCode::PERMISSION_DENIED);
  for (int seat = 0; seat < 3; ++seat) {
    const auto game = GetGame(harness_->stub(), tokens[seat], game_id);
    EXPECT_EQ(game.SerializeAsString().find("zq7-secret-note"), std::string::npos);
  }
  // Nor the service's log.
  std::ifstream log(harness_->log_path());
  std::stringstream text;
  text << log.rdbuf();
  EXPECT_EQ(text.str().find("zq7-secret-note"), std::string::npos);

  write.set_text(std::string(20001, 'n'));
  write.set_expected_revision(1);
  EXPECT_EQ(harness_->Call(&GameStub::SetNotes, tokens[kAdam], write, &saved).error_code(),
            grpc::StatusCode::INVALID_ARGUMENT);
}

}  // namespace
}  // namespace mailrun::game::testing

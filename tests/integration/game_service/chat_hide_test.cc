// The table's host hides a chat message from everyone (HideChatMessage, proto/mailrun/v1/chat.proto)
// against the real mailrun-game and PostgreSQL: a player who is not the host is refused (rule
// mailrun.chat.host) and nothing changes; a hidden message reaches the other players, in their
// pages and on their WatchGame streams, without its text or mentions, while its author still reads
// it; shown again, everyone reads it. A deletion, a hiding and a showing again reach the open
// WatchGame streams live, each once and in order, and a stream resumes after the last change it
// had. A game created before the lobby named a host has none, and
// its creation's retry with a host is still the same request.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <string>
#include <utility>

#include "services/common/refusal_details.h"
#include "tests/integration/game_service/play_helpers.h"

namespace mailrun::game::testing {
namespace {

using mailrun::v1::ChatMessage;

class ChatHide : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { harness_ = new GameHarness("game_service_chat_hide"); }
  static void TearDownTestSuite() {
    delete harness_;
    harness_ = nullptr;
  }

  // A 3-player game whose table's host is `host` ("" for none), made by `request_id`.
  static grpc::Status Create(const std::string& prefix, const std::string& host, const std::string& request_id,
                             std::string* game_id, std::vector<std::string>* tokens) {
    mailrun::v1::CreateGameRequest request;
    request.set_request_id(request_id);
    *request.mutable_config() = PlayersConfig(prefix, 3, 11);
    request.set_table_id("table-" + prefix);
    request.set_host_user_id(host);
    tokens->clear();
    for (const auto& player : request.config().players()) tokens->push_back(GameHarness::AccessToken(player.user_id()));
    mailrun::v1::CreateGameResponse response;
    const grpc::Status status =
        harness_->Call(&GameStub::CreateGame, GameHarness::ServiceToken(), request, &response);
    *game_id = response.game_id();
    return status;
  }
  static ChatMessage Post(const std::string& token, const std::string& game_id, const std::string& text) {
    mailrun::v1::PostChatMessageRequest request;
    request.set_game_id(game_id);
    request.set_request_id(NewRequestId());
    request.set_text(text);
    mailrun::v1::PostChatMessageResponse response;
    const grpc::Status status = harness_->Call(&GameStub::PostChatMessage, token, request, &response);
    EXPECT_TRUE(status.ok()) << Describe(status);
    return response.message();
  }
  static grpc::Status Hide(const std::string& token, const std::string& game_id, int64_t seq, bool hidden,
                           ChatMessage* message = nullptr) {
    mailrun::v1::HideChatMessageRequest request;
    request.set_game_id(game_id);
    request.set_seq(seq);
    request.set_hidden(hidden);
    mailrun::v1::HideChatMessageResponse response;
    const grpc::Status status = harness_->Call(&GameStub::HideChatMessage, token, request, &response);
    if (message) *message = response.message();
    return status;
  }
  static mailrun::v1::ListChatMessagesResponse List(const std::string& token, const std::string& game_id) {
    mailrun::v1::ListChatMessagesRequest request;
    request.set_game_id(game_id);
    mailrun::v1::ListChatMessagesResponse response;
    const grpc::Status status = harness_->Call(&GameStub::ListChatMessages, token, request, &response);
    EXPECT_TRUE(status.ok()) << Describe(status);
    return response;
  }
  // The first chat message a with_chat WatchGame stream of `token`'s player brings.
  static ChatMessage FirstStreamed(const std::string& token, const std::string& game_id) {
    mailrun::v1::WatchGameRequest request;
    request.set_game_id(game_id);
    request.set_after_version(GetGame(harness_->stub(), token, game_id).version());
    request.set_with_chat(true);
    grpc::ClientContext context;
    context.AddMetadata("authorization", "Bearer " + token);
    context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
    auto stream = harness_->stub().WatchGame(&context, request);
    mailrun::v1::WatchGameResponse change;
    while (stream->Read(&change)) {
      if (change.has_chat()) {
        context.TryCancel();
        return change.chat();
      }
    }
    ADD_FAILURE() << "the stream brought no chat message";
    return {};
  }

  static GameHarness* harness_;
};
GameHarness* ChatHide::harness_ = nullptr;

TEST_F(ChatHide, OnlyTheHostHidesAndAHiddenMessageReachesNobodyButItsAuthor) {
  std::string game_id;
  std::vector<std::string> tokens;
  ASSERT_TRUE(Create("hide", "hide-0", NewRequestId(), &game_id, &tokens).ok());
  const ChatMessage rude = Post(tokens[kBeth], game_id, "@Hide2 something the host will not like");
  ASSERT_EQ(rude.mentioned_seats_size(), 1);
  EXPECT_TRUE(List(tokens[kAdam], game_id).caller_is_host());
  EXPECT_FALSE(List(tokens[kClive], game_id).caller_is_host());

  // A player who is not the host (here the one mentioned) is refused, and nothing changes.
  const grpc::Status refused = Hide(tokens[kClive], game_id, rude.seq(), true);
  EXPECT_EQ(refused.error_code(), grpc::StatusCode::PERMISSION_DENIED) << Describe(refused);
  const auto refusal = mailrun::service::RefusalOf(refused);
  ASSERT_TRUE(refusal.has_value());
  EXPECT_EQ(refusal->rule, "mailrun.chat.host");
  EXPECT_EQ(refusal->key, "game.refusal.chat_host_only");
  EXPECT_EQ(List(tokens[kClive], game_id).messages(0).text(), rude.text());
  EXPECT_FALSE(List(tokens[kClive], game_id).messages(0).hidden());

  // The host hides it: the host and the other players read no text and no mentions.
  ChatMessage hidden;
  ASSERT_TRUE(Hide(tokens[kAdam], game_id, rude.seq(), true, &hidden).ok());
  EXPECT_TRUE(hidden.hidden());
  EXPECT_EQ(hidden.text(), "");
  for (const int reader : {kAdam, kClive}) {
    SCOPED_TRACE(reader);
    const auto page = List(tokens[reader], game_id);
    ASSERT_EQ(page.messages_size(), 1);
    EXPECT_TRUE(page.messages(0).hidden());
    EXPECT_EQ(page.messages(0).text(), "");
    EXPECT_EQ(page.messages(0).mentioned_seats_size(), 0);
    const ChatMessage streamed = FirstStreamed(tokens[reader], game_id);
    EXPECT_EQ(streamed.seq(), rude.seq());
    EXPECT_TRUE(streamed.hidden());
    EXPECT_EQ(streamed.text(), "");
  }
  // Its author still reads what they wrote, marked hidden.
  const auto own = List(tokens[kBeth], game_id);
  ASSERT_EQ(own.messages_size(), 1);
  EXPECT_TRUE(own.messages(0).hidden());
  EXPECT_EQ(own.messages(0).text(), rude.text());
  EXPECT_EQ(FirstStreamed(tokens[kBeth], game_id).text(), rude.text());
  // Hiding it again changes nothing; shown again, everyone reads it.
  ASSERT_TRUE(Hide(tokens[kAdam], game_id, rude.seq(), true).ok());
  ASSERT_TRUE(Hide(tokens[kAdam], game_id, rude.seq(), false).ok());
  const auto shown = List(tokens[kClive], game_id);
  EXPECT_FALSE(shown.messages(0).hidden());
  EXPECT_EQ(shown.messages(0).text(), rude.text());

  // Bad input names what was wrong.
  EXPECT_EQ(Hide(tokens[kAdam], game_id, 99, true).error_code(), grpc::StatusCode::NOT_FOUND);
  EXPECT_EQ(Hide(tokens[kAdam], game_id, 0, true).error_code(), grpc::StatusCode::INVALID_ARGUMENT);
  EXPECT_EQ(Hide(tokens[kAdam], "gnosuchgame", 1, true).error_code(), grpc::StatusCode::NOT_FOUND);
}

// How a message reads, in a line a failed check prints whole.
std::string Shown(int64_t seq, bool hidden, bool deleted, const std::string& text) {
  return fmt::format("#{} hidden={} deleted={} '{}'", seq, hidden, deleted, text);
}

// A with_chat WatchGame stream of `token`'s player from the game's version now, after chat seq
// `after_seq` and chat change `after_change`.
class ChangeStream {
 public:
  ChangeStream(GameHarness& harness, const std::string& token, const std::string& game_id, int64_t after_seq,
               int64_t after_change) {
    mailrun::v1::WatchGameRequest request;
    request.set_game_id(game_id);
    request.set_after_version(GetGame(harness.stub(), token, game_id).version());
    request.set_with_chat(true);
    request.set_after_chat_seq(after_seq);
    request.set_after_chat_change(after_change);
    context_.AddMetadata("authorization", "Bearer " + token);
    context_.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(20));
    reader_ = harness.stub().WatchGame(&context_, request);
  }
  ~ChangeStream() { context_.TryCancel(); }
  bool Read(mailrun::v1::WatchGameResponse* message) { return reader_->Read(message); }
  // The next stream message, which must be a chat change: its number and the message as it reads.
  std::pair<int64_t, ChatMessage> NextChange() {
    mailrun::v1::WatchGameResponse got;
    EXPECT_TRUE(Read(&got)) << "the stream ended";
    EXPECT_TRUE(got.has_changed_chat()) << got.ShortDebugString();
    EXPECT_FALSE(got.has_chat() || got.has_view() || got.has_entry()) << got.ShortDebugString();
    return {got.chat_change(), got.changed_chat()};
  }
  // The same, as its number and Shown's words.
  std::pair<int64_t, std::string> NextShown() {
    const auto [number, message] = NextChange();
    return {number, Shown(message.seq(), message.hidden(), message.deleted(), message.text())};
  }
  grpc::Status Finish() { return reader_->Finish(); }

 private:
  grpc::ClientContext context_;
  std::unique_ptr<grpc::ClientReader<mailrun::v1::WatchGameResponse>> reader_;
};

TEST_F(ChatHide, DeletionsAndHidingsReachTheOpenStreamsLiveAndAStreamResumesAfterItsLastChange) {
  std::string game_id;
  std::vector<std::string> tokens;
  ASSERT_TRUE(Create("live", "live-0", NewRequestId(), &game_id, &tokens).ok());
  const ChatMessage first = Post(tokens[kBeth], game_id, "first");
  const ChatMessage second = Post(tokens[kBeth], game_id, "second");
  const auto page = List(tokens[kClive], game_id);
  EXPECT_EQ(page.last_change(), 0);
  const int64_t version = GetGame(harness_->stub(), tokens[kClive], game_id).version();

  ChangeStream stream(*harness_, tokens[kClive], game_id, page.last_seq(), page.last_change());
  // Beth deletes her first message: Clive's stream brings it deleted, and nothing of the game.
  mailrun::v1::DeleteChatMessageRequest remove;
  remove.set_game_id(game_id);
  remove.set_seq(first.seq());
  mailrun::v1::DeleteChatMessageResponse removed;
  ASSERT_TRUE(harness_->Call(&GameStub::DeleteChatMessage, tokens[kBeth], remove, &removed).ok());
  EXPECT_EQ(stream.NextShown(), std::make_pair(int64_t{1}, Shown(first.seq(), false, true, "")));

  // The host hides the second: it comes without its text. Deleting the deleted one and hiding the
  // hidden one again change nothing; shown again, it comes with its text as the third change.
  ASSERT_TRUE(Hide(tokens[kAdam], game_id, second.seq(), true).ok());
  EXPECT_EQ(stream.NextShown(), std::make_pair(int64_t{2}, Shown(second.seq(), true, false, "")));
  ASSERT_TRUE(harness_->Call(&GameStub::DeleteChatMessage, tokens[kBeth], remove, &removed).ok());
  ASSERT_TRUE(Hide(tokens[kAdam], game_id, second.seq(), true).ok());
  ASSERT_TRUE(Hide(tokens[kAdam], game_id, second.seq(), false).ok());
  EXPECT_EQ(stream.NextShown(), std::make_pair(int64_t{3}, Shown(second.seq(), false, false, "second")));
  EXPECT_EQ(List(tokens[kClive], game_id).last_change(), 3);
  EXPECT_EQ(GetGame(harness_->stub(), tokens[kClive], game_id).version(), version) << "chat moves no version";

  // Resumed after change 2: only the third comes.
  ChangeStream resumed(*harness_, tokens[kClive], game_id, page.last_seq(), 2);
  EXPECT_EQ(resumed.NextShown(), std::make_pair(int64_t{3}, Shown(second.seq(), false, false, "second")));

  // A change number ahead of the chat is refused.
  ChangeStream ahead(*harness_, tokens[kClive], game_id, page.last_seq(), 9);
  mailrun::v1::WatchGameResponse got;
  EXPECT_FALSE(ahead.Read(&got));
  EXPECT_EQ(ahead.Finish().error_code(), grpc::StatusCode::INVALID_ARGUMENT);
}

TEST_F(ChatHide, AGameWithoutAHostLetsNobodyHideAndItsRetryWithAHostIsTheSameGame) {
  std::string game_id;
  std::vector<std::string> tokens;
  const std::string request_id = NewRequestId();
  ASSERT_TRUE(Create("hostless", "", request_id, &game_id, &tokens).ok());
  std::string again;
  ASSERT_TRUE(Create("hostless", "hostless-0", request_id, &again, &tokens).ok());
  EXPECT_EQ(again, game_id);
  const ChatMessage message = Post(tokens[kBeth], game_id, "nobody can hide this");
  EXPECT_FALSE(List(tokens[kAdam], game_id).caller_is_host());
  EXPECT_EQ(Hide(tokens[kAdam], game_id, message.seq(), true).error_code(), grpc::StatusCode::PERMISSION_DENIED);
  // A different host on a game made with one is a different request.
  std::string hosted;
  const std::string hosted_request = NewRequestId();
  ASSERT_TRUE(Create("hosted", "hosted-0", hosted_request, &hosted, &tokens).ok());
  EXPECT_EQ(Create("hosted", "hosted-1", hosted_request, &hosted, &tokens).error_code(),
            grpc::StatusCode::ALREADY_EXISTS);
}

}  // namespace
}  // namespace mailrun::game::testing

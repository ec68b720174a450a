// GameChat: a game's chat and its players' private notes (proto/mailrun/v1/chat.proto; storage in
// migrations/0105_game_chat.sql; docs/game-service.md "Chat and notes").
//
// Who: only the game's players read and write its chat (the game service cannot tell a public
// table from a private one, so spectators read none); notes are read and written by their author
// alone. The author of a message is the caller's seat, from their token.
// Posting: in ONE transaction the text is checked (chat_text.h), a repeated request_id returns the
// first answer, the rate limit is counted, the game's next seq is taken from game_chat_heads
// (a row lock: messages commit in seq order), the row is written, and a ChatMention event for every
// mentioned player who has not muted the author goes into the outbox. After the commit the game is
// announced, which wakes the WatchGame streams of every replica (they read the new message from
// the database) and the outbox relays.
// Hiding: the table's host (CreateGameRequest.host_user_id) hides a message; every reader but its
// author then gets it without text or mentions.
// Changes: a deletion, a hiding and a showing again each take the game's next change number
// (game_chat_heads.last_change, under its row lock) into the message's change_seq, and are
// announced like a post, so the WatchGame streams send the message as it now reads (NextChange).
// A message changes at most once per number: only its latest change is kept, which is all a
// reader needs (the message as it is now).
// The message text never holds anything from the game: the service adds nothing to it.
// Thread-safe.
#pragma once

#include <grpcpp/grpcpp.h>

#include <functional>
#include <optional>
#include <string>

#include "mailrun/v1/chat.pb.h"
#include "services/common/transaction.h"

namespace mailrun::game {

// The rate limits: at most kChatBurst messages in kChatBurstSeconds and kChatSustained in
// kChatSustainedSeconds, per player and game.
inline constexpr int kChatBurst = 5;
inline constexpr int kChatBurstSeconds = 10;
inline constexpr int kChatSustained = 30;
inline constexpr int kChatSustainedSeconds = 600;

class GameChat {
 public:
  using Announcer = std::function<void(const std::string& game_id, bool outbox_rows)>;
  GameChat(mailrun::service::Transactor transactor, Announcer announce)
      : transactor_(std::move(transactor)), announce_(std::move(announce)) {}

  grpc::Status Post(const std::string& user_id, const mailrun::v1::PostChatMessageRequest& request,
                    mailrun::v1::PostChatMessageResponse* response);
  grpc::Status List(const std::string& user_id, const mailrun::v1::ListChatMessagesRequest& request,
                    mailrun::v1::ListChatMessagesResponse* response);
  grpc::Status Delete(const std::string& user_id, const mailrun::v1::DeleteChatMessageRequest& request,
                      mailrun::v1::DeleteChatMessageResponse* response);
  // The table's host (games.host_user_id) hides a message from all but its author, or shows it.
  grpc::Status Hide(const std::string& user_id, const mailrun::v1::HideChatMessageRequest& request,
                    mailrun::v1::HideChatMessageResponse* response);
  grpc::Status Mute(const std::string& user_id, const mailrun::v1::MuteChatPlayerRequest& request,
                    mailrun::v1::MuteChatPlayerResponse* response);
  grpc::Status GetNotes(const std::string& user_id, const mailrun::v1::GetNotesRequest& request,
                        mailrun::v1::GetNotesResponse* response);
  grpc::Status SetNotes(const std::string& user_id, const mailrun::v1::SetNotesRequest& request,
                        mailrun::v1::SetNotesResponse* response);

  // For WatchGame: the first message after `after_seq` that `user_id` sees (muted authors left
  // out), in *message, or none. PERMISSION_DENIED for a caller without a seat.
  grpc::Status Next(const std::string& user_id, const std::string& game_id, int64_t after_seq,
                    std::optional<mailrun::v1::ChatMessage>* message);
  // For WatchGame: the first change after `after_change` to a message `user_id` sees, with its
  // change number, in *change, or none. INVALID_ARGUMENT when after_change is ahead of the chat.
  grpc::Status NextChange(const std::string& user_id, const std::string& game_id, int64_t after_change,
                          std::optional<std::pair<int64_t, mailrun::v1::ChatMessage>>* change);

 private:
  mailrun::service::Transactor transactor_;
  Announcer announce_;
};

}  // namespace mailrun::game

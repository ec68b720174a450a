#include "services/game/game_chat.h"

#include <fmt/format.h>

#include <pqxx/pqxx>
#include <map>
#include <sstream>

#include "mailrun/v1/events.pb.h"
#include "services/common/outbox.h"
#include "services/common/refusal_details.h"
#include "services/game/chat_text.h"
#include "services/game/game_status.h"
#include "services/game/request_checks.h"

namespace mailrun::game {
namespace {

using mailrun::v1::ChatMessage;
using service::CountValue;
using service::TextValue;

constexpr int kDefaultPage = 50;
constexpr int kMaxPage = 200;

// The caller's place in a game.
struct Caller {
  int seat = -1;
  int64_t version = 0;
  int title = 0;
  int players = 0;
};

// The caller's seat: NOT_FOUND for no such game, PERMISSION_DENIED without a seat (spectators
// read no chat: the game service cannot tell whether the table is public).
std::optional<Caller> SeatOf(pqxx::work& txn, const std::string& game_id, const std::string& user_id,
                             grpc::Status* status) {
  const pqxx::result row = txn.exec_params(
      "SELECT g.version, g.title, g.players, p.seat FROM games g"
      " LEFT JOIN game_players p ON p.game_id = g.game_id AND p.user_id = $2 WHERE g.game_id = $1",
      game_id, user_id);
  if (row.empty()) {
    *status = NoSuchGame(game_id);
    return std::nullopt;
  }
  if (row[0][3].is_null()) {
    *status = Denied("game.refusal.chat_players_only",
                     "only the players of game '" + game_id + "' may read and write its chat and notes",
                     {TextValue("game_id", game_id)});
    return std::nullopt;
  }
  return Caller{row[0][3].as<int>(), row[0][0].as<int64_t>(), row[0][1].as<int>(), row[0][2].as<int>()};
}

std::vector<int> SplitSeats(const std::string& text) {
  std::vector<int> seats;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, ',')) {
    if (!part.empty()) seats.push_back(std::stoi(part));
  }
  return seats;
}

// The columns MessageOf reads, from game_chat c joined with its author's game_players p.
constexpr char kMessageColumns[] =
    "c.seq, c.seat, p.display_name, c.body, c.at_version, (extract(epoch FROM c.created_at) * 1000)::bigint,"
    " array_to_string(c.mentioned_seats, ','), c.deleted_at IS NOT NULL, c.hidden_at IS NOT NULL";
constexpr char kMessageFrom[] =
    " FROM game_chat c JOIN game_players p ON p.game_id = c.game_id AND p.seat = c.seat";

// A message as the player at `reader_seat` reads it: one the host hid keeps its text and mentions
// for its author alone.
ChatMessage MessageOf(const std::string& game_id, const pqxx::row& row, int reader_seat) {
  ChatMessage message;
  message.set_seq(row[0].as<int64_t>());
  message.set_game_id(game_id);
  message.set_seat(row[1].as<int>());
  message.set_author_name(row[2].as<std::string>());
  message.set_text(row[3].as<std::string>());
  message.set_at_version(row[4].as<int64_t>());
  message.set_at_unix_ms(row[5].as<int64_t>());
  for (const int seat : SplitSeats(row[6].as<std::string>())) message.add_mentioned_seats(seat);
  message.set_deleted(row[7].as<bool>());
  message.set_hidden(row[8].as<bool>());
  if (message.hidden() && message.seat() != reader_seat) {
    message.clear_text();
    message.clear_mentioned_seats();
  }
  return message;
}

std::string SeatList(const std::vector<int>& seats) {
  std::string out = "{";
  for (size_t i = 0; i < seats.size(); ++i) out += (i ? "," : "") + std::to_string(seats[i]);
  return out + "}";
}

std::vector<int> MutedBy(pqxx::work& txn, const std::string& game_id, int seat) {
  std::vector<int> muted;
  for (const auto& row : txn.exec_params(
           "SELECT muted_seat FROM game_chat_mutes WHERE game_id = $1 AND seat = $2 ORDER BY muted_seat", game_id,
           seat)) {
    muted.push_back(row[0].as<int>());
  }
  return muted;
}

// Whether `user_id` is the host of the game's table (migrations/0107).
// What a stream reads in order: new messages by seq, or changes by change number.
struct StreamCursor {
  const char* counter;      // game_chat's column, read as the row's last column
  const char* head_column;  // game_chat_heads' newest value of it
  const char* field;        // the request's field
  const char* newest;       // words for the head's value
};
constexpr StreamCursor kNewMessages{"seq", "last_seq", "after_chat_seq", "the chat's last message"};
constexpr StreamCursor kChanges{"change_seq", "last_change", "after_chat_change", "the chat's last change"};

// The first message after `after` in the cursor's order that the reader at `reader_seat` sees
// (muted authors left out), its counter as the last column, in *rows (empty: none); or
// INVALID_ARGUMENT naming the field when `after` is ahead of the chat.
grpc::Status NextRow(pqxx::work& txn, const std::string& game_id, int reader_seat, int64_t after,
                     const StreamCursor& cursor, pqxx::result* rows) {
  const pqxx::result head = txn.exec_params(
      fmt::format("SELECT {} FROM game_chat_heads WHERE game_id = $1", cursor.head_column), game_id);
  const int64_t last = head.empty() ? 0 : head[0][0].as<int64_t>();
  if (after > last) {
    // Each field's refusal named literally, so its message key is in the catalog (i18n/de.json).
    const std::string message = fmt::format("{} {} is ahead of {} {}", cursor.field, after, cursor.newest, last);
    if (&cursor == &kChanges) {
      return InvalidField("after_chat_change", message,
                          {service::CountValue("after_chat_change", after), service::CountValue("current", last)});
    }
    return InvalidField("after_chat_seq", message,
                        {service::CountValue("after_chat_seq", after), service::CountValue("current", last)});
  }
  *rows = txn.exec_params(
      fmt::format("SELECT {0}, c.{1}{2} WHERE c.game_id = $1 AND c.{1} > $2 AND NOT EXISTS (SELECT 1 FROM"
                  " game_chat_mutes m WHERE m.game_id = c.game_id AND m.seat = $3 AND m.muted_seat = c.seat)"
                  " ORDER BY c.{1} LIMIT 1",
                  kMessageColumns, cursor.counter, kMessageFrom),
      game_id, after, reader_seat);
  return grpc::Status::OK;
}

// The game's next chat change number, under the head's row lock (the message exists, so its head
// row does): changes commit in number order.
int64_t TakeChangeNumber(pqxx::work& txn, const std::string& game_id) {
  return txn.exec_params1("UPDATE game_chat_heads SET last_change = last_change + 1 WHERE game_id = $1"
                          " RETURNING last_change",
                          game_id)[0]
      .as<int64_t>();
}

bool IsHost(pqxx::work& txn, const std::string& game_id, const std::string& user_id) {
  return !txn.exec_params("SELECT 1 FROM games WHERE game_id = $1 AND host_user_id <> '' AND host_user_id = $2",
                          game_id, user_id)
              .empty();
}

// NOT_FOUND for a seq the game's chat does not have.
grpc::Status NoSuchMessage(const std::string& game_id, int64_t seq) {
  return service::RefusalStatus(grpc::StatusCode::NOT_FOUND, fmt::format("game '{}' has no chat message {}", game_id, seq),
                                {"game.refusal.chat_no_message", "", "not_found", "", "",
                                 {TextValue("game_id", game_id), CountValue("seq", seq)}});
}

grpc::Status RateLimited(int count, int seconds) {
  return service::RefusalStatus(
      grpc::StatusCode::RESOURCE_EXHAUSTED,
      fmt::format("mailrun.chat.rate: at most {} messages in {} seconds per player; wait a little", count, seconds),
      {"game.refusal.chat_rate", "mailrun.chat.rate", "rate_limited", "", "",
       {CountValue("count", count), CountValue("seconds", seconds)}});
}

}  // namespace

grpc::Status GameChat::Post(const std::string& user_id, const mailrun::v1::PostChatMessageRequest& request,
                            mailrun::v1::PostChatMessageResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  if (auto bad = CheckRequestId(request.request_id())) return Invalid(*bad);
  std::string why;
  const auto text = NormalizeChatText(request.text(), &why);
  if (!text) return InvalidField("text", "text " + why, {TextValue("reason", why)});
  const std::string& game_id = request.game_id();
  bool outbox_rows = false;
  const grpc::Status status = transactor_([&](pqxx::work& txn) {
    outbox_rows = false;
    grpc::Status refused;
    const auto caller = SeatOf(txn, game_id, user_id, &refused);
    if (!caller) return refused;
    const std::string select = std::string("SELECT ") + kMessageColumns + kMessageFrom;
    const pqxx::result before =
        txn.exec_params(select + " WHERE c.game_id = $1 AND c.request_id = $2", game_id, request.request_id());
    if (!before.empty()) {
      const ChatMessage first = MessageOf(game_id, before[0], caller->seat);
      if (first.seat() != caller->seat || (!first.deleted() && first.text() != *text)) {
        return InvalidField("request_id",
                            "request_id '" + request.request_id() + "' was used for another chat message",
                            {TextValue("request_id", request.request_id())}, "reused");
      }
      *response->mutable_message() = first;
      return grpc::Status::OK;
    }
    const pqxx::row recent = txn.exec_params1(
        "SELECT count(*) FILTER (WHERE created_at > now() - make_interval(secs => $3)),"
        " count(*) FILTER (WHERE created_at > now() - make_interval(secs => $4))"
        " FROM game_chat WHERE game_id = $1 AND seat = $2 AND created_at > now() - make_interval(secs => $4)",
        game_id, caller->seat, kChatBurstSeconds, kChatSustainedSeconds);
    if (recent[0].as<int>() >= kChatBurst) return RateLimited(kChatBurst, kChatBurstSeconds);
    if (recent[1].as<int>() >= kChatSustained) return RateLimited(kChatSustained, kChatSustainedSeconds);

    std::vector<ChatSeat> seats;
    std::map<int, std::string> users;
    for (const auto& row :
         txn.exec_params("SELECT seat, display_name, user_id FROM game_players WHERE game_id = $1 ORDER BY seat",
                         game_id)) {
      seats.push_back({row[0].as<int>(), row[1].as<std::string>()});
      users[row[0].as<int>()] = row[2].as<std::string>();
    }
    const std::vector<int> mentioned = MentionedSeats(*text, seats, caller->seat);
    // The head's row lock orders the game's messages: seq n + 1 commits after seq n.
    const int64_t seq = txn.exec_params1(
                               "INSERT INTO game_chat_heads (game_id, last_seq) VALUES ($1, 1) ON CONFLICT (game_id)"
                               " DO UPDATE SET last_seq = game_chat_heads.last_seq + 1 RETURNING last_seq",
                               game_id)[0]
                            .as<int64_t>();
    txn.exec_params(
        "INSERT INTO game_chat (game_id, seq, seat, request_id, body, mentioned_seats, at_version)"
        " VALUES ($1, $2, $3, $4, $5, $6::integer[], $7)",
        game_id, seq, caller->seat, request.request_id(), *text, SeatList(mentioned), caller->version);
    const pqxx::result written = txn.exec_params(select + " WHERE c.game_id = $1 AND c.seq = $2", game_id, seq);
    *response->mutable_message() = MessageOf(game_id, written[0], caller->seat);

    // Mentions notify, except those who muted the author.
    mailrun::v1::Event event;
    for (const int seat : mentioned) {
      const bool muted = !txn.exec_params("SELECT 1 FROM game_chat_mutes WHERE game_id = $1 AND seat = $2"
                                          " AND muted_seat = $3",
                                          game_id, seat, caller->seat)
                              .empty();
      if (!muted) event.add_user_ids(users[seat]);
    }
    if (event.user_ids_size() > 0) {
      event.set_event_id(fmt::format("chat-mention-{}-{}", game_id, seq));
      event.set_created_at_unix_ms(response->message().at_unix_ms());
      auto* mention = event.mutable_chat_mention();
      mention->set_game_id(game_id);
      mention->set_seq(seq);
      mention->set_from_seat(caller->seat);
      mention->set_from_display_name(response->message().author_name());
      mention->set_excerpt(Excerpt(*text, kMentionExcerptCharacters));
      mention->set_title(static_cast<mailrun::v1::Title>(caller->title));
      service::AppendOutboxEvent(txn, event);
      outbox_rows = true;
    }
    return grpc::Status::OK;
  });
  if (status.ok()) announce_(game_id, outbox_rows);
  return status;
}

grpc::Status GameChat::List(const std::string& user_id, const mailrun::v1::ListChatMessagesRequest& request,
                            mailrun::v1::ListChatMessagesResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  if (request.page_size() < 0 || request.page_size() > kMaxPage) {
    return InvalidField("page_size", "page_size must be 0 to 200");  // kMaxPage
  }
  if (request.before_seq() < 0) return InvalidField("before_seq", "before_seq must not be negative");
  const int page = request.page_size() == 0 ? kDefaultPage : request.page_size();
  const std::string& game_id = request.game_id();
  return transactor_([&](pqxx::work& txn) {
    response->Clear();
    grpc::Status refused;
    const auto caller = SeatOf(txn, game_id, user_id, &refused);
    if (!caller) return refused;
    const std::vector<int> muted = MutedBy(txn, game_id, caller->seat);
    for (const int seat : muted) response->add_muted_seats(seat);
    const pqxx::result head =
        txn.exec_params("SELECT last_seq, last_change FROM game_chat_heads WHERE game_id = $1", game_id);
    response->set_last_seq(head.empty() ? 0 : head[0][0].as<int64_t>());
    response->set_last_change(head.empty() ? 0 : head[0][1].as<int64_t>());
    response->set_caller_is_host(IsHost(txn, game_id, user_id));
    // One more than the page, newest first, to know whether older ones remain.
    const pqxx::result rows = txn.exec_params(
        std::string("SELECT ") + kMessageColumns + kMessageFrom +
            " WHERE c.game_id = $1 AND ($2::bigint = 0 OR c.seq < $2::bigint) AND NOT (c.seat = ANY ($3::integer[]))"
            " ORDER BY c.seq DESC LIMIT $4",
        game_id, request.before_seq(), SeatList(muted), page + 1);
    const int shown = std::min<int>(page, static_cast<int>(rows.size()));
    for (int i = shown - 1; i >= 0; --i) *response->add_messages() = MessageOf(game_id, rows[i], caller->seat);
    if (static_cast<int>(rows.size()) > page) response->set_next_before_seq(response->messages(0).seq());
    return grpc::Status::OK;
  });
}

grpc::Status GameChat::Delete(const std::string& user_id, const mailrun::v1::DeleteChatMessageRequest& request,
                              mailrun::v1::DeleteChatMessageResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  if (request.seq() < 1) return InvalidField("seq", "seq must be a message's seq (1 or more)");
  const std::string& game_id = request.game_id();
  bool changed = false;
  const grpc::Status status = transactor_([&](pqxx::work& txn) {
    grpc::Status refused;
    const auto caller = SeatOf(txn, game_id, user_id, &refused);
    if (!caller) return refused;
    const pqxx::result row = txn.exec_params(
        "SELECT seat, deleted_at IS NOT NULL FROM game_chat WHERE game_id = $1 AND seq = $2 FOR UPDATE", game_id,
        request.seq());
    if (row.empty()) return NoSuchMessage(game_id, request.seq());
    if (row[0][0].as<int>() != caller->seat) {
      return Denied("game.refusal.chat_not_author", fmt::format("chat message {} is not yours to delete", request.seq()),
                    {CountValue("seq", request.seq())});
    }
    if (!row[0][1].as<bool>()) {
      txn.exec_params(
          "UPDATE game_chat SET body = '', mentioned_seats = '{}', deleted_at = now(), change_seq = $3"
          " WHERE game_id = $1 AND seq = $2",
          game_id, request.seq(), TakeChangeNumber(txn, game_id));
      changed = true;
    }
    const pqxx::result written = txn.exec_params(
        std::string("SELECT ") + kMessageColumns + kMessageFrom + " WHERE c.game_id = $1 AND c.seq = $2", game_id,
        request.seq());
    *response->mutable_message() = MessageOf(game_id, written[0], caller->seat);
    return grpc::Status::OK;
  });
  if (status.ok() && changed) announce_(game_id, false);  // wakes the streams: the change goes live
  return status;
}

grpc::Status GameChat::Hide(const std::string& user_id, const mailrun::v1::HideChatMessageRequest& request,
                            mailrun::v1::HideChatMessageResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  if (request.seq() < 1) return InvalidField("seq", "seq must be a message's seq (1 or more)");
  const std::string& game_id = request.game_id();
  bool changed = false;
  const grpc::Status status = transactor_([&](pqxx::work& txn) {
    const pqxx::result game = txn.exec_params("SELECT 1 FROM games WHERE game_id = $1", game_id);
    if (game.empty()) return NoSuchGame(game_id);
    if (!IsHost(txn, game_id, user_id)) {
      return service::RefusalStatus(
          grpc::StatusCode::PERMISSION_DENIED,
          fmt::format("mailrun.chat.host: only the table's host may hide chat message {}", request.seq()),
          {"game.refusal.chat_host_only", "mailrun.chat.host", "not_host", "", "", {CountValue("seq", request.seq())}});
    }
    const pqxx::result row = txn.exec_params(
        "SELECT hidden_at IS NOT NULL FROM game_chat WHERE game_id = $1 AND seq = $2 FOR UPDATE", game_id,
        request.seq());
    if (row.empty()) return NoSuchMessage(game_id, request.seq());
    if (row[0][0].as<bool>() != request.hidden()) {
      txn.exec_params(
          "UPDATE game_chat SET hidden_at = CASE WHEN $3 THEN now() END, change_seq = $4"
          " WHERE game_id = $1 AND seq = $2",
          game_id, request.seq(), request.hidden(), TakeChangeNumber(txn, game_id));
      changed = true;
    }
    const pqxx::result seat =
        txn.exec_params("SELECT seat FROM game_players WHERE game_id = $1 AND user_id = $2", game_id, user_id);
    const pqxx::result written = txn.exec_params(
        std::string("SELECT ") + kMessageColumns + kMessageFrom + " WHERE c.game_id = $1 AND c.seq = $2", game_id,
        request.seq());
    *response->mutable_message() = MessageOf(game_id, written[0], seat.empty() ? -1 : seat[0][0].as<int>());
    return grpc::Status::OK;
  });
  if (status.ok() && changed) announce_(game_id, false);
  return status;
}

grpc::Status GameChat::Mute(const std::string& user_id, const mailrun::v1::MuteChatPlayerRequest& request,
                            mailrun::v1::MuteChatPlayerResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  const std::string& game_id = request.game_id();
  return transactor_([&](pqxx::work& txn) {
    response->Clear();
    grpc::Status refused;
    const auto caller = SeatOf(txn, game_id, user_id, &refused);
    if (!caller) return refused;
    if (request.seat() < 0 || request.seat() >= caller->players || request.seat() == caller->seat) {
      return InvalidField("seat",
                          fmt::format("seat must be another player's seat of the game (0 to {}, not your own {})",
                                      caller->players - 1, caller->seat),
                          {CountValue("seat", request.seat())});
    }
    if (request.muted()) {
      txn.exec_params("INSERT INTO game_chat_mutes (game_id, seat, muted_seat) VALUES ($1, $2, $3)"
                      " ON CONFLICT DO NOTHING",
                      game_id, caller->seat, request.seat());
    } else {
      txn.exec_params("DELETE FROM game_chat_mutes WHERE game_id = $1 AND seat = $2 AND muted_seat = $3", game_id,
                      caller->seat, request.seat());
    }
    for (const int seat : MutedBy(txn, game_id, caller->seat)) response->add_muted_seats(seat);
    return grpc::Status::OK;
  });
}

grpc::Status GameChat::GetNotes(const std::string& user_id, const mailrun::v1::GetNotesRequest& request,
                                mailrun::v1::GetNotesResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  return transactor_([&](pqxx::work& txn) {
    response->Clear();
    grpc::Status refused;
    const auto caller = SeatOf(txn, request.game_id(), user_id, &refused);
    if (!caller) return refused;
    const pqxx::result row = txn.exec_params(
        "SELECT body, revision, (extract(epoch FROM updated_at) * 1000)::bigint FROM game_notes"
        " WHERE game_id = $1 AND seat = $2",
        request.game_id(), caller->seat);
    if (!row.empty()) {
      response->set_text(row[0][0].as<std::string>());
      response->set_revision(row[0][1].as<int64_t>());
      response->set_updated_at_unix_ms(row[0][2].as<int64_t>());
    }
    return grpc::Status::OK;
  });
}

grpc::Status GameChat::SetNotes(const std::string& user_id, const mailrun::v1::SetNotesRequest& request,
                                mailrun::v1::SetNotesResponse* response) {
  if (auto bad = CheckGameId(request.game_id())) return Invalid(*bad);
  std::string why;
  if (!CheckPlainText(request.text(), kMaxNotesCharacters, &why)) {
    return InvalidField("text", "text " + why, {TextValue("reason", why)});
  }
  if (request.expected_revision() < 0) return InvalidField("expected_revision", "expected_revision must not be negative");
  return transactor_([&](pqxx::work& txn) {
    grpc::Status refused;
    const auto caller = SeatOf(txn, request.game_id(), user_id, &refused);
    if (!caller) return refused;
    const pqxx::result row = txn.exec_params(
        "SELECT body, revision FROM game_notes WHERE game_id = $1 AND seat = $2 FOR UPDATE", request.game_id(),
        caller->seat);
    const int64_t revision = row.empty() ? 0 : row[0][1].as<int64_t>();
    if (!row.empty() && row[0][0].as<std::string>() == request.text()) {
      response->set_revision(revision);  // already saved (a retry)
      return grpc::Status::OK;
    }
    if (revision != request.expected_revision()) {
      return service::RefusalStatus(
          grpc::StatusCode::ABORTED,
          fmt::format("your notes were saved elsewhere meanwhile (revision {}, not {}): read them again and merge",
                      revision, request.expected_revision()),
          {"game.refusal.notes_changed", "", "stale", "", "", {CountValue("revision", revision)}});
    }
    txn.exec_params(
        "INSERT INTO game_notes (game_id, seat, body, revision) VALUES ($1, $2, $3, $4)"
        " ON CONFLICT (game_id, seat) DO UPDATE SET body = $3, revision = $4, updated_at = now()",
        request.game_id(), caller->seat, request.text(), revision + 1);
    response->set_revision(revision + 1);
    return grpc::Status::OK;
  });
}

grpc::Status GameChat::Next(const std::string& user_id, const std::string& game_id, int64_t after_seq,
                            std::optional<ChatMessage>* message) {
  if (after_seq < 0) return InvalidField("after_chat_seq", "after_chat_seq must not be negative");
  return transactor_([&](pqxx::work& txn) {
    message->reset();
    grpc::Status refused;
    const auto caller = SeatOf(txn, game_id, user_id, &refused);
    if (!caller) return refused;
    pqxx::result rows;
    if (auto bad = NextRow(txn, game_id, caller->seat, after_seq, kNewMessages, &rows); !bad.ok()) return bad;
    if (!rows.empty()) *message = MessageOf(game_id, rows[0], caller->seat);
    return grpc::Status::OK;
  });
}

grpc::Status GameChat::NextChange(const std::string& user_id, const std::string& game_id, int64_t after_change,
                                  std::optional<std::pair<int64_t, ChatMessage>>* change) {
  if (after_change < 0) return InvalidField("after_chat_change", "after_chat_change must not be negative");
  return transactor_([&](pqxx::work& txn) {
    change->reset();
    grpc::Status refused;
    const auto caller = SeatOf(txn, game_id, user_id, &refused);
    if (!caller) return refused;
    pqxx::result rows;
    if (auto bad = NextRow(txn, game_id, caller->seat, after_change, kChanges, &rows); !bad.ok()) return bad;
    if (!rows.empty()) *change = std::make_pair(rows[0][9].as<int64_t>(), MessageOf(game_id, rows[0], caller->seat));
    return grpc::Status::OK;
  });
}

}  // namespace mailrun::game

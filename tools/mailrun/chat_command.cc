// `mailrun chat show|post|delete|mute|hide` (a game's chat) and `mailrun notes` (the caller's private
// notes on a game): GameService's chat and notes calls (proto/mailrun/v1/chat.proto).
#include <fmt/format.h>

#include <fstream>
#include <memory>
#include <sstream>

#include "tools/mailrun/client/context.h"
#include "tools/mailrun/client/errors.h"
#include "tools/mailrun/commands.h"

namespace mailrun::cli {
namespace {

std::string MessageLine(const mailrun::v1::ChatMessage& message) {
  std::string line = fmt::format("#{} [v{}] {}: ", message.seq(), message.at_version(), message.author_name());
  line += message.deleted() ? "(deleted)" : message.hidden() && message.text().empty() ? "(hidden by the host)" : message.text();
  if (message.hidden() && !message.text().empty()) line += " (hidden from the others by the host)";
  return line;
}

}  // namespace

void RegisterChatCommands(CLI::App& app, const ClientOptions& options) {
  struct Flags {
    std::string game;
    std::string text;
    std::string request_id;
    std::string file;
    int64_t before = 0;
    int limit = 0;
    int64_t seq = 0;
    int seat = -1;
    bool off = false;
    bool set = false;
  };
  auto flags = std::make_shared<Flags>();
  const auto game_option = [flags](CLI::App* command) {
    command->add_option("--game", flags->game, "game id (default: your only game, or the one whose turn is yours)");
  };

  auto* chat = app.add_subcommand("chat", "A game's chat (its players only)");
  chat->require_subcommand(1);

  auto* show = chat->add_subcommand("show", "The newest messages, oldest first");
  game_option(show);
  show->add_option("--before", flags->before, "only messages before this number (#)");
  show->add_option("--limit", flags->limit, "at most this many messages (default 50)")->check(CLI::Range(1, 200));
  show->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::ListChatMessagesRequest request;
    request.set_game_id(ctx.ResolveGame(flags->game));
    request.set_before_seq(flags->before);
    request.set_page_size(flags->limit);
    const auto page =
        ctx.connections.Game(&GameStub::ListChatMessages, request, ctx.session.AccessToken(), "ListChatMessages");
    if (ctx.out.json()) {
      auto json = ToJson(page);
      json["gameId"] = request.game_id();
      return ctx.out.Document(json);
    }
    std::string text;
    for (const auto& message : page.messages()) text += MessageLine(message) + "\n";
    if (page.messages().empty()) text = "No messages.\n";
    if (page.next_before_seq() != 0) text += fmt::format("(older: --before {})\n", page.next_before_seq());
    ctx.out.Text(text);
  });

  auto* post = chat->add_subcommand("post", "Writes a message (@Name or @all mentions notify)");
  game_option(post);
  post->add_option("text", flags->text, "the message (plain text, at most 500 characters)")->required();
  post->add_option("--request-id", flags->request_id, "the request id (default: a new one); repeat it to retry");
  post->callback([&options, flags] {
    if (flags->request_id.size() > 128) throw BadInput("--request-id has at most 128 characters");
    CommandContext ctx(options);
    mailrun::v1::PostChatMessageRequest request;
    request.set_game_id(ctx.ResolveGame(flags->game));
    request.set_text(flags->text);
    request.set_request_id(flags->request_id.empty() ? NewRequestId() : flags->request_id);
    const auto answer =
        ctx.connections.Game(&GameStub::PostChatMessage, request, ctx.session.AccessToken(), "PostChatMessage");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    ctx.out.Text(MessageLine(answer.message()) + "\n");
  });

  auto* remove = chat->add_subcommand("delete", "Deletes one of your own messages");
  game_option(remove);
  remove->add_option("seq", flags->seq, "the message's number (#)")->required()->check(CLI::Range(int64_t{1}, INT64_MAX));
  remove->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::DeleteChatMessageRequest request;
    request.set_game_id(ctx.ResolveGame(flags->game));
    request.set_seq(flags->seq);
    const auto answer =
        ctx.connections.Game(&GameStub::DeleteChatMessage, request, ctx.session.AccessToken(), "DeleteChatMessage");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    ctx.out.Text(MessageLine(answer.message()) + "\n");
  });

  auto* hide = chat->add_subcommand("hide", "The table's host hides a message for everyone (--off: shows it again)");
  game_option(hide);
  hide->add_option("seq", flags->seq, "the message's number (#)")->required()->check(CLI::Range(int64_t{1}, INT64_MAX));
  hide->add_flag("--off", flags->off, "show it again");
  hide->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::HideChatMessageRequest request;
    request.set_game_id(ctx.ResolveGame(flags->game));
    request.set_seq(flags->seq);
    request.set_hidden(!flags->off);
    const auto answer =
        ctx.connections.Game(&GameStub::HideChatMessage, request, ctx.session.AccessToken(), "HideChatMessage");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    ctx.out.Text(MessageLine(answer.message()) + "\n");
  });

  auto* mute = chat->add_subcommand("mute", "Mutes another seat's messages for you (--off: unmutes)");
  game_option(mute);
  mute->add_option("seat", flags->seat, "the seat to mute (0 for the first player)")->required()->check(CLI::Range(0, 5));
  mute->add_flag("--off", flags->off, "unmute");
  mute->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::MuteChatPlayerRequest request;
    request.set_game_id(ctx.ResolveGame(flags->game));
    request.set_seat(flags->seat);
    request.set_muted(!flags->off);
    const auto answer =
        ctx.connections.Game(&GameStub::MuteChatPlayer, request, ctx.session.AccessToken(), "MuteChatPlayer");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    std::string seats;
    for (const int seat : answer.muted_seats()) seats += (seats.empty() ? "" : ", ") + std::to_string(seat);
    ctx.out.Text("Muted seats: " + (seats.empty() ? std::string("none") : seats) + "\n");
  });

  auto* notes = app.add_subcommand("notes", "Your private notes on a game (shown; --set TEXT or --file F replaces them)");
  game_option(notes);
  notes->add_option("--set", flags->text, "replace the notes with this text");
  notes->add_option("--file", flags->file, "replace the notes with this file's text");
  notes->callback([&options, flags, notes] {
    CommandContext ctx(options);
    const std::string game_id = ctx.ResolveGame(flags->game);
    mailrun::v1::GetNotesRequest read;
    read.set_game_id(game_id);
    const auto current = ctx.connections.Game(&GameStub::GetNotes, read, ctx.session.AccessToken(), "GetNotes");
    const bool replace = notes->count("--set") > 0 || notes->count("--file") > 0;
    if (!replace) {
      if (ctx.out.json()) return ctx.out.Document(ToJson(current));
      return ctx.out.Text(current.text().empty() ? "No notes.\n" : current.text() + "\n");
    }
    mailrun::v1::SetNotesRequest request;
    request.set_game_id(game_id);
    if (notes->count("--file") > 0) {
      std::ifstream in(flags->file, std::ios::binary);
      if (!in) throw BadInput("cannot read --file " + flags->file);
      std::stringstream text;
      text << in.rdbuf();
      request.set_text(text.str());
    } else {
      request.set_text(flags->text);
    }
    request.set_expected_revision(current.revision());
    const auto answer = ctx.connections.Game(&GameStub::SetNotes, request, ctx.session.AccessToken(), "SetNotes");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    ctx.out.Text(fmt::format("Notes saved (revision {}).\n", answer.revision()));
  });
}

}  // namespace mailrun::cli

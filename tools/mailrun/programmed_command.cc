// `mailrun program list|pass|bid|decline|cancel`: a game's programmed moves (proto/mailrun/v1/
// programmed_moves.proto): standing orders the game service carries out for the caller's seat.
#include <fmt/format.h>

#include <memory>

#include "tools/mailrun/client/context.h"
#include "tools/mailrun/commands.h"

namespace mailrun::cli {
namespace {

std::string MoveLine(const mailrun::v1::ProgrammedMove& move) {
  const std::string what = move.kind() == mailrun::v1::PROGRAMMED_MOVE_KIND_PASS_SHARE_ROUND ? "pass"
                           : move.kind() == mailrun::v1::PROGRAMMED_MOVE_KIND_DECLINE_OFFERS
                               ? "decline"
                               : fmt::format("bid up to {}", move.max_amount());
  const std::string state = move.state() == mailrun::v1::PROGRAMMED_MOVE_STATE_ACTIVE  ? "active"
                            : move.state() == mailrun::v1::PROGRAMMED_MOVE_STATE_ENDED ? "ended"
                                                                                       : "cancelled";
  std::string line = fmt::format("#{} seat {}: {} in {} ({}, {} move(s) made)", move.move_id(), move.seat(), what,
                                 move.subject(), state, move.moves_made());
  if (!move.reason().empty()) line += ": " + move.reason();
  return line;
}

}  // namespace

void RegisterProgrammedCommands(CLI::App& app, const ClientOptions& options) {
  struct Flags {
    std::string game;
    int amount = 0;
    int64_t move_id = 0;
  };
  auto flags = std::make_shared<Flags>();
  auto* program = app.add_subcommand("program", "Programmed moves: standing orders the service plays for you");
  program->require_subcommand(1);
  const auto game_option = [flags](CLI::App* command) {
    command->add_option("--game", flags->game, "game id (default: your only game, or the one whose turn is yours)");
  };
  const auto set = [&options, flags](mailrun::v1::ProgrammedMoveKind kind, int amount) {
    CommandContext ctx(options);
    mailrun::v1::SetProgrammedMoveRequest request;
    request.set_game_id(ctx.ResolveGame(flags->game));
    request.set_request_id(NewRequestId());
    request.set_kind(kind);
    request.set_max_amount(amount);
    const auto answer = ctx.connections.Programmed(&ProgrammedStub::SetProgrammedMove, request,
                                                   ctx.session.AccessToken(), "SetProgrammedMove");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    ctx.out.Text(MoveLine(answer.move()) + "\n");
  };

  auto* list = program->add_subcommand("list", "Every seat's programmed moves in the game, newest first");
  game_option(list);
  list->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::ListProgrammedMovesRequest request;
    request.set_game_id(ctx.ResolveGame(flags->game));
    const auto answer = ctx.connections.Programmed(&ProgrammedStub::ListProgrammedMoves, request,
                                                   ctx.session.AccessToken(), "ListProgrammedMoves");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    std::string text;
    for (const auto& move : answer.moves()) text += MoveLine(move) + "\n";
    ctx.out.Text(text.empty() ? "No programmed moves.\n" : text);
  });

  auto* pass = program->add_subcommand("pass", "Pass in this share round until another player buys or sells");
  game_option(pass);
  pass->callback([set] { set(mailrun::v1::PROGRAMMED_MOVE_KIND_PASS_SHARE_ROUND, 0); });

  auto* bid = program->add_subcommand("bid", "1947: bid up to AMOUNT on the private on auction, then pass");
  game_option(bid);
  bid->add_option("amount", flags->amount, "the highest bid")->required()->check(CLI::Range(1, 1000000));
  bid->callback([set, flags] { set(mailrun::v1::PROGRAMMED_MOVE_KIND_AUCTION_BID_UP_TO, flags->amount); });

  auto* decline = program->add_subcommand(
      "decline",
      "Decline every offer made to you (1853: the Elephant 3.1.11, a train 4.8.9; 1947: a private 3.3, a train "
      "6.15.2, a bond issue 5.4.2) until you move yourself");
  game_option(decline);
  decline->callback([set] { set(mailrun::v1::PROGRAMMED_MOVE_KIND_DECLINE_OFFERS, 0); });

  auto* cancel = program->add_subcommand("cancel", "Cancels one of your programmed moves");
  game_option(cancel);
  cancel->add_option("move", flags->move_id, "its number (#)")->required()->check(CLI::Range(int64_t{1}, INT64_MAX));
  cancel->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::CancelProgrammedMoveRequest request;
    request.set_game_id(ctx.ResolveGame(flags->game));
    request.set_move_id(flags->move_id);
    const auto answer = ctx.connections.Programmed(&ProgrammedStub::CancelProgrammedMove, request,
                                                   ctx.session.AccessToken(), "CancelProgrammedMove");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    ctx.out.Text(MoveLine(answer.move()) + "\n");
  });
}

}  // namespace mailrun::cli

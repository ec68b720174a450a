// `mailrun actions GAME`, `mailrun act GAME ...` and `mailrun undo GAME`: what the caller may do
// now, playing one move (every move carries a request id, printed so that a move whose answer was
// lost can be retried without being applied twice), and taking the last move back.
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "tools/mailrun/client/action_forms.h"
#include "tools/mailrun/client/context.h"
#include "tools/mailrun/client/game_text.h"
#include "tools/mailrun/commands.h"

namespace mailrun::cli {
namespace {

// --action: the JSON itself, @FILE, or - for standard input.
std::string ReadActionJson(const std::string& given) {
  if (given.empty() || (given != "-" && given[0] != '@')) return given;
  std::stringstream text;
  if (given == "-") {
    text << std::cin.rdbuf();
  } else {
    std::ifstream file(given.substr(1));
    if (!file) throw BadInput("cannot read the action file " + given.substr(1));
    text << file.rdbuf();
  }
  return text.str();
}

// "mailrun " with the profile in use, to start a command the player can copy.
std::string CommandPrefix(const ClientOptions& options) {
  return "mailrun " + (options.profile.empty() ? std::string() : "--profile " + options.profile + " ");
}

// What to tell a player whose move did not go through. `retry`: the command that repeats it.
CliError Explained(const CallError& error, const std::string& retry, const std::string& game_id) {
  switch (error.code()) {
    case grpc::StatusCode::UNAVAILABLE:
    case grpc::StatusCode::DEADLINE_EXCEEDED:
      return CliError(error.exit_code(), std::string(error.what()) + "\nThe move may or may not have been applied. "
                                             "Retry it safely (it is applied at most once) with:\n  " + retry);
    case grpc::StatusCode::ABORTED:
      return CliError(error.exit_code(), std::string(error.what()) + "\nThe game changed meanwhile: look again "
                                             "(mailrun actions " + game_id + ") and choose again.");
    default:
      return CliError(error.exit_code(), error.what());
  }
}

}  // namespace

void RegisterActCommands(CLI::App& app, const ClientOptions& options) {
  struct Flags {
    std::string game;
    ActionForms forms;
    std::string request_id;
    int64_t version = -1;
  };
  auto flags = std::make_shared<Flags>();

  auto* actions = app.add_subcommand("actions", "Your legal actions now, numbered for act --choice N");
  actions->add_option("game", flags->game, "game id (default: your only game, or the one whose turn is yours)");
  actions->callback([&options, flags] {
    CommandContext ctx(options);
    const std::string game_id = ctx.ResolveGame(flags->game);
    const auto legal = ctx.ReadLegalActions(game_id);
    if (ctx.out.json()) {
      auto json = ToJson(legal);
      json["gameId"] = game_id;
      return ctx.out.Document(json);
    }
    const auto game = ctx.ReadGame(game_id);
    ctx.out.Text(LegalActionsText(game_id, legal, game, ctx.ReadComponents(game.view())));
  });

  auto* act = app.add_subcommand("act", "Play one move: --choice N, a JSON action, or a short form");
  act->add_option("game", flags->game, "game id (default: your only game, or the one whose turn is yours)");
  auto* forms = "The move (give one)";
  act->add_option("--choice", flags->forms.choice, "the Nth action listed by mailrun actions GAME")->group(forms);
  act->add_option("--amount", flags->forms.amount, "with --choice: the amount of a bond, a price, a gift or a bid")
      ->group(forms);
  act->add_option("--action", flags->forms.json,
                  "the action in protobuf JSON, e.g. '{\"sellShares\":{\"company\":\"EIR\",\"count\":1}}' "
                  "(@FILE reads a file, - standard input)")
      ->group(forms);
  act->add_option("--buy", flags->forms.buy,
                  "buy a share: COMPANY, COMPANY:bank or COMPANY:pool (3.0); in 1947 COMPANY[:io|:pool][:savings] "
                  "(5.3, 5.6.3)")
      ->group(forms);
  act->add_option("--sell", flags->forms.sell, "sell shares: COMPANY:COUNT (3.1.5; 1947 5.5)")->group(forms);
  act->add_flag("--pass", flags->forms.pass,
                "complete the bid, end the dealing turn, or end the step; in 1947 pass in the auction (3.2) or "
                "the stock round, or end a stock round turn (5.1)")
      ->group(forms);
  act->add_option("--bid", flags->forms.bid, "1947: bid for the private company on auction: AMOUNT (3.2)")->group(forms);
  act->add_option("--par", flags->forms.par, "1947: buy a president's certificate at a par: COMPANY:PAR (5.3.2)")
      ->group(forms);
  act->add_option("--lay", flags->forms.lay, "lay a yellow tile: HEX:TILE:ROTATION, e.g. Iaa:58:5 (4.1)")->group(forms);
  act->add_option("--promote", flags->forms.promote, "promote a tile: HEX:TILE:ROTATION (4.2)")->group(forms);
  act->add_option("--base", flags->forms.base, "place a base: HEX or HEX:STATION (4.4)")->group(forms);
  act->add_option("--claim", flags->forms.claim, "claim a city in the bid: CITY:COMPANY (2.5.2.4)")->group(forms);
  act->add_option("--bond", flags->forms.bond, "write down your bond: AMOUNT (2.5.2.2)")->group(forms);
  act->add_option("--redeem", flags->forms.redeem, "pay for an unredeemed share: COMPANY (2.7.4)")->group(forms);
  act->add_option("--train", flags->forms.train, "buy a train from the bank: NAME, e.g. 2 or 1M (4.8)")->group(forms);
  act->add_option("--request-id", flags->request_id,
                  "retry a move whose answer was lost with its request id (default: a new one)");
  act->add_option("--version", flags->version,
                  "the game version the move is meant for (default: the current one); a stale one is refused");
  act->callback([&options, flags] {
    ActionForms forms = flags->forms;
    forms.json = ReadActionJson(forms.json);
    if (forms.Count() != 1) BuildAction(forms, {});  // throws the message about the forms
    if (flags->request_id.size() > 128) throw BadInput("--request-id has at most 128 characters");
    CommandContext ctx(options);
    const std::string game_id = ctx.ResolveGame(flags->game);
    std::vector<mailrun::v1::LegalAction> legal;
    int64_t version = flags->version;
    const auto game = ctx.ReadGame(game_id);  // its title says what the short forms mean
    if (forms.NeedsLegalActions()) {
      const auto listed = ctx.ReadLegalActions(game_id);
      legal.assign(listed.actions().begin(), listed.actions().end());
      if (version < 0) version = listed.version();
    } else if (version < 0) {
      version = game.version();
    }
    mailrun::v1::Action action;
    try {
      action = BuildAction(forms, legal, game.view().title());
    } catch (const CliError& error) {
      if (flags->request_id.empty()) throw;
      throw CliError(error.exit_code(), std::string(error.what()) +
                                            "\n(To retry a move whose answer was lost, use the command its failure "
                                            "printed: the move as --action JSON with the same --request-id.)");
    }

    mailrun::v1::SubmitActionRequest request;
    request.set_game_id(game_id);
    request.set_expected_version(version);
    *request.mutable_action() = action;
    request.set_request_id(flags->request_id.empty() ? NewRequestId() : flags->request_id);
    mailrun::v1::SubmitActionResponse answer;
    try {
      answer = ctx.connections.Game(&GameStub::SubmitAction, request, ctx.session.AccessToken(), "SubmitAction");
    } catch (const CallError& error) {
      const std::string retry = fmt::format("{}act {} --request-id {} --action '{}'", CommandPrefix(options), game_id,
                                            request.request_id(), ToJson(action, false).dump());
      throw Explained(error, retry, game_id);
    }
    if (ctx.out.json()) {
      auto json = ToJson(answer);
      json["gameId"] = game_id;
      json["requestId"] = request.request_id();
      json["action"] = ToJson(action);
      json["action"].erase("seat");  // the service takes the seat from the token
      return ctx.out.Document(json);
    }
    std::string text;
    for (const auto& line : answer.log_lines()) text += line.text() + "\n";
    text += fmt::format("Done: version {} (request id {}).\n", answer.version(), request.request_id());
    const auto after = ctx.ReadGame(game_id);
    text += TurnText(game_id, after);
    ctx.out.Text(text);
  });

  auto* undo = app.add_subcommand("undo", "Take back your last move while nobody else has acted since");
  undo->add_option("game", flags->game, "game id (default: your only game, or the one whose turn is yours)");
  undo->add_option("--request-id", flags->request_id, "retry an undo whose answer was lost");
  undo->add_option("--version", flags->version,
                   "the game version the undo is meant for (default: the current one); a stale one is refused");
  undo->callback([&options, flags] {
    CommandContext ctx(options);
    const std::string game_id = ctx.ResolveGame(flags->game);
    mailrun::v1::UndoLastActionRequest request;
    request.set_game_id(game_id);
    request.set_expected_version(flags->version >= 0 ? flags->version : ctx.ReadGame(game_id).version());
    request.set_request_id(flags->request_id.empty() ? NewRequestId() : flags->request_id);
    mailrun::v1::UndoLastActionResponse answer;
    try {
      answer = ctx.connections.Game(&GameStub::UndoLastAction, request, ctx.session.AccessToken(), "UndoLastAction");
    } catch (const CallError& error) {
      throw Explained(error,
                      fmt::format("{}undo {} --request-id {} --version {}", CommandPrefix(options), game_id,
                                  request.request_id(), request.expected_version()),
                      game_id);
    }
    if (ctx.out.json()) {
      auto json = ToJson(answer);
      json["gameId"] = game_id;
      json["requestId"] = request.request_id();
      return ctx.out.Document(json);
    }
    std::string text;
    for (const auto& line : answer.log_lines()) text += line.text() + "\n";
    text += fmt::format("Took back #{}: version {} (request id {}).\n", answer.undone_seq(), answer.version(),
                        request.request_id());
    ctx.out.Text(text);
  });
}

}  // namespace mailrun::cli

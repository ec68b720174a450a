// `mailrun games list|show|turn`: the caller's games, one game's summary (with the board as text
// or drawn as SVG on request) and whose turn it is.
#include <fmt/format.h>

#include <fstream>
#include <memory>

#include "tools/mailrun/client/context.h"
#include "tools/mailrun/client/game_board.h"
#include "tools/mailrun/client/game_text.h"
#include "tools/mailrun/commands.h"

namespace mailrun::cli {
namespace {

// Drawn from the API's components and the game's view alone, as GetBoardPicture draws it.
void WriteSvg(const std::string& game_id, const mailrun::v1::GetGameResponse& game,
              const mailrun::v1::Components& components, const std::string& path) {
  if (components.hexes().empty()) {
    throw CliError(kExitRefused, "cannot draw the board: the game service serves no components for " +
                                     EditionName(game.view().title(), game.view().edition()) + " yet");
  }
  const auto svg = GameBoardSvg(components, game.view(),
                                fmt::format("Game {} at version {}: {}", game_id, game.version(),
                                            game.view().round().description()));
  if (!svg.ok()) throw CliError(kExitRefused, "cannot draw the board: " + svg.error().message);
  std::ofstream file(path, std::ios::binary);
  file << *svg;
  file.close();
  if (!file) throw CliError(kExitRefused, "cannot write " + path);
}

}  // namespace

void RegisterGamesCommand(CLI::App& app, const ClientOptions& options) {
  auto* games = app.add_subcommand("games", "Your games: list them, show one, whose turn");
  games->require_subcommand(1);
  struct Flags {
    std::string game;
    std::string svg;
    bool board = false;
    int limit = 50;
    std::string page;
  };
  auto flags = std::make_shared<Flags>();

  auto* list = games->add_subcommand("list", "The games you play in, most recently changed first");
  list->add_option("--limit", flags->limit, "at most this many")->check(CLI::Range(1, 200))->capture_default_str();
  list->add_option("--page", flags->page, "page token from a previous list");
  list->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::ListMyGamesRequest request;
    request.set_page_size(flags->limit);
    request.set_page_token(flags->page);
    const auto answer = ctx.connections.Game(&GameStub::ListMyGames, request, ctx.session.AccessToken(), "ListMyGames");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    std::string text = GameListText(answer);
    if (!answer.next_page_token().empty()) text += "More: --page " + answer.next_page_token() + "\n";
    ctx.out.Text(text);
  });

  auto* show = games->add_subcommand("show", "A game as you see it: round, turn, players, companies, your secret cities");
  show->add_option("game", flags->game, "game id (default: your only game, or the one whose turn is yours)");
  show->add_flag("--board", flags->board, "also list the board: every hex with a tile laid or a base");
  show->add_option("--svg", flags->svg, "also draw the board with the game's tiles and tokens into this SVG file");
  show->callback([&options, flags] {
    CommandContext ctx(options);
    const std::string game_id = ctx.ResolveGame(flags->game);
    const auto game = ctx.ReadGame(game_id);
    const bool named = flags->board || !flags->svg.empty() || !ctx.out.json();  // places need the components
    static const mailrun::v1::Components kNone;
    const mailrun::v1::Components& components = named ? ctx.ReadComponents(game.view()) : kNone;
    if (!flags->svg.empty()) WriteSvg(game_id, game, components, flags->svg);
    if (ctx.out.json()) {
      auto json = ToJson(game);
      json["gameId"] = game_id;
      if (!flags->svg.empty()) json["svgFile"] = flags->svg;
      return ctx.out.Document(json);
    }
    std::string text = GameText(game_id, game, components);
    if (flags->board) {
      const auto board = GameBoardText(components, game.view());
      if (!board.ok()) throw CliError(kExitRefused, "cannot list the board: " + board.error().message);
      text += "\n" + *board;
    }
    if (!flags->svg.empty()) text += "Board drawn into " + flags->svg + "\n";
    ctx.out.Text(text);
  });

  auto* turn = games->add_subcommand("turn", "Whose turn it is in a game");
  turn->add_option("game", flags->game, "game id (default: your only game, or the one whose turn is yours)");
  turn->callback([&options, flags] {
    CommandContext ctx(options);
    const std::string game_id = ctx.ResolveGame(flags->game);
    const auto game = ctx.ReadGame(game_id);
    if (ctx.out.json()) {
      const auto& view = game.view();
      nlohmann::ordered_json active = nlohmann::ordered_json::array();
      for (const int seat : view.active_seats()) active.push_back({{"seat", seat}, {"displayName", PlayerName(view, seat)}});
      const bool yours = std::find(view.active_seats().begin(), view.active_seats().end(), game.your_seat()) !=
                         view.active_seats().end();
      return ctx.out.Document({{"gameId", game_id},
                               {"version", std::to_string(game.version())},
                               {"status", mailrun::v1::GameStatus_Name(game.status())},
                               {"round", view.round().description()},
                               {"yourSeat", game.your_seat()},
                               {"yourTurn", yours},
                               {"active", active}});
    }
    ctx.out.Text(TurnText(game_id, game));
  });
}

}  // namespace mailrun::cli

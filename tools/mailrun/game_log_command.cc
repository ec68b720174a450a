// `mailrun runs GAME` (the route optimiser's best runs for a company) and `mailrun history GAME`
// (the game's log, a line per thing that happened, oldest first).
#include <fmt/format.h>

#include <memory>

#include "tools/mailrun/client/context.h"
#include "tools/mailrun/client/game_text.h"
#include "tools/mailrun/commands.h"

namespace mailrun::cli {

void RegisterGameLogCommands(CLI::App& app, const ClientOptions& options) {
  struct Flags {
    std::string game;
    std::string company;
    int64_t after = 0;
    int limit = 0;
  };
  auto flags = std::make_shared<Flags>();

  auto* runs = app.add_subcommand("runs", "The optimiser's best runs for a company (highest total, highest dividend)");
  runs->add_option("game", flags->game, "game id (default: your only game, or the one whose turn is yours)");
  runs->add_option("--company", flags->company, "company initials (default: the company operating now)");
  runs->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::SuggestRunsRequest request;
    request.set_game_id(ctx.ResolveGame(flags->game));
    request.set_company(flags->company);
    const auto answer = ctx.connections.Game(&GameStub::SuggestRuns, request, ctx.session.AccessToken(), "SuggestRuns");
    if (ctx.out.json()) {
      auto json = ToJson(answer);
      json["gameId"] = request.game_id();
      return ctx.out.Document(json);
    }
    ctx.out.Text(SuggestedRunsText(answer));
  });

  auto* history = app.add_subcommand("history", "The game's log, oldest first");
  history->add_option("game", flags->game, "game id (default: your only game, or the one whose turn is yours)");
  history->add_option("--after", flags->after, "only entries after this number (#)");
  history->add_option("--limit", flags->limit, "at most this many entries (default: all)")->check(CLI::Range(1, 100000));
  history->callback([&options, flags] {
    CommandContext ctx(options);
    const std::string game_id = ctx.ResolveGame(flags->game);
    std::vector<mailrun::v1::HistoryEntry> entries;
    int64_t after = flags->after;
    int64_t version = 0;
    {
      Progress progress("reading the history");
      while (flags->limit == 0 || static_cast<int>(entries.size()) < flags->limit) {
        mailrun::v1::GetHistoryRequest request;
        request.set_game_id(game_id);
        request.set_after_seq(after);
        request.set_page_size(flags->limit == 0 ? 500 : std::min(500, flags->limit - static_cast<int>(entries.size())));
        const auto page = ctx.connections.Game(&GameStub::GetHistory, request, ctx.session.AccessToken(), "GetHistory");
        entries.insert(entries.end(), page.entries().begin(), page.entries().end());
        version = page.version();
        if (page.next_after_seq() == 0 || page.entries().empty()) break;
        after = page.next_after_seq();
      }
    }
    if (ctx.out.json()) {
      nlohmann::ordered_json list = nlohmann::ordered_json::array();
      for (const auto& entry : entries) list.push_back(ToJson(entry));
      return ctx.out.Document({{"gameId", game_id}, {"version", std::to_string(version)}, {"entries", list}});
    }
    ctx.out.Text(HistoryText(entries, ctx.ReadGame(game_id).view()));
  });
}

}  // namespace mailrun::cli

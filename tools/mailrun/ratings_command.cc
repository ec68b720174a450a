// `mailrun leaderboard` (players by rating) and `mailrun results` (the caller's finished games with
// their rank, final wealth and rating change).
#include <fmt/format.h>

#include <memory>

#include "engine/titles/registry.h"
#include "tools/mailrun/client/context.h"
#include "tools/mailrun/client/game_text.h"
#include "tools/mailrun/commands.h"

namespace mailrun::cli {

void RegisterRatingsCommands(CLI::App& app, const ClientOptions& options) {
  struct Flags {
    int limit = 20;
    std::string page;
    bool retuned = false;
    bool lookout_2009 = false;
    std::string title;
  };
  auto flags = std::make_shared<Flags>();

  auto* leaderboard = app.add_subcommand("leaderboard", "Players by rating, best first (multi-player Elo)");
  leaderboard->add_option("--limit", flags->limit, "at most this many")->check(CLI::Range(1, 200))->capture_default_str();
  leaderboard->add_option("--page", flags->page, "page token from a previous list");
  leaderboard->add_option("--title", flags->title, "one title's ratings (1853 or 1947) instead of the overall ones")
      ->check(CLI::IsMember({"1853", "1947"}));
  leaderboard->add_flag("--retuned", flags->retuned, "the 1853 Retuned ratings instead of the overall ones");
  leaderboard->add_flag("--lookout-2009", flags->lookout_2009, "the ratings of 1853's 2009 Lookout edition")
      ->excludes("--retuned");
  leaderboard->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::GetLeaderboardRequest request;
    request.mutable_page()->set_page_size(flags->limit);
    request.mutable_page()->set_page_token(flags->page);
    if (!flags->title.empty()) request.set_title(*mailrun::engine::ParseTitleName(flags->title));
    if (flags->retuned) {
      request.set_title(mailrun::v1::TITLE_1853);
      request.set_edition(mailrun::v1::EDITION_RETUNED);
    }
    if (flags->lookout_2009) {
      request.set_title(mailrun::v1::TITLE_1853);
      request.set_edition(mailrun::v1::EDITION_LOOKOUT_2009);
    }
    const auto answer =
        ctx.connections.Lobby(&LobbyStub::GetLeaderboard, request, ctx.session.AccessToken(), "GetLeaderboard");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    if (answer.entries().empty()) return ctx.out.Text("Nobody has a rating yet (a rating comes with a finished game)");
    std::string text = "Ratings: " + LadderName(answer.title(), answer.edition()) + "\n";
    TextTable table({"#", "player", "rating", "games"});
    for (const auto& e : answer.entries()) {
      table.Row({std::to_string(e.position()), e.player().display_name(), fmt::format("{:.0f}", e.rating()),
                 std::to_string(e.games())});
    }
    text += table.Render();
    if (!answer.page().next_page_token().empty()) text += "More: --page " + answer.page().next_page_token() + "\n";
    ctx.out.Text(text);
  });

  auto* results = app.add_subcommand("results", "Your finished games, most recent first");
  results->add_option("--limit", flags->limit, "at most this many")->check(CLI::Range(1, 200))->capture_default_str();
  results->add_option("--page", flags->page, "page token from a previous list");
  results->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::GetMyResultsRequest request;
    request.mutable_page()->set_page_size(flags->limit);
    request.mutable_page()->set_page_token(flags->page);
    const auto answer = ctx.connections.Lobby(&LobbyStub::GetMyResults, request, ctx.session.AccessToken(), "GetMyResults");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    if (answer.results().empty()) return ctx.out.Text("No finished game yet");
    TextTable table({"finished", "game", "title", "place", "final wealth", "rating"});
    for (const auto& r : answer.results()) {
      table.Row({TimeText(r.finished_at_unix_ms()), r.game_id(), EditionName(r.title(), r.edition()),
                 fmt::format("{} of {}", r.rank(), r.players()),
                 Money(r.final_wealth()),
                 fmt::format("{:.0f} -> {:.0f}", r.rating_before(), r.rating_after())});
    }
    std::string text = table.Render();
    if (!answer.page().next_page_token().empty()) text += "More: --page " + answer.page().next_page_token() + "\n";
    ctx.out.Text(text);
  });
}

}  // namespace mailrun::cli

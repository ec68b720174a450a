// `mailrun tournaments list|show|create|register|withdraw|start-round|standings|drop`: tournaments
// run by an organiser in the lobby (Swiss rounds, or round-robin groups with a final).
#include <fmt/format.h>

#include <charconv>
#include <memory>

#include "tools/mailrun/client/context.h"
#include "tools/mailrun/client/game_text.h"
#include "tools/mailrun/commands.h"
#include "tools/mailrun/game_options.h"

namespace mailrun::cli {
namespace {

using mailrun::v1::Tournament;

// "90s", "30m", "2h", "7d" or plain seconds, into milliseconds.
int64_t ParseDurationMs(const std::string& text, const std::string& option) {
  int64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  const std::string unit(end, text.data() + text.size());
  int64_t scale = 0;
  if (unit.empty() || unit == "s") scale = 1000;
  else if (unit == "m") scale = 60 * 1000;
  else if (unit == "h") scale = 3600 * 1000;
  else if (unit == "d") scale = 24 * 3600 * 1000;
  if (text.empty() || error != std::errc() || scale == 0 || value < 0) {
    throw BadInput(option + " wants a duration such as 90s, 30m, 2h or 7d, not '" + text + "'");
  }
  return value * scale;
}

std::string StatusName(mailrun::v1::TournamentStatus status) {
  switch (status) {
    case mailrun::v1::TOURNAMENT_STATUS_REGISTRATION: return "registration";
    case mailrun::v1::TOURNAMENT_STATUS_RUNNING: return "running";
    case mailrun::v1::TOURNAMENT_STATUS_FINISHED: return "finished";
    default: return "-";
  }
}

std::string FormatName(const Tournament& t) {
  if (t.format() == mailrun::v1::TOURNAMENT_FORMAT_SWISS) return fmt::format("Swiss, {} rounds", t.rounds());
  return fmt::format("groups ({} games each) and a final", t.group_rounds());
}

std::string TournamentText(const Tournament& t) {
  std::string text = fmt::format("Tournament {} \"{}\": {}, round {} of {}\n", t.tournament_id(), t.name(),
                                 StatusName(t.status()), t.current_round(), t.rounds());
  text += fmt::format("  {}; {}; tables of up to {}; organiser {}\n", GameOptionsText(t.title(), t.edition(), t.options()),
                      FormatName(t), t.table_size(), t.organiser().display_name());
  text += fmt::format("  Registration {} to {}\n", TimeText(t.registration_opens_at_unix_ms()),
                      TimeText(t.registration_closes_at_unix_ms()));
  if (!t.players().empty()) {
    std::string names;
    for (const auto& p : t.players()) {
      names += (names.empty() ? "" : ", ") + p.player().display_name();
      if (p.status() != mailrun::v1::TOURNAMENT_PLAYER_STATUS_ACTIVE) names += " (out)";
    }
    text += fmt::format("  Players ({}): {}\n", t.players_size(), names);
  }
  for (const auto& table : t.tables()) {
    std::string names;
    for (const auto& p : table.players()) names += (names.empty() ? "" : ", ") + p.display_name();
    text += fmt::format("  Round {} table {}{}: {}  game {}\n", table.round(), table.table_number(),
                        table.final() ? " (final)" : "", names, table.game_id().empty() ? "-" : table.game_id());
  }
  return text;
}

}  // namespace

void RegisterTournamentsCommand(CLI::App& app, const ClientOptions& options) {
  auto* tournaments = app.add_subcommand("tournaments", "Tournaments: list, show, create, register, run");
  tournaments->require_subcommand(1);
  struct Flags {
    std::string id;
    std::string status;
    int limit = 20;
    std::string page;
    std::string name;
    std::string format = "swiss";
    int table_size = 4;
    int rounds = 3;
    int group_rounds = 2;
    std::string opens_in;
    std::string closes_in = "1d";
    int64_t turn_deadline = 0;
    GameOptionFlags game;
    int round = 0;
    std::string user;
    bool reseat = false;
  };
  auto flags = std::make_shared<Flags>();
  const auto show = [](CommandContext& ctx, const Tournament& t) {
    if (ctx.out.json()) return ctx.out.Document(ToJson(t));
    ctx.out.Text(TournamentText(t));
  };

  auto* list = tournaments->add_subcommand("list", "Tournaments, newest first");
  list->add_option("--status", flags->status, "only those in registration, running or finished")
      ->check(CLI::IsMember({"registration", "running", "finished"}));
  list->add_option("--limit", flags->limit, "at most this many")->check(CLI::Range(1, 200))->capture_default_str();
  list->add_option("--page", flags->page, "page token from a previous list");
  list->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::ListTournamentsRequest request;
    request.mutable_page()->set_page_size(flags->limit);
    request.mutable_page()->set_page_token(flags->page);
    if (flags->status == "registration") request.set_status(mailrun::v1::TOURNAMENT_STATUS_REGISTRATION);
    if (flags->status == "running") request.set_status(mailrun::v1::TOURNAMENT_STATUS_RUNNING);
    if (flags->status == "finished") request.set_status(mailrun::v1::TOURNAMENT_STATUS_FINISHED);
    const auto answer =
        ctx.connections.Lobby(&LobbyStub::ListTournaments, request, ctx.session.AccessToken(), "ListTournaments");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    if (answer.tournaments().empty()) return ctx.out.Text("No tournaments");
    TextTable table({"tournament", "name", "game", "status", "round", "format", "registration closes"});
    for (const auto& t : answer.tournaments()) {
      table.Row({t.tournament_id(), t.name(), EditionName(t.title(), t.edition()), StatusName(t.status()), fmt::format("{}/{}", t.current_round(), t.rounds()),
                 FormatName(t), TimeText(t.registration_closes_at_unix_ms())});
    }
    std::string text = table.Render();
    if (!answer.page().next_page_token().empty()) text += "More: --page " + answer.page().next_page_token() + "\n";
    ctx.out.Text(text);
  });

  auto* get = tournaments->add_subcommand("show", "One tournament with its players and tables");
  get->add_option("tournament", flags->id, "tournament id")->required();
  get->callback([&options, flags, show] {
    CommandContext ctx(options);
    mailrun::v1::GetTournamentRequest request;
    request.set_tournament_id(flags->id);
    show(ctx, ctx.connections.Lobby(&LobbyStub::GetTournament, request, ctx.session.AccessToken(), "GetTournament"));
  });

  auto* create = tournaments->add_subcommand("create", "Organise a tournament (you organise; register to play too)");
  create->add_option("name", flags->name, "its name (1 to 80 characters)")->required();
  create->add_option("--format", flags->format, "swiss or groups (round-robin groups and a final)")
      ->check(CLI::IsMember({"swiss", "groups"}))
      ->capture_default_str();
  create->add_option("--table-size", flags->table_size, "largest table (3 to 6)")->capture_default_str();
  create->add_option("--rounds", flags->rounds, "swiss: rounds (1 to 20)")->capture_default_str();
  create->add_option("--group-rounds", flags->group_rounds, "groups: games per group (1 to 10)")->capture_default_str();
  create->add_option("--opens-in", flags->opens_in, "registration opens after this long (default: now), e.g. 2h");
  create->add_option("--closes-in", flags->closes_in, "registration closes after this long, e.g. 3d")
      ->capture_default_str();
  create->add_option("--turn-deadline", flags->turn_deadline, "seconds per turn before reminders (0: none)")
      ->capture_default_str();
  AddGameOptionFlags(*create, flags->game);
  create->callback([&options, flags, show] {
    const int64_t now = NowUnixMs();
    mailrun::v1::CreateTournamentRequest request;
    request.set_request_id(NewRequestId());
    request.set_name(flags->name);
    request.set_title(ToTitle(flags->game));
    request.set_edition(ToEdition(flags->game));
    *request.mutable_options() = ToGameOptions(flags->game);
    request.set_format(flags->format == "swiss" ? mailrun::v1::TOURNAMENT_FORMAT_SWISS
                                                : mailrun::v1::TOURNAMENT_FORMAT_ROUND_ROBIN_GROUPS);
    request.set_table_size(flags->table_size);
    if (flags->format == "swiss") request.set_rounds(flags->rounds);
    else request.set_group_rounds(flags->group_rounds);
    const int64_t opens = flags->opens_in.empty() ? 0 : now + ParseDurationMs(flags->opens_in, "--opens-in");
    request.set_registration_opens_at_unix_ms(opens);
    request.set_registration_closes_at_unix_ms((opens == 0 ? now : opens) +
                                               ParseDurationMs(flags->closes_in, "--closes-in"));
    request.set_turn_deadline_seconds(flags->turn_deadline);
    CommandContext ctx(options);
    show(ctx,
         ctx.connections.Lobby(&LobbyStub::CreateTournament, request, ctx.session.AccessToken(), "CreateTournament"));
  });

  auto* enter = tournaments->add_subcommand("register", "Register to play in a tournament");
  enter->add_option("tournament", flags->id, "tournament id")->required();
  enter->callback([&options, flags, show] {
    CommandContext ctx(options);
    mailrun::v1::RegisterForTournamentRequest request;
    request.set_request_id(NewRequestId());
    request.set_tournament_id(flags->id);
    show(ctx, ctx.connections.Lobby(&LobbyStub::RegisterForTournament, request, ctx.session.AccessToken(),
                                    "RegisterForTournament"));
  });

  auto* withdraw = tournaments->add_subcommand("withdraw", "Withdraw from a tournament");
  withdraw->add_option("tournament", flags->id, "tournament id")->required();
  withdraw->callback([&options, flags, show] {
    CommandContext ctx(options);
    mailrun::v1::WithdrawFromTournamentRequest request;
    request.set_request_id(NewRequestId());
    request.set_tournament_id(flags->id);
    show(ctx, ctx.connections.Lobby(&LobbyStub::WithdrawFromTournament, request, ctx.session.AccessToken(),
                                    "WithdrawFromTournament"));
  });

  auto* start = tournaments->add_subcommand("start-round", "Organiser: start the next round (seats the players)");
  start->add_option("tournament", flags->id, "tournament id")->required();
  start->add_option("--round", flags->round, "the round to start (default: the next one)");
  start->callback([&options, flags, show] {
    CommandContext ctx(options);
    const std::string token = ctx.session.AccessToken();
    int round = flags->round;
    if (round == 0) {
      mailrun::v1::GetTournamentRequest get;
      get.set_tournament_id(flags->id);
      round = ctx.connections.Lobby(&LobbyStub::GetTournament, get, token, "GetTournament").current_round() + 1;
    }
    mailrun::v1::StartTournamentRoundRequest request;
    request.set_request_id(NewRequestId());
    request.set_tournament_id(flags->id);
    request.set_round(round);
    show(ctx, ctx.connections.Lobby(&LobbyStub::StartTournamentRound, request, token, "StartTournamentRound"));
  });

  auto* standings = tournaments->add_subcommand("standings", "The standings: placement points, then wealth share");
  standings->add_option("tournament", flags->id, "tournament id")->required();
  standings->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::GetStandingsRequest request;
    request.set_tournament_id(flags->id);
    const auto answer = ctx.connections.Lobby(&LobbyStub::GetStandings, request, ctx.session.AccessToken(), "GetStandings");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    TextTable table({"#", "player", "points", "wealth share", "games", "final"});
    for (const auto& s : answer.standings()) {
      table.Row({std::to_string(s.position()), s.player().display_name(), fmt::format("{:.1f}", s.placement_points()),
                 fmt::format("{:.3f}", s.wealth_share()), std::to_string(s.games()),
                 s.final_place() > 0 ? std::to_string(s.final_place()) : "-"});
    }
    ctx.out.Text(fmt::format("After {} round{}\n", answer.rounds_completed(), answer.rounds_completed() == 1 ? "" : "s") +
                 table.Render());
  });

  auto* drop = tournaments->add_subcommand("drop", "Organiser: drop a player (a no-show) from later rounds");
  drop->add_option("tournament", flags->id, "tournament id")->required();
  drop->add_option("user", flags->user, "the player's user id")->required();
  drop->add_flag("--reseat", flags->reseat, "also re-seat their unfinished table of this round");
  drop->callback([&options, flags, show] {
    CommandContext ctx(options);
    mailrun::v1::DropPlayerRequest request;
    request.set_request_id(NewRequestId());
    request.set_tournament_id(flags->id);
    request.set_user_id(flags->user);
    request.set_reseat(flags->reseat);
    show(ctx, ctx.connections.Lobby(&LobbyStub::DropPlayer, request, ctx.session.AccessToken(), "DropPlayer"));
  });
}

}  // namespace mailrun::cli

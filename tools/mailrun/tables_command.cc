// `mailrun tables list|show|create|join|leave|start|invite`: tables in the lobby, where players
// sit down together; a table becomes a game when its last seat is taken or its host starts it.
#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <thread>

#include "engine/titles/registry.h"
#include "tools/mailrun/client/context.h"
#include "tools/mailrun/client/game_text.h"
#include "tools/mailrun/commands.h"
#include "tools/mailrun/game_options.h"

namespace mailrun::cli {
namespace {

using mailrun::v1::Table;

std::string StatusName(mailrun::v1::TableStatus status) {
  switch (status) {
    case mailrun::v1::TABLE_STATUS_OPEN: return "open";
    case mailrun::v1::TABLE_STATUS_STARTING: return "starting";
    case mailrun::v1::TABLE_STATUS_PLAYING: return "playing";
    case mailrun::v1::TABLE_STATUS_FINISHED: return "finished";
    case mailrun::v1::TABLE_STATUS_CLOSED: return "closed";
    case mailrun::v1::TABLE_STATUS_VOID: return "void";
    default: return "-";
  }
}

std::string PlayerNames(const Table& table) {
  std::string names;
  for (const auto& p : table.players()) names += (names.empty() ? "" : ", ") + p.display_name();
  return names;
}

std::string TableText(const Table& table) {
  // Seats are counted while the table fills; once it started, its game has as many players as sat.
  const std::string seats = table.status() == mailrun::v1::TABLE_STATUS_OPEN
                                ? fmt::format("{} of {} seats taken", table.players_size(), table.seats())
                                : fmt::format("{} players", table.players_size());
  std::string text = fmt::format("Table {}{}: {}, {}\n", table.table_id(),
                                 table.name().empty() ? "" : " \"" + table.name() + "\"", StatusName(table.status()),
                                 seats);
  text += fmt::format("  {}; host {}; turn deadline {}\n", GameOptionsText(table.title(), table.edition(), table.options()),
                      table.host().display_name(),
                      table.turn_deadline_seconds() > 0 ? fmt::format("{} s", table.turn_deadline_seconds()) : "none");
  if (table.turn_deadline_seconds() > 0) {
    text += table.abandon_after_missed_deadlines() > 0
                ? fmt::format("  A seat is abandoned after {} missed deadlines in a row (mailrun seat)\n",
                              table.abandon_after_missed_deadlines())
                : "  No seat is ever abandoned\n";
  }
  text += "  Players (in seat order): " + PlayerNames(table) + "\n";
  if (table.is_private()) {
    text += "  Private" + (table.invitation_code().empty() ? std::string() : ": invitation code " + table.invitation_code()) +
            "\n";
  }
  if (!table.game_id().empty()) {
    text += fmt::format("  Game: {}  (the game has started: mailrun games show {})\n", table.game_id(), table.game_id());
  }
  return text;
}

// Shows a table; when it has just started, waits for its game to exist (the lobby creates it in
// the game service, retrying in the background if that service was down).
void ShowStarted(CommandContext& ctx, Table table, double wait_seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(wait_seconds);
  if (table.status() == mailrun::v1::TABLE_STATUS_STARTING) {
    Progress progress("waiting for the game to be created");
    while (table.status() == mailrun::v1::TABLE_STATUS_STARTING && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
      mailrun::v1::GetTableRequest request;
      request.set_table_id(table.table_id());
      table = ctx.connections.Lobby(&LobbyStub::GetTable, request, ctx.session.AccessToken(), "GetTable");
    }
  }
  if (ctx.out.json()) {
    ctx.out.Document(ToJson(table));
    return;
  }
  std::string text = TableText(table);
  if (table.status() == mailrun::v1::TABLE_STATUS_STARTING) {
    text += "The lobby is still creating the game; mailrun tables show " + table.table_id() + " shows it when ready\n";
  }
  ctx.out.Text(text);
}

}  // namespace

void RegisterTablesCommand(CLI::App& app, const ClientOptions& options) {
  auto* tables = app.add_subcommand("tables", "Tables in the lobby: list, show, create, join, leave, start, invite");
  tables->require_subcommand(1);
  struct Flags {
    std::string table;
    bool mine = false;
    bool public_only = false;
    int min_open_seats = 0;
    int limit = 50;
    std::string page;
    std::string list_title;
    std::string name;
    int seats = 4;
    bool is_private = false;
    int64_t turn_deadline = 0;
    int abandon_after = -1;  // -1: the lobby's default
    GameOptionFlags game;
    std::string code;
    std::vector<std::string> invitees;
    double wait = 30;
  };
  auto flags = std::make_shared<Flags>();

  auto* list = tables->add_subcommand("list", "Open tables (newest first), or --mine for your tables in any status");
  list->add_flag("--mine", flags->mine, "your own tables in any status");
  list->add_flag("--public-only", flags->public_only, "leave out private tables you were invited to");
  list->add_option("--open-seats", flags->min_open_seats, "only tables with at least this many free seats");
  list->add_option("--limit", flags->limit, "at most this many")->check(CLI::Range(1, 200))->capture_default_str();
  list->add_option("--page", flags->page, "page token from a previous list");
  list->add_option("--title", flags->list_title, "only tables of this title: 1853 or 1947")
      ->check(CLI::IsMember({"1853", "1947"}));
  list->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::ListTablesRequest request;
    if (!flags->list_title.empty()) request.set_title(*mailrun::engine::ParseTitleName(flags->list_title));
    request.mutable_page()->set_page_size(flags->limit);
    request.mutable_page()->set_page_token(flags->page);
    request.set_mine(flags->mine);
    request.set_public_only(flags->public_only);
    request.set_min_open_seats(flags->min_open_seats);
    const auto answer = ctx.connections.Lobby(&LobbyStub::ListTables, request, ctx.session.AccessToken(), "ListTables");
    if (ctx.out.json()) return ctx.out.Document(ToJson(answer));
    if (answer.tables().empty()) {
      return ctx.out.Text(flags->mine ? "You have no tables (mailrun tables create)"
                                      : "No open table (open one: mailrun tables create --seats 4)");
    }
    TextTable table({"table", "name", "status", "seats", "game", "players"});
    for (const auto& t : answer.tables()) {
      table.Row({t.table_id(), t.name().empty() ? "-" : t.name(), StatusName(t.status()),
                 t.status() == mailrun::v1::TABLE_STATUS_OPEN ? fmt::format("{}/{}", t.players_size(), t.seats())
                                                            : fmt::format("{} players", t.players_size()),
                 GameOptionsText(t.title(), t.edition(), t.options()),
                 PlayerNames(t)});
    }
    std::string text = table.Render();
    if (!answer.page().next_page_token().empty()) text += "More: --page " + answer.page().next_page_token() + "\n";
    ctx.out.Text(text);
  });

  auto* show = tables->add_subcommand("show", "One table");
  show->add_option("table", flags->table, "table id")->required();
  show->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::GetTableRequest request;
    request.set_table_id(flags->table);
    const Table table = ctx.connections.Lobby(&LobbyStub::GetTable, request, ctx.session.AccessToken(), "GetTable");
    if (ctx.out.json()) return ctx.out.Document(ToJson(table));
    ctx.out.Text(TableText(table));
  });

  auto* create = tables->add_subcommand("create", "Open a table with you as host, seated first");
  create->add_option("--name", flags->name, "a name for the table (at most 60 characters)");
  create->add_option("--seats", flags->seats, "seats (3 to 6)")->check(CLI::Range(3, 6))->capture_default_str();
  create->add_flag("--private", flags->is_private, "join by invitation code or invitation only");
  create->add_option("--turn-deadline", flags->turn_deadline,
                     "seconds a player has for a turn before reminders (0: none; 60 to 30 days)")
      ->capture_default_str();
  create->add_option("--abandon-after", flags->abandon_after,
                     "missed turn deadlines in a row after which a seat counts as abandoned and the others may vote "
                     "to hand it over (0: never; default 3)")
      ->check(CLI::Range(0, 20));
  AddGameOptionFlags(*create, flags->game);
  create->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::CreateTableRequest request;
    request.set_request_id(NewRequestId());
    request.set_name(flags->name);
    request.set_title(ToTitle(flags->game));
    request.set_edition(ToEdition(flags->game));
    *request.mutable_options() = ToGameOptions(flags->game);
    request.set_seats(flags->seats);
    request.set_is_private(flags->is_private);
    request.set_turn_deadline_seconds(flags->turn_deadline);
    if (flags->abandon_after >= 0) request.set_abandon_after_missed_deadlines(flags->abandon_after);
    const Table table = ctx.connections.Lobby(&LobbyStub::CreateTable, request, ctx.session.AccessToken(), "CreateTable");
    if (ctx.out.json()) return ctx.out.Document(ToJson(table));
    ctx.out.Text(TableText(table) + fmt::format("Others join with: mailrun tables join {}\n", table.table_id()));
  });

  auto* join = tables->add_subcommand("join", "Take a seat (the game starts when the last seat is taken)");
  join->add_option("table", flags->table, "table id");
  join->add_option("--code", flags->code, "invitation code of a private table (instead of the id)");
  join->add_option("--wait", flags->wait, "seconds to wait for the game when the table starts")->capture_default_str();
  join->callback([&options, flags] {
    if (flags->table.empty() == flags->code.empty()) throw BadInput("give the TABLE id or --code CODE (one of them)");
    CommandContext ctx(options);
    mailrun::v1::JoinTableRequest request;
    request.set_request_id(NewRequestId());
    request.set_table_id(flags->table);
    request.set_invitation_code(flags->code);
    ShowStarted(ctx, ctx.connections.Lobby(&LobbyStub::JoinTable, request, ctx.session.AccessToken(), "JoinTable"),
                flags->wait);
  });

  auto* leave = tables->add_subcommand("leave", "Leave an open table");
  leave->add_option("table", flags->table, "table id")->required();
  leave->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::LeaveTableRequest request;
    request.set_request_id(NewRequestId());
    request.set_table_id(flags->table);
    const Table table = ctx.connections.Lobby(&LobbyStub::LeaveTable, request, ctx.session.AccessToken(), "LeaveTable");
    if (ctx.out.json()) return ctx.out.Document(ToJson(table));
    ctx.out.Text("You left the table.\n" + TableText(table));
  });

  auto* start = tables->add_subcommand("start", "Host only: start the game with the players seated (at least 3)");
  start->add_option("table", flags->table, "table id")->required();
  start->add_option("--wait", flags->wait, "seconds to wait for the game to be created")->capture_default_str();
  start->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::StartTableRequest request;
    request.set_request_id(NewRequestId());
    request.set_table_id(flags->table);
    ShowStarted(ctx, ctx.connections.Lobby(&LobbyStub::StartTable, request, ctx.session.AccessToken(), "StartTable"),
                flags->wait);
  });

  auto* invite = tables->add_subcommand("invite", "Host only: invite players by display name");
  invite->add_option("table", flags->table, "table id")->required();
  invite->add_option("names", flags->invitees, "display names (1 to 20)")->required();
  invite->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::InvitePlayersRequest request;
    request.set_request_id(NewRequestId());
    request.set_table_id(flags->table);
    for (const auto& name : flags->invitees) request.add_display_names(name);
    const Table table =
        ctx.connections.Lobby(&LobbyStub::InvitePlayers, request, ctx.session.AccessToken(), "InvitePlayers");
    if (ctx.out.json()) return ctx.out.Document(ToJson(table));
    ctx.out.Text(fmt::format("Invited {} player{}.\n", flags->invitees.size(), flags->invitees.size() == 1 ? "" : "s") +
                 TableText(table));
  });
}

}  // namespace mailrun::cli

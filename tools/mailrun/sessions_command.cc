// `mailrun password`, `mailrun sessions [revoke ID]` and `mailrun account delete`: changing the
// account's password (its other logins end), the account's logins on every device, one of which
// can be ended, and deleting the account for good (docs/operations.md "Deleting an account").
#include <fmt/format.h>

#include <memory>

#include "tools/mailrun/client/context.h"
#include "tools/mailrun/client/game_text.h"
#include "tools/mailrun/client/password.h"
#include "tools/mailrun/commands.h"

namespace mailrun::cli {

void RegisterSessionsCommands(CLI::App& app, const ClientOptions& options) {
  auto* password = app.add_subcommand("password", "Change your password; your other logins end, this one stays");
  password->footer(
      "The current password is read as for login (terminal, a line of a pipe, or MAILRUN_PASSWORD), then the new one "
      "(terminal, the next line, or MAILRUN_NEW_PASSWORD).");
  password->callback([&options] {
    CommandContext ctx(options);
    mailrun::v1::ChangePasswordRequest request;
    request.set_request_id(NewRequestId());
    request.set_current_password(ReadPassword("Current password: ", false));
    request.set_new_password(ReadPassword("New password: ", true, "MAILRUN_NEW_PASSWORD"));
    const auto changed =
        ctx.connections.Lobby(&LobbyStub::ChangePassword, request, ctx.session.AccessToken(), "ChangePassword");
    if (ctx.out.json()) {
      ctx.out.Document(ToJson(changed));
      return;
    }
    const int ended = changed.other_sessions_revoked();
    ctx.out.Text(fmt::format("Password changed; {} other login{} ended", ended, ended == 1 ? "" : "s"));
  });

  auto* sessions = app.add_subcommand("sessions", "Your logins (sessions) on every device; `revoke ID` ends one");
  sessions->callback([&options, sessions] {
    if (!sessions->get_subcommands().empty()) return;
    CommandContext ctx(options);
    const auto list = ctx.connections.Lobby(&LobbyStub::ListSessions, mailrun::v1::ListSessionsRequest(),
                                            ctx.session.AccessToken(), "ListSessions");
    if (ctx.out.json()) {
      ctx.out.Document(ToJson(list));
      return;
    }
    TextTable table({"session", "logged in", "last refreshed", "expires", ""});
    for (const auto& s : list.sessions()) {
      table.Row({s.session_id(), TimeText(s.started_at_unix_ms()), TimeText(s.last_refreshed_at_unix_ms()),
                 TimeText(s.expires_at_unix_ms()), s.current() ? "(this one)" : ""});
    }
    ctx.out.Text(table.Render() + "End one: mailrun sessions revoke SESSION (logout ends this one)");
  });
  auto session_id = std::make_shared<std::string>();
  auto* revoke = sessions->add_subcommand("revoke", "End one of your sessions (its device must log in again)");
  revoke->add_option("session", *session_id, "the session's id, from mailrun sessions")->required();
  revoke->callback([&options, session_id] {
    CommandContext ctx(options);
    mailrun::v1::RevokeSessionRequest request;
    request.set_request_id(NewRequestId());
    request.set_session_id(*session_id);
    const auto revoked =
        ctx.connections.Lobby(&LobbyStub::RevokeSession, request, ctx.session.AccessToken(), "RevokeSession");
    if (ctx.out.json()) {
      ctx.out.Document(ToJson(revoked));
      return;
    }
    ctx.out.Text(revoked.sessions_revoked() > 0 ? "Session " + *session_id + " ended"
                                                : "Session " + *session_id + " had already ended");
  });

  auto* account = app.add_subcommand("account", "Your account as a whole: `delete` deletes it for good");
  account->require_subcommand(1);
  auto* remove = account->add_subcommand(
      "delete", "Delete your account for good: every login ends, your results stay under an anonymous name");
  remove->footer(
      "Asks for the password (terminal, a line of a pipe, or MAILRUN_PASSWORD). Seats in running games are played "
      "by the bot from then on; open tables are left.");
  remove->callback([&options] {
    CommandContext ctx(options);
    mailrun::v1::DeleteAccountRequest request;
    request.set_request_id(NewRequestId());
    request.set_password(ReadPassword("Password (to delete the account): ", false));
    const auto deleted =
        ctx.connections.Lobby(&LobbyStub::DeleteAccount, request, ctx.session.AccessToken(), "DeleteAccount");
    ctx.session.Forget();
    if (ctx.out.json()) {
      ctx.out.Document(ToJson(deleted));
      return;
    }
    const int games = deleted.running_games_handed_to_bot();
    ctx.out.Text(fmt::format("Account deleted; your results now read '{}', {} running game{} played on by the bot, {} "
                             "open table{} left; deleted {}",
                             deleted.placeholder_display_name(), games, games == 1 ? " is" : "s are",
                             deleted.tables_left(), deleted.tables_left() == 1 ? "" : "s", ctx.session.path()));
  });
}

}  // namespace mailrun::cli

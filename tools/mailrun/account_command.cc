// `mailrun register|login|logout|whoami`: accounts in the lobby and the login saved for the
// other commands (tools/mailrun/client/credentials.h).
#include <fmt/format.h>

#include <memory>

#include "tools/mailrun/client/context.h"
#include "tools/mailrun/client/game_text.h"
#include "tools/mailrun/client/password.h"
#include "tools/mailrun/commands.h"

namespace mailrun::cli {
namespace {

// Saves a new session and says so.
void Saved(CommandContext& ctx, const mailrun::v1::AuthResponse& auth, const std::string& verb) {
  ctx.session.Save(auth);
  const std::string& profile = ctx.connections.options().profile;
  if (ctx.out.json()) {
    mailrun::v1::AuthResponse shown = auth;  // the tokens are secrets: never printed
    shown.clear_access_token();
    shown.clear_refresh_token();
    shown.clear_device_token();
    auto json = ToJson(shown);
    json.erase("accessToken");
    json.erase("refreshToken");
    json.erase("deviceToken");
    json["profile"] = profile;
    json["credentialsFile"] = ctx.session.path();
    ctx.out.Document(json);
    return;
  }
  ctx.out.Text(fmt::format("{} as {} (user {}). Login saved in {}{}", verb, auth.display_name(), auth.user_id(),
                           ctx.session.path(), profile.empty() ? "" : " (profile " + profile + ")"));
}

}  // namespace

void RegisterAccountCommands(CLI::App& app, const ClientOptions& options) {
  struct Flags {
    std::string name;
    std::string time_zone;
    bool all = false;
    bool email_code = false;
    std::string code;
  };
  auto flags = std::make_shared<Flags>();

  auto* reg = app.add_subcommand("register", "Create an account in the lobby and log in (asks for a password)");
  reg->add_option("name", flags->name, "display name: 3 to 24 letters, digits, space, '.', '_', '-'")->required();
  reg->add_option("--time-zone", flags->time_zone, "IANA time zone, e.g. Asia/Kolkata (default UTC)");
  reg->footer("The password (8 to 128 bytes) is read from the terminal, from a pipe, or from MAILRUN_PASSWORD.");
  reg->callback([&options, flags] {
    CommandContext ctx(options);
    mailrun::v1::RegisterRequest request;
    request.set_request_id(NewRequestId());
    request.set_display_name(flags->name);
    request.set_password(ReadPassword("Password for " + flags->name + ": ", true));
    request.set_time_zone(flags->time_zone);
    Saved(ctx, ctx.connections.Lobby(&LobbyStub::Register, request, "", "Register"), "Registered and logged in");
  });

  auto* login = app.add_subcommand("login", "Log in (asks for the password) and save the login for other commands");
  login->add_option("name", flags->name, "display name (any case)")->required();
  login->add_flag("--email-code", flags->email_code,
                  "only ask for a login code mailed to the account's verified address (then log in with --code)");
  login->add_option("--code", flags->code,
                    "a mailed login code: with the password it logs in from this computer even while logins from "
                    "new devices wait (too many failed logins)");
  login->footer("The password is read from the terminal, from a pipe, or from MAILRUN_PASSWORD.");
  login->callback([&options, flags] {
    CommandContext ctx(options);
    if (flags->email_code) {
      if (!flags->code.empty()) throw BadInput("--email-code asks for a code; --code logs in with one: give one of them");
      mailrun::v1::RequestLoginCodeRequest ask;
      ask.set_display_name(flags->name);
      ctx.connections.Lobby(&LobbyStub::RequestLoginCode, ask, "", "RequestLoginCode");
      if (ctx.out.json()) {
        ctx.out.Document({{"displayName", flags->name}, {"requested", true}});
      } else {
        ctx.out.Text(fmt::format("If {} has a verified email address, a login code is on its way (it works once, for 15 "
                                 "minutes). Then: mailrun login {} --code CODE",
                                 flags->name, flags->name));
      }
      return;
    }
    mailrun::v1::LoginRequest request;
    request.set_login_code(flags->code);
    request.set_request_id(NewRequestId());
    request.set_display_name(flags->name);
    request.set_password(ReadPassword("Password for " + flags->name + ": ", false));
    // This computer's own allowance of failed logins (kept from an earlier login, also after logout).
    request.set_device_token(LoadDeviceToken(options.lobby_address, flags->name));
    Saved(ctx, ctx.connections.Lobby(&LobbyStub::Login, request, "", "Login"), "Logged in");
  });

  auto* logout = app.add_subcommand("logout", "End the saved login (the lobby revokes it) and delete it");
  logout->add_flag("--all", flags->all, "end every session of this account, on every device");
  logout->callback([&options, flags] {
    CommandContext ctx(options);
    const Credentials saved = ctx.session.Current();
    mailrun::v1::LogoutRequest request;
    request.set_request_id(NewRequestId());
    request.set_refresh_token(saved.refresh_token);
    request.set_all_sessions(flags->all);
    int revoked = 0;
    std::string note;
    try {
      revoked = ctx.connections.Lobby(&LobbyStub::Logout, request, ctx.session.AccessToken(), "Logout")
                    .sessions_revoked();
    } catch (const CliError& error) {
      if (error.exit_code() != kExitLoggedOut) throw;
      note = "the lobby had already ended it";  // nothing to revoke; forget it locally
    }
    ctx.session.Forget();
    if (ctx.out.json()) {
      ctx.out.Document({{"userId", saved.user_id}, {"sessionsRevoked", revoked}, {"credentialsDeleted", true}});
    } else {
      ctx.out.Text(fmt::format("Logged out {} ({} session{} ended{}); deleted {}", saved.display_name, revoked,
                               revoked == 1 ? "" : "s", note.empty() ? "" : "; " + note, ctx.session.path()));
    }
  });

  auto* whoami = app.add_subcommand("whoami", "Who is logged in (this profile), with their ratings");
  whoami->callback([&options] {
    CommandContext ctx(options);
    const auto profile = ctx.connections.Lobby(&LobbyStub::GetProfile, mailrun::v1::GetProfileRequest(),
                                               ctx.session.AccessToken(), "GetProfile");
    if (ctx.out.json()) {
      auto json = ToJson(profile);
      json["credentialsFile"] = ctx.session.path();
      ctx.out.Document(json);
      return;
    }
    std::string text = fmt::format("{} (user {}), time zone {}\n", profile.display_name(), profile.user_id(),
                                   profile.time_zone().empty() ? "UTC" : profile.time_zone());
    for (const auto& rating : profile.ratings()) {
      text += fmt::format("  rating {}: {:.0f} after {} game{}\n",
                          LadderName(rating.title(), rating.edition()),
                          rating.rating(), rating.games(), rating.games() == 1 ? "" : "s");
    }
    ctx.out.Text(text);
  });
}

}  // namespace mailrun::cli

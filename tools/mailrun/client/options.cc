#include "tools/mailrun/client/options.h"

namespace mailrun::cli {

std::string CheckProfileName(const std::string& profile) {
  if (profile.empty()) return "";
  if (profile.size() > 64) return "a profile name has at most 64 characters";
  if (profile[0] == '.') return "a profile name must not start with '.'";
  for (const char c : profile) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                    c == '_' || c == '-';
    if (!ok) return "a profile name uses only letters, digits, '.', '_' and '-'";
  }
  return "";
}

void AddClientOptions(CLI::App& app, ClientOptions& options) {
  app.fallthrough();
  auto* group = "Connection and output";
  app.add_option("--game-addr", options.game_address, "host:port of the game service")
      ->envname("MAILRUN_GAME_ADDR")
      ->capture_default_str()
      ->group(group);
  app.add_option("--lobby-addr", options.lobby_address, "host:port of the lobby")
      ->envname("MAILRUN_LOBBY_ADDR")
      ->capture_default_str()
      ->group(group);
  app.add_option("--notify-addr", options.notify_address, "host:port of the notification service")
      ->envname("MAILRUN_NOTIFY_ADDR")
      ->capture_default_str()
      ->group(group);
  app.add_option("--profile", options.profile,
                 "use this saved login instead of the default one (several players on one machine)")
      ->envname("MAILRUN_PROFILE")
      ->check(CheckProfileName)
      ->group(group);
  app.add_flag("--json", options.json, "print JSON (protobuf JSON mapping) instead of text")->group(group);
  app.add_option("--timeout", options.timeout_seconds, "seconds each call may take")
      ->envname("MAILRUN_TIMEOUT")
      ->check(CLI::Range(0.1, 3600.0))
      ->capture_default_str()
      ->group(group);
}

}  // namespace mailrun::cli

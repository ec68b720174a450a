#include "services/lobby/lobby_config.h"

namespace mailrun::lobby {

void AddLobbyOptions(CLI::App& app, LobbyConfig& config) {
  app.add_option("--game-addr", config.game_address, "host:port of the game service")
      ->envname("MAILRUN_GAME_ADDR")
      ->capture_default_str();
  app.add_option("--access-token-seconds", config.access_token_seconds, "lifetime of access tokens")
      ->envname("MAILRUN_ACCESS_TOKEN_SECONDS")
      ->check(CLI::Range(int64_t{1}, int64_t{24 * 3600}))
      ->capture_default_str();
  app.add_option("--refresh-token-seconds", config.refresh_token_seconds, "lifetime of refresh tokens")
      ->envname("MAILRUN_REFRESH_TOKEN_SECONDS")
      ->check(CLI::Range(int64_t{60}, int64_t{365LL * 24 * 3600}))
      ->capture_default_str();
  app.add_option("--reconcile-seconds", config.reconcile_seconds,
                 "how often the lobby retries game creation and asks the game service for finished games")
      ->envname("MAILRUN_RECONCILE_SECONDS")
      ->check(CLI::Range(1, 24 * 3600))
      ->capture_default_str();
  app.add_option("--password-hash-limits", config.password_hash_limits,
                 "Argon2id cost: interactive (2 passes, 64 MiB), moderate (3, 256 MiB), sensitive (4, 1 GiB)")
      ->envname("MAILRUN_PASSWORD_HASH_LIMITS")
      ->check(CLI::IsMember({"interactive", "moderate", "sensitive"}))
      ->capture_default_str();
  app.add_option("--game-call-timeout-seconds", config.game_call_timeout_seconds,
                 "deadline of each call to the game service")
      ->envname("MAILRUN_GAME_CALL_TIMEOUT_SECONDS")
      ->check(CLI::Range(1, 300))
      ->capture_default_str();
}

}  // namespace mailrun::lobby

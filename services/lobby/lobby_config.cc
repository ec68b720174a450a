#include "services/lobby/lobby_config.h"

namespace mailrun::lobby {

void AddLobbyOptions(CLI::App& app, LobbyConfig& config) {
  app.add_option("--game-addr", config.game_address, "host:port of the game service, dns:///name:port (a game's calls to that game's pod of all the name gives, services/common/game_channels.h) or ipv4:ADDR:PORT,ADDR:PORT")
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
  app.add_option("--refresh-reuse-grace-seconds", config.refresh_reuse_grace_seconds,
                 "a refresh token presented again this soon after its rotation, by a concurrent refresh of the same "
                 "app, gets the tokens of that rotation instead of ending the session (0: never)")
      ->envname("MAILRUN_REFRESH_REUSE_GRACE_SECONDS")
      ->check(CLI::Range(int64_t{0}, int64_t{300}))
      ->capture_default_str();
  app.add_option("--token-signing-key-file", config.token_signing_key_file,
                 "file holding the token signing key, one line '<key id> <64 hex digits>' (mailrun keys new)")
      ->envname("MAILRUN_TOKEN_SIGNING_KEY_FILE");
  app.add_option("--token-signing-key", config.token_signing_key,
                 "the token signing key itself (prefer the file: this is a secret)")
      ->envname("MAILRUN_TOKEN_SIGNING_KEY");
  app.add_option("--reconcile-seconds", config.reconcile_seconds,
                 "how often the lobby retries game creation and asks the game service for finished games")
      ->envname("MAILRUN_RECONCILE_SECONDS")
      ->check(CLI::Range(1, 24 * 3600))
      ->capture_default_str();
  app.add_option("--password-hash-limits", config.password_hash_limits,
                 "Argon2id cost: interactive (2 passes, 64 MiB), rfc9106 (3, 64 MiB: RFC 9106's second recommended option), "
                 "moderate (3, 256 MiB), sensitive (4, 1 GiB)")
      ->envname("MAILRUN_PASSWORD_HASH_LIMITS")
      ->check(CLI::IsMember({"interactive", "rfc9106", "moderate", "sensitive"}))
      ->capture_default_str();
  app.add_option("--password-hash-memory-mib", config.password_hash_memory_mib,
                 "memory for password hashes running at once; 0: half the container's memory limit (cgroup)")
      ->envname("MAILRUN_PASSWORD_HASH_MEMORY_MIB")
      ->check(CLI::Range(0, 1 << 20))
      ->capture_default_str();
  app.add_option("--password-hash-concurrency", config.password_hash_concurrency,
                 "password hashes at once; 0: as many as CPUs while each gets 64 MiB of the memory above")
      ->envname("MAILRUN_PASSWORD_HASH_CONCURRENCY")
      ->check(CLI::Range(0, 256))
      ->capture_default_str();
  app.add_option("--password-hash-queue", config.password_hash_queue,
                 "logins that may wait for a hash; more get RESOURCE_EXHAUSTED (0: 4 x the hashes at once)")
      ->envname("MAILRUN_PASSWORD_HASH_QUEUE")
      ->check(CLI::Range(0, 10000))
      ->capture_default_str();
  app.add_option("--login-account-attempts", config.login_account_attempts,
                 "failed logins a display name may have per --login-account-window-seconds")
      ->envname("MAILRUN_LOGIN_ACCOUNT_ATTEMPTS")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app.add_option("--login-account-window-seconds", config.login_account_window_seconds,
                 "the window of --login-account-attempts (attempts come back evenly over it)")
      ->envname("MAILRUN_LOGIN_ACCOUNT_WINDOW_SECONDS")
      ->check(CLI::Range(1, 86400))
      ->capture_default_str();
  app.add_option("--login-client-attempts", config.login_client_attempts,
                 "logins and registrations a client address may make per --login-client-window-seconds")
      ->envname("MAILRUN_LOGIN_CLIENT_ATTEMPTS")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();
  app.add_option("--login-client-window-seconds", config.login_client_window_seconds,
                 "the window of --login-client-attempts")
      ->envname("MAILRUN_LOGIN_CLIENT_WINDOW_SECONDS")
      ->check(CLI::Range(1, 86400))
      ->capture_default_str();
  app.add_option("--trust-forwarded-for", config.trust_forwarded_for,
                 "take a client's address from x-forwarded-for (only when every call comes through the gateway)")
      ->envname("MAILRUN_TRUST_FORWARDED_FOR")
      ->capture_default_str();
  app.add_option("--shortest-turn-deadline-seconds", config.shortest_turn_deadline_seconds,
                 "the shortest turn deadline a table or tournament may set (0 still means none)")
      ->envname("MAILRUN_SHORTEST_TURN_DEADLINE_SECONDS")
      ->check(CLI::Range(1, 86400))
      ->capture_default_str();
  app.add_option("--game-call-timeout-seconds", config.game_call_timeout_seconds,
                 "deadline of each call to the game service")
      ->envname("MAILRUN_GAME_CALL_TIMEOUT_SECONDS")
      ->check(CLI::Range(1, 300))
      ->capture_default_str();
}

}  // namespace mailrun::lobby

#include "services/common/config.h"

#include <fstream>
#include <sstream>
#include <stdexcept>

#include "services/common/signing_keys.h"

namespace mailrun::service {

void AddCommonOptions(CLI::App& app, CommonConfig& config, const std::string& default_listen,
                      int default_database_pool_size) {
  config.listen = default_listen;
  config.database_pool_size = default_database_pool_size;
  config.database_url = "postgresql://mailrun@127.0.0.1:55432/mailrun";
  config.redis_url = "redis://127.0.0.1:56379";
  app.add_option("--listen", config.listen, "host:port to serve gRPC on")
      ->envname("MAILRUN_LISTEN")
      ->capture_default_str();
  app.add_option("--database-url", config.database_url,
                 "PostgreSQL connection URI (several hosts with target_session_attrs=read-write for failover)")
      ->envname("MAILRUN_DATABASE_URL")
      ->capture_default_str();
  app.add_option("--database-direct-url", config.database_direct_url,
                 "when --database-url is a pooler in transaction mode (PgBouncer): PostgreSQL itself, for "
                 "what needs a session (LISTEN, session advisory locks, migrations); empty: no pooler")
      ->envname("MAILRUN_DATABASE_DIRECT_URL");
  app.add_option("--redis-url", config.redis_url,
                 "Redis URL (redis://host:port), or its Sentinels (redis+sentinel://host:port,host:port/master)")
      ->envname("MAILRUN_REDIS_URL")
      ->capture_default_str();
  app.add_option("--redis-password", config.redis_password, "Redis AUTH password (prefer the file or the variable)")
      ->envname("MAILRUN_REDIS_PASSWORD");
  app.add_option("--redis-password-file", config.redis_password_file, "file holding the Redis AUTH password")
      ->envname("MAILRUN_REDIS_PASSWORD_FILE");
  app.add_option("--token-public-keys", config.token_public_keys,
                 "public keys that verify tokens: '<key id> <64 hex digits>' entries, comma-separated")
      ->envname("MAILRUN_TOKEN_PUBLIC_KEYS");
  app.add_option("--token-public-keys-file", config.token_public_keys_file,
                 "file of public keys that verify tokens, one '<key id> <64 hex digits>' per line")
      ->envname("MAILRUN_TOKEN_PUBLIC_KEYS_FILE");
  app.add_option("--log-level", config.log_level, "trace, debug, info, warn, error")
      ->envname("MAILRUN_LOG_LEVEL")
      ->capture_default_str();
  app.add_option("--database-connect-timeout-seconds", config.database_connect_timeout_seconds,
                 "how long start-up keeps retrying to reach PostgreSQL")
      ->envname("MAILRUN_DATABASE_CONNECT_TIMEOUT_SECONDS")
      ->capture_default_str();
  app.add_flag("--migrate-only", config.migrate_only, "apply the database migrations, then exit")
      ->envname("MAILRUN_MIGRATE_ONLY");
  app.add_option("--max-connection-age-seconds", config.max_connection_age_seconds,
                 "close client connections after this long so clients re-resolve and rebalance")
      ->envname("MAILRUN_MAX_CONNECTION_AGE_SECONDS")
      ->capture_default_str();
  app.add_option("--shutdown-grace-seconds", config.shutdown_grace_seconds,
                 "seconds in-flight calls get to finish on SIGTERM")
      ->envname("MAILRUN_SHUTDOWN_GRACE_SECONDS")
      ->capture_default_str();
  // At least 2: the notification service's workers and its calls share one pool.
  app.add_option("--database-pool-size", config.database_pool_size, "PostgreSQL connections at most")
      ->envname("MAILRUN_DATABASE_POOL_SIZE")
      ->check(CLI::Range(2, 1000))
      ->capture_default_str();
  app.add_option("--events-channel", config.events_channel,
                 "Redis pub/sub channel of events (the same for every service of a deployment)")
      ->envname("MAILRUN_EVENTS_CHANNEL")
      ->capture_default_str();
  app.add_option("--outbox-relay", config.run_outbox_relay,
                 "run the outbox relay in this process (publishes this database's events to Redis)")
      ->envname("MAILRUN_OUTBOX_RELAY")
      ->capture_default_str();
  app.add_option("--metrics-listen", config.metrics_listen,
                 "host:port to serve Prometheus metrics on (GET /metrics; port 0: any free port); empty: no metrics")
      ->envname("MAILRUN_METRICS_LISTEN");
}

std::string SessionDatabaseUrl(const CommonConfig& config) {
  return config.database_direct_url.empty() ? config.database_url : config.database_direct_url;
}

TokenVerifier LoadTokenVerifier(const CommonConfig& config) {
  return LoadPublicKeys(config.token_public_keys, config.token_public_keys_file);
}

std::string RedisUrlOf(const CommonConfig& config) {
  std::string password = config.redis_password;
  if (password.empty() && !config.redis_password_file.empty()) {
    std::ifstream in(config.redis_password_file);
    if (!in) throw std::runtime_error("cannot read the Redis password file " + config.redis_password_file);
    std::stringstream buffer;
    buffer << in.rdbuf();
    password = buffer.str();
    while (!password.empty() && (password.back() == '\n' || password.back() == '\r')) password.pop_back();
  }
  if (password.empty()) return config.redis_url;
  std::string scheme = "redis://";
  if (config.redis_url.rfind("redis+sentinel://", 0) == 0) scheme = "redis+sentinel://";
  if (config.redis_url.rfind(scheme, 0) != 0) return config.redis_url;  // ParseRedisUrl names the problem
  std::string rest = config.redis_url.substr(scheme.size());
  const size_t at = rest.rfind('@');
  if (at != std::string::npos) rest = rest.substr(at + 1);  // the configured password wins over the URL's
  return scheme + ":" + password + "@" + rest;
}

}  // namespace mailrun::service

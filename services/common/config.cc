#include "services/common/config.h"

#include <sodium.h>

#include <fstream>
#include <sstream>
#include <stdexcept>

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
  app.add_option("--database-url", config.database_url, "PostgreSQL connection URI")
      ->envname("MAILRUN_DATABASE_URL")
      ->capture_default_str();
  app.add_option("--redis-url", config.redis_url, "Redis URL (redis://host:port)")
      ->envname("MAILRUN_REDIS_URL")
      ->capture_default_str();
  app.add_option("--token-key", config.token_key, "hex key (64 hex digits) for access tokens")
      ->envname("MAILRUN_TOKEN_KEY");
  app.add_option("--token-key-file", config.token_key_file, "file holding the hex token key")
      ->envname("MAILRUN_TOKEN_KEY_FILE");
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

std::string LoadTokenKey(const CommonConfig& config) {
  std::string hex = config.token_key;
  if (hex.empty() && !config.token_key_file.empty()) {
    std::ifstream in(config.token_key_file);
    if (!in) throw std::runtime_error("cannot read the token key file " + config.token_key_file);
    std::stringstream buffer;
    buffer << in.rdbuf();
    hex = buffer.str();
  }
  while (!hex.empty() && (hex.back() == '\n' || hex.back() == '\r' || hex.back() == ' ')) hex.pop_back();
  if (hex.empty()) {
    throw std::runtime_error("no token key: set --token-key, --token-key-file, MAILRUN_TOKEN_KEY or MAILRUN_TOKEN_KEY_FILE");
  }
  std::string key(hex.size() / 2, '\0');
  size_t key_len = 0;
  if (sodium_hex2bin(reinterpret_cast<unsigned char*>(key.data()), key.size(), hex.data(), hex.size(),
                     nullptr, &key_len, nullptr) != 0 ||
      key_len != 32 || hex.size() != 64) {
    throw std::runtime_error("the token key must be 64 hexadecimal digits (32 bytes)");
  }
  return key;
}

}  // namespace mailrun::service

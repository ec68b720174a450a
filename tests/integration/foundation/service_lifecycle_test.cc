// Each service starts against a real PostgreSQL, applies migrations, answers the standard health
// check with SERVING, logs one JSON line per request, serves its metrics in a format promtool
// accepts, and stops cleanly on SIGTERM. A service refuses to start when a migration it carries
// was edited after it was applied.
#include <gtest/gtest.h>
#include <signal.h>

#include <pqxx/pqxx>

#include "services/common/database.h"
#include "tests/testing/observability.h"
#include "tests/testing/servers.h"
#include "tests/testing/service_process.h"

namespace mailrun::testing {
namespace {

class ServiceLifecycle : public ::testing::TestWithParam<std::string> {};

TEST_P(ServiceLifecycle, ServesHealthLogsRequestsAndStopsOnSigterm) {
  const std::string binary = GetParam();
  const std::string url = FreshDatabase("lifecycle");
  const int port = FreePort();
  const std::string address = "127.0.0.1:" + std::to_string(port);
  const std::string log = ::testing::TempDir() + "/" + binary + "-lifecycle.log";
  std::remove(log.c_str());
  ServiceProcess service(BinaryPath(binary), {"--listen", address, "--log-level", "debug"},
                         {{"MAILRUN_DATABASE_URL", url}, {"MAILRUN_REDIS_URL", RedisUrl()},
                          {"MAILRUN_TOKEN_PUBLIC_KEYS", TestPublicKeys()},
                          {"MAILRUN_TOKEN_SIGNING_KEY", TestSigningKey()},
                          {"MAILRUN_METRICS_LISTEN", "127.0.0.1:0"}},
                         log);
  ASSERT_TRUE(service.WaitServing(address, std::chrono::seconds(30))) << ReadFile(log);

  // The health checks WaitServing made are counted, in an exposition promtool accepts.
  const std::string metrics_address = MetricsAddress(log);
  ASSERT_FALSE(metrics_address.empty()) << ReadFile(log);
  const std::string exposition = ScrapeMetrics(metrics_address);
  EXPECT_EQ(PromtoolProblems(exposition), "") << exposition;
  const MetricSamples samples(exposition);
  EXPECT_GE(samples.Sum("mailrun_rpc_requests_total", {{"method", "/grpc.health.v1.Health/Check"}, {"code", "OK"}}), 1);
  EXPECT_EQ(samples.Sum("mailrun_build_info", {{"service", binary}}), 1);
  EXPECT_GT(samples.Sum("mailrun_db_pool_max_connections"), 0);

  pqxx::connection c(url);
  pqxx::work txn(c);
  EXPECT_EQ(txn.exec_params("SELECT count(*) FROM service_starts WHERE service = $1", binary)[0][0].as<int>(), 1);
  EXPECT_GT(txn.exec("SELECT count(*) FROM schema_migrations")[0][0].as<int>(), 0);

  service.Signal(SIGTERM);
  EXPECT_EQ(service.Wait(std::chrono::seconds(15)), 0);
  const std::string output = ReadFile(log);
  std::vector<std::string> not_json;
  const auto lines = JsonLogLines(log, &not_json);
  EXPECT_TRUE(not_json.empty()) << "every log line is a JSON object:\n" << output;
  bool health_logged = false, stopped = false;
  for (const auto& line : lines) {
    for (const char* key : {"time", "level", "service", "event"}) EXPECT_TRUE(line.contains(key)) << line.dump();
    EXPECT_EQ(line.value("service", ""), binary);
    stopped = stopped || line.value("event", "") == "stopped";
    if (line.value("event", "") == "rpc" && line.value("method", "") == "/grpc.health.v1.Health/Check") {
      health_logged = true;
      EXPECT_EQ(line.value("status", ""), "OK");
      EXPECT_EQ(line.value("level", ""), "debug") << "health checks are logged at debug level only";
      EXPECT_TRUE(line.contains("duration_ms") && line["duration_ms"].is_number()) << line.dump();
      EXPECT_EQ(line.value("request_id", "").size(), 16u) << line.dump();
      EXPECT_EQ(line.value("trace_id", "").size(), 32u) << line.dump();
    }
  }
  EXPECT_TRUE(health_logged) << output;
  EXPECT_TRUE(stopped) << output;
}

TEST_P(ServiceLifecycle, RefusesToStartWhenAnAppliedMigrationWasEdited) {
  const std::string url = FreshDatabase("edited_migration");
  const std::string log = ::testing::TempDir() + "/" + GetParam() + "-edited.log";
  std::remove(log.c_str());
  {
    pqxx::connection c(url);
    mailrun::service::ApplyMigrations(c, mailrun::service::EmbeddedMigrations());
    // What the database would hold if 0001's file had read differently when it was applied.
    pqxx::work txn(c);
    txn.exec("UPDATE schema_migrations SET checksum = repeat('0', 64) WHERE version = 1");
    txn.commit();
  }
  const std::string address = "127.0.0.1:" + std::to_string(FreePort());
  ServiceProcess service(BinaryPath(GetParam()), {"--listen", address},
                         {{"MAILRUN_DATABASE_URL", url}, {"MAILRUN_REDIS_URL", RedisUrl()},
                          {"MAILRUN_TOKEN_PUBLIC_KEYS", TestPublicKeys()},
                          {"MAILRUN_TOKEN_SIGNING_KEY", TestSigningKey()}},
                         log);
  EXPECT_EQ(service.Wait(std::chrono::seconds(30)), 1) << ReadFile(log);
  const std::string output = ReadFile(log);
  EXPECT_NE(output.find("cannot start"), std::string::npos) << output;
  EXPECT_NE(output.find("migration 0001_service_starts.sql was edited after it was applied"), std::string::npos)
      << output;
  pqxx::connection c(url);
  pqxx::work txn(c);
  EXPECT_EQ(txn.exec("SELECT count(*) FROM service_starts")[0][0].as<int>(), 0) << "it did not start";
}

TEST_P(ServiceLifecycle, RefusesToStartWithoutADatabase) {
  const int port = FreePort();
  const std::string log = ::testing::TempDir() + "/" + GetParam() + "-nodb.log";
  std::remove(log.c_str());
  ServiceProcess service(BinaryPath(GetParam()), {"--listen", "127.0.0.1:" + std::to_string(port)},
                         {{"MAILRUN_DATABASE_URL", "postgresql://mailrun@127.0.0.1:" + std::to_string(PostgresPort()) +
                                                       "/no_such_database"},
                          {"MAILRUN_TOKEN_PUBLIC_KEYS", TestPublicKeys()},
                          {"MAILRUN_TOKEN_SIGNING_KEY", TestSigningKey()},
                          {"MAILRUN_DATABASE_CONNECT_TIMEOUT_SECONDS", "1"}},
                         log);
  EXPECT_EQ(service.Wait(std::chrono::seconds(20)), 1);
  EXPECT_NE(ReadFile(log).find("cannot start"), std::string::npos);
}

TEST_P(ServiceLifecycle, MigrateOnlyAppliesMigrationsAndExits) {
  const std::string url = FreshDatabase("migrate_only");
  const std::string log = ::testing::TempDir() + "/" + GetParam() + "-migrate.log";
  std::remove(log.c_str());
  ServiceProcess service(BinaryPath(GetParam()), {"--migrate-only"},
                         {{"MAILRUN_DATABASE_URL", url}, {"MAILRUN_TOKEN_PUBLIC_KEYS", TestPublicKeys()},
                          {"MAILRUN_TOKEN_SIGNING_KEY", TestSigningKey()}}, log);
  EXPECT_EQ(service.Wait(std::chrono::seconds(30)), 0) << ReadFile(log);
  pqxx::connection c(url);
  pqxx::work txn(c);
  EXPECT_EQ(txn.exec("SELECT count(*) FROM schema_migrations")[0][0].as<int>(),
            static_cast<int>(mailrun::service::EmbeddedMigrations().size()));
}

INSTANTIATE_TEST_SUITE_P(AllServices, ServiceLifecycle,
                         ::testing::Values("mailrun-game", "mailrun-lobby", "mailrun-notify"),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& ch : name) if (ch == '-') ch = '_';
                           return name;
                         });

}  // namespace
}  // namespace mailrun::testing

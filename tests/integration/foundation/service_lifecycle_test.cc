// Each service starts against a real PostgreSQL, applies migrations, answers the standard health
// check with SERVING, logs one line per request and stops cleanly on SIGTERM.
#include <gtest/gtest.h>
#include <signal.h>

#include <pqxx/pqxx>

#include "services/common/database.h"
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
  ServiceProcess service(BinaryPath(binary), {"--listen", address},
                         {{"MAILRUN_DATABASE_URL", url}, {"MAILRUN_REDIS_URL", RedisUrl()},
                          {"MAILRUN_TOKEN_PUBLIC_KEYS", TestPublicKeys()},
                          {"MAILRUN_TOKEN_SIGNING_KEY", TestSigningKey()}},
                         log);
  ASSERT_TRUE(service.WaitServing(address, std::chrono::seconds(30))) << ReadFile(log);

  pqxx::connection c(url);
  pqxx::work txn(c);
  EXPECT_EQ(txn.exec_params("SELECT count(*) FROM service_starts WHERE service = $1", binary)[0][0].as<int>(), 1);
  EXPECT_GT(txn.exec("SELECT count(*) FROM schema_migrations")[0][0].as<int>(), 0);

  service.Signal(SIGTERM);
  EXPECT_EQ(service.Wait(std::chrono::seconds(15)), 0);
  const std::string output = ReadFile(log);
  EXPECT_NE(output.find("rpc /grpc.health.v1.Health/Check status=0"), std::string::npos) << output;
  EXPECT_NE(output.find("stopped"), std::string::npos) << output;
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

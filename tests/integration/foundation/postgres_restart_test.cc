// PostgreSQL restarting under a running service (a private PostgreSQL of this test's own, started
// with deploy/servers.sh, never the shared test server): while it is down, readiness (the health
// status of the service's API name) says NOT_SERVING and liveness ("") stays SERVING; once it is
// back, readiness returns and not one call fails, although every pooled connection broke.
#include <gtest/gtest.h>

#include <cstdlib>
#include <future>
#include <thread>

#include "grpc/health/v1/health.grpc.pb.h"
#include "mailrun/v1/game.grpc.pb.h"
#include "services/common/auth.h"
#include "tests/testing/servers.h"
#include "tests/testing/service_process.h"

namespace mailrun::testing {
namespace {

class PrivatePostgres {
 public:
  PrivatePostgres() : port_(FreePort()) {
    char dir[] = "/tmp/mailrun-pg-restart.XXXXXX";
    if (!mkdtemp(dir)) throw std::runtime_error("cannot create a temporary directory");
    dir_ = dir;
    Run("chmod 755 '" + dir_ + "'");
    Start();
  }
  ~PrivatePostgres() {
    Servers("stop-postgres '" + dir_ + "/postgres' immediate");
    Run("rm -rf '" + dir_ + "'");
  }
  void Start() { Servers("start-postgres '" + dir_ + "/postgres' " + std::to_string(port_)); }
  void Stop() { Servers("stop-postgres '" + dir_ + "/postgres' fast"); }
  std::string url() const { return "postgresql://mailrun@127.0.0.1:" + std::to_string(port_) + "/mailrun"; }

 private:
  static void Run(const std::string& command) { (void)std::system(command.c_str()); }
  static void Servers(const std::string& args) {
    const std::string command = "MAILRUN_PG_THROWAWAY=1 " + SourcePath("deploy/servers.sh") + " " + args + " >/dev/null";
    if (std::system(command.c_str()) != 0) throw std::runtime_error("deploy/servers.sh " + args + " failed");
  }
  int port_;
  std::string dir_;
};

// The health status of `service` ("" = the server as a whole).
std::string Health(const std::string& address, const std::string& service) {
  auto stub = grpc::health::v1::Health::NewStub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
  grpc::ClientContext context;
  context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(2));
  grpc::health::v1::HealthCheckRequest request;
  request.set_service(service);
  grpc::health::v1::HealthCheckResponse response;
  const grpc::Status status = stub->Check(&context, request, &response);
  if (!status.ok()) return "error " + std::to_string(static_cast<int>(status.error_code()));
  return grpc::health::v1::HealthCheckResponse::ServingStatus_Name(response.status());
}

bool Becomes(const std::string& address, const std::string& service, const std::string& status,
             std::chrono::seconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    if (Health(address, service) == status) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

TEST(PostgresRestart, ReadinessFollowsTheDatabaseAndNoCallFailsOnceItIsBack) {
  PrivatePostgres postgres;
  const std::string address = "127.0.0.1:" + std::to_string(FreePort());
  const std::string log = ::testing::TempDir() + "/postgres-restart-game.log";
  std::remove(log.c_str());
  ServiceProcess game(BinaryPath("mailrun-game"), {"--listen", address, "--database-pool-size", "6"},
                      {{"MAILRUN_DATABASE_URL", postgres.url()},
                       {"MAILRUN_REDIS_URL", RedisUrl()},
                       {"MAILRUN_TOKEN_PUBLIC_KEYS", TestPublicKeys()},
                       {"MAILRUN_EVENTS_CHANNEL", "postgres-restart." + mailrun::service::RandomId()}},
                      log);
  ASSERT_TRUE(game.WaitServing(address, std::chrono::seconds(60))) << ReadFile(log);
  EXPECT_EQ(Health(address, "mailrun.v1.GameService"), "SERVING");

  auto stub = mailrun::v1::GameService::NewStub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
  mailrun::service::TokenClaims claims;
  claims.subject = "restart-player";
  claims.kind = mailrun::service::TokenKind::kAccess;
  claims.issued_at = mailrun::service::UnixNow();
  claims.expires_at = claims.issued_at + 3600;
  const std::string token = TestSigner().Issue(claims);
  // Calls that each read the database; six at once, so the pool holds six connections.
  const auto calls_at_once = [&](int count) {
    std::vector<std::future<grpc::Status>> calls;
    for (int i = 0; i < count; ++i) {
      calls.push_back(std::async(std::launch::async, [&] {
        grpc::ClientContext context;
        context.AddMetadata("authorization", "Bearer " + token);
        context.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(10));
        mailrun::v1::ListMyGamesResponse games;
        return stub->ListMyGames(&context, mailrun::v1::ListMyGamesRequest(), &games);
      }));
    }
    std::vector<grpc::Status> statuses;
    for (auto& call : calls) statuses.push_back(call.get());
    return statuses;
  };
  for (const auto& status : calls_at_once(6)) ASSERT_TRUE(status.ok()) << status.error_message();

  postgres.Stop();
  EXPECT_TRUE(Becomes(address, "mailrun.v1.GameService", "NOT_SERVING", std::chrono::seconds(10)))
      << "readiness must say the service cannot work without its database";
  EXPECT_EQ(Health(address, ""), "SERVING") << "liveness must not (a restart would not help)";
  for (const auto& status : calls_at_once(2)) EXPECT_EQ(status.error_code(), grpc::StatusCode::UNAVAILABLE);

  postgres.Start();  // returns once PostgreSQL answers
  // Before: the pooled connections failed for some seconds after the database was back.
  for (int round = 0; round < 3; ++round) {
    for (const auto& status : calls_at_once(6)) {
      EXPECT_TRUE(status.ok()) << "round " << round << ": " << status.error_message();
    }
  }
  EXPECT_TRUE(Becomes(address, "mailrun.v1.GameService", "SERVING", std::chrono::seconds(10)));
  EXPECT_EQ(Health(address, ""), "SERVING");
  EXPECT_TRUE(game.Running());
}

}  // namespace
}  // namespace mailrun::testing

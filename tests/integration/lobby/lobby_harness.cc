#include "tests/integration/lobby/lobby_harness.h"

#include <gtest/gtest.h>

#include "services/common/database.h"
#include "tests/testing/servers.h"

namespace mailrun::testing {

std::string TestTokenKey() { return std::string(32, '\xaa'); }

void CreateOutboxIfMissing(pqxx::connection& connection) {
  pqxx::work txn(connection);
  txn.exec(
      "CREATE TABLE IF NOT EXISTS outbox (id bigserial PRIMARY KEY, event_id text UNIQUE NOT NULL,"
      " payload bytea NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), sent_at timestamptz)");
  txn.commit();
}

std::string Describe(const grpc::Status& status) {
  return std::to_string(static_cast<int>(status.error_code())) + ": " + status.error_message();
}

LobbyHarness::LobbyHarness(const std::string& name, Options options) {
  database_url_ = FreshDatabase(name);
  db_ = std::make_unique<pqxx::connection>(database_url_);
  mailrun::service::ApplyMigrations(*db_, mailrun::service::EmbeddedMigrations());
  CreateOutboxIfMissing(*db_);

  game_port_ = FreePort();
  game_address_ = "127.0.0.1:" + std::to_string(game_port_);
  games_ = std::make_unique<StandInGameService>(TestTokenKey());
  if (options.real_game_service) {
    const std::string game_log = ::testing::TempDir() + "/" + name + "-game.log";
    game_process_ = std::make_unique<ServiceProcess>(
        BinaryPath("mailrun-game"), std::vector<std::string>{"--listen", game_address_},
        std::map<std::string, std::string>{{"MAILRUN_DATABASE_URL", database_url_},
                                           {"MAILRUN_REDIS_URL", RedisUrl()},
                                           {"MAILRUN_TOKEN_KEY", TestTokenKeyHex()}},
        game_log);
    if (!game_process_->WaitServing(game_address_, std::chrono::seconds(30))) {
      ADD_FAILURE() << "mailrun-game did not start:\n" << ReadFile(game_log);
    }
  } else if (options.game_service_up) {
    games_->Serve(game_port_);
  }

  const std::string address = "127.0.0.1:" + std::to_string(FreePort());
  log_path_ = ::testing::TempDir() + "/" + name + "-lobby.log";
  std::remove(log_path_.c_str());
  lobby_ = std::make_unique<ServiceProcess>(
      BinaryPath("mailrun-lobby"), std::vector<std::string>{"--listen", address},
      std::map<std::string, std::string>{{"MAILRUN_DATABASE_URL", database_url_},
                                         {"MAILRUN_REDIS_URL", RedisUrl()},
                                         {"MAILRUN_TOKEN_KEY", TestTokenKeyHex()},
                                         {"MAILRUN_GAME_ADDR", game_address_},
                                         {"MAILRUN_PASSWORD_HASH_LIMITS", "interactive"},
                                         {"MAILRUN_GAME_CALL_TIMEOUT_SECONDS", "2"},
                                         {"MAILRUN_RECONCILE_SECONDS", std::to_string(options.reconcile_seconds)}},
      log_path_);
  if (!lobby_->WaitServing(address, std::chrono::seconds(30))) {
    ADD_FAILURE() << "mailrun-lobby did not start:\n" << ReadFile(log_path_);
  }
  stub_ = mailrun::v1::LobbyService::NewStub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
}

LobbyHarness::~LobbyHarness() {
  recorder_.reset();
  pool_.reset();
  lobby_.reset();
  game_process_.reset();
  games_.reset();
}

void LobbyHarness::StartGameService() { games_->Serve(game_port_); }

std::string LobbyHarness::UniqueName(const std::string& prefix) { return prefix + std::to_string(++counter_); }

std::string LobbyHarness::NewRequestId() { return "req-" + std::to_string(++counter_); }

mailrun::v1::AuthResponse LobbyHarness::NewUser(const std::string& prefix) {
  mailrun::v1::RegisterRequest request;
  request.set_request_id(NewRequestId());
  request.set_display_name(UniqueName(prefix));
  request.set_password("password-" + request.display_name());
  mailrun::v1::AuthResponse response;
  const grpc::Status status = Call(&mailrun::v1::LobbyService::Stub::Register, "", request, &response);
  EXPECT_TRUE(status.ok()) << Describe(status);
  return response;
}

mailrun::lobby::ResultRecorder& LobbyHarness::recorder() {
  if (!recorder_) {
    pool_ = std::make_unique<mailrun::lobby::ConnectionPool>(database_url_, 2);
    recorder_ = std::make_unique<mailrun::lobby::ResultRecorder>(*pool_);
  }
  return *recorder_;
}

int64_t LobbyHarness::Count(const std::string& sql) {
  pqxx::work txn(*db_);
  return txn.exec(sql)[0][0].as<int64_t>();
}

std::map<std::string, std::string> LobbyHarness::Snapshot() {
  std::map<std::string, std::string> snapshot;
  pqxx::work txn(*db_);
  for (const char* table :
       {"users", "user_sessions", "lobby_requests", "lobby_tables", "lobby_table_players", "lobby_table_invitations",
        "lobby_table_kicks", "tournaments", "tournament_players", "lobby_game_results", "lobby_result_players",
        "ratings", "outbox"}) {
    // result_checked_at is the reconciler's bookkeeping, not a change anyone made.
    const pqxx::row row = txn.exec1(
        std::string("SELECT count(*), md5(coalesce(string_agg(r, '|' ORDER BY r), '')) FROM"
                    " (SELECT (to_jsonb(t) - 'result_checked_at')::text AS r FROM ") +
        table + " t) rows");
    snapshot[table] = row[0].as<std::string>() + " rows, md5 " + row[1].as<std::string>();
  }
  return snapshot;
}

}  // namespace mailrun::testing

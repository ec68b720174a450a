#include "tests/integration/lobby/lobby_harness.h"

#include <gtest/gtest.h>

#include <thread>

#include "services/common/auth.h"
#include "services/common/token.h"
#include "tests/testing/servers.h"

namespace mailrun::testing {
namespace {

mailrun::service::TokenClaims AccessClaims(const mailrun::v1::AuthResponse& user, int64_t expires_at) {
  mailrun::service::TokenClaims claims;
  claims.subject = user.user_id();
  claims.display_name = user.display_name();
  claims.kind = mailrun::service::TokenKind::kAccess;
  claims.issued_at = mailrun::service::UnixNow() - 3600;
  claims.expires_at = expires_at;
  claims.token_id = mailrun::service::RandomId();
  return claims;
}

}  // namespace

std::string ExpiredToken(const mailrun::v1::AuthResponse& user) {
  return TestSigner().Issue(AccessClaims(user, mailrun::service::UnixNow() - 60));
}

std::string ForgedToken(const mailrun::v1::AuthResponse& user) {
  // Signed with a key of the same id the services do not hold.
  const mailrun::service::TokenSigner forger(TestSigner().key_id(), std::string(32, '\x01'));
  return forger.Issue(AccessClaims(user, mailrun::service::UnixNow() + 600));
}

LobbyHarness::LobbyHarness(const std::string& name, Options options) : options_(std::move(options)) {
  GameHarness::Options game_options;
  if (!options_.game_outbox_relay) game_options.extra_args = {"--outbox-relay", "false"};
  game_ = std::make_unique<GameHarness>(name, game_options);
  game_address_ = game_->address();

  log_path_ = ::testing::TempDir() + "/" + name + "-lobby.log";
  std::remove(log_path_.c_str());
  std::map<std::string, std::string> env = {
      {"MAILRUN_DATABASE_URL", database_url()},
      {"MAILRUN_REDIS_URL", options_.lobby_redis_url.empty() ? RedisUrl() : options_.lobby_redis_url},
      {"MAILRUN_EVENTS_CHANNEL", events_channel()},
      {"MAILRUN_TOKEN_SIGNING_KEY", TestSigningKey()},
      {"MAILRUN_GAME_ADDR", game_address_},
      {"MAILRUN_PASSWORD_HASH_LIMITS", "interactive"},
      {"MAILRUN_GAME_CALL_TIMEOUT_SECONDS", "2"},
      {"MAILRUN_RECONCILE_SECONDS", std::to_string(options_.reconcile_seconds)},
      // Every test client is one loopback address: the per-client login limit has tests of its own.
      {"MAILRUN_LOGIN_CLIENT_ATTEMPTS", "100000"}};
  for (const auto& [key, value] : options_.lobby_env) env[key] = value;
  const std::string address = StartServing(
      lobby_, BinaryPath("mailrun-lobby"), {}, env, log_path_,
      [](const std::shared_ptr<grpc::Channel>& channel) {
        auto stub = mailrun::v1::LobbyService::NewStub(channel);
        return RefusedWithoutToken(*stub, &mailrun::v1::LobbyService::Stub::GetProfile);
      });
  if (address.empty()) ADD_FAILURE() << "mailrun-lobby did not start:\n" << ReadFile(log_path_);
  stub_ = mailrun::v1::LobbyService::NewStub(grpc::CreateChannel(address, grpc::InsecureChannelCredentials()));
}

LobbyHarness::~LobbyHarness() {
  recorder_.reset();
  pool_.reset();
  // Our idle connections would hold up each server's shutdown by seconds: close them first.
  stub_.reset();
  lobby_.reset();
  game_.reset();
}

void LobbyHarness::KillGameService() { game_->Kill(); }

void LobbyHarness::StartGameService() {
  game_->Start();
  EXPECT_EQ(game_->address(), game_address_) << "the game service came back elsewhere than the lobby calls it";
}

std::optional<mailrun::v1::CreateGameRequest> LobbyHarness::CreateRequestOf(const std::string& game_id) {
  pqxx::nontransaction txn(db());
  const pqxx::result rows = txn.exec_params("SELECT create_request FROM games WHERE game_id = $1", game_id);
  if (rows.empty()) return std::nullopt;
  mailrun::v1::CreateGameRequest request;
  EXPECT_TRUE(request.ParseFromString(pqxx::binarystring(rows[0][0]).str()));
  return request;
}

mailrun::v1::GameConfig LobbyHarness::StoredConfigOf(const std::string& game_id) {
  pqxx::nontransaction txn(db());
  mailrun::v1::GameConfig config;
  const pqxx::result rows = txn.exec_params("SELECT config FROM games WHERE game_id = $1", game_id);
  EXPECT_EQ(rows.size(), 1u) << "game " << game_id << " is not in the game service";
  if (!rows.empty()) {
    EXPECT_TRUE(config.ParseFromString(pqxx::binarystring(rows[0][0]).str()));
  }
  return config;
}

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
    pool_ = std::make_unique<mailrun::lobby::ConnectionPool>(database_url(), 2);
    recorder_ = std::make_unique<mailrun::lobby::ResultRecorder>(*pool_);
  }
  return *recorder_;
}

int64_t LobbyHarness::WaitForCount(const std::string& sql, int64_t count, std::chrono::seconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  int64_t now = Count(sql);
  while (now < count && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    now = Count(sql);
  }
  return now;
}

std::map<std::string, std::string> LobbyHarness::Snapshot() {
  std::map<std::string, std::string> snapshot;
  pqxx::work txn(db());
  for (const char* table :
       {"users", "user_sessions", "lobby_requests", "lobby_tables", "lobby_table_players", "lobby_table_invitations",
        "lobby_table_kicks", "tournaments", "tournament_players", "lobby_game_results", "lobby_result_players",
        "ratings", "outbox", "games", "game_actions"}) {
    // result_checked_at is the reconciler's bookkeeping and sent_at the outbox relay's, not
    // changes anyone made.
    const pqxx::row row = txn.exec1(
        std::string("SELECT count(*), md5(coalesce(string_agg(r, '|' ORDER BY r), '')) FROM"
                    " (SELECT (to_jsonb(t) - 'result_checked_at' - 'sent_at')::text AS r FROM ") +
        table + " t) rows");
    snapshot[table] = row[0].as<std::string>() + " rows, md5 " + row[1].as<std::string>();
  }
  return snapshot;
}

}  // namespace mailrun::testing

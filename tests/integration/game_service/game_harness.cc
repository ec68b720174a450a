#include "tests/integration/game_service/game_harness.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include "services/common/auth.h"
#include "services/common/token.h"
#include "tests/testing/servers.h"

namespace mailrun::game::testing {

using mailrun::testing::BinaryPath;
using mailrun::testing::ReadFile;

GameHarness::GameHarness(const std::string& name, Options options) : options_(std::move(options)) {
  database_url_ = mailrun::testing::FreshDatabase(name);
  events_channel_ = "mailrun.events." + name + "." + mailrun::service::RandomId();
  Begin(name);
}

GameHarness::GameHarness(const std::string& name, const GameHarness& service) : options_(service.options_) {
  database_url_ = service.database_url_;
  events_channel_ = service.events_channel_;
  Begin(name);
}

void GameHarness::Begin(const std::string& name) {
  // One file per process: CTest runs each test of a suite as its own process, two at once, and
  // a suite's harnesses have the same names (one removing the other's log made the affinity test
  // read an empty pod).
  log_path_ = ::testing::TempDir() + "/" + name + "-" + std::to_string(getpid()) + "-game.log";
  std::remove(log_path_.c_str());
  Start();
  db_ = std::make_unique<pqxx::connection>(database_url_);
}

GameHarness::~GameHarness() = default;

void GameHarness::Start() {
  // Whatever answers must be a game service: an unauthenticated GetGameResult is UNAUTHENTICATED
  // there, UNIMPLEMENTED elsewhere. A restart tries the same address first.
  const std::string serving = mailrun::testing::StartServing(
      process_, BinaryPath("mailrun-game"), options_.extra_args,
      {{"MAILRUN_DATABASE_URL", database_url_},
       {"MAILRUN_REDIS_URL", options_.redis_url.empty() ? mailrun::testing::RedisUrl() : options_.redis_url},
       {"MAILRUN_TOKEN_PUBLIC_KEYS", mailrun::testing::TestPublicKeys()},
       {"MAILRUN_EVENTS_CHANNEL", events_channel_}},
      log_path_,
      [](const std::shared_ptr<grpc::Channel>& channel) {
        auto stub = mailrun::v1::GameService::NewStub(channel);
        return mailrun::testing::RefusedWithoutToken(*stub, &GameStub::GetGameResult);
      },
      address_);
  if (serving.empty()) {
    ADD_FAILURE() << "mailrun-game did not start:\n" << ReadFile(log_path_);
    return;
  }
  address_ = serving;
  channel_ = grpc::CreateChannel(address_, grpc::InsecureChannelCredentials());
  stub_ = mailrun::v1::GameService::NewStub(channel_);
}

void GameHarness::Kill() {
  process_->Signal(SIGKILL);
  EXPECT_EQ(process_->Wait(std::chrono::seconds(10)), 128 + SIGKILL);
}

std::unique_ptr<GameStub> GameHarness::NewStub() const {
  grpc::ChannelArguments arguments;
  arguments.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);  // a connection of its own
  return mailrun::v1::GameService::NewStub(
      grpc::CreateCustomChannel(address_, grpc::InsecureChannelCredentials(), arguments));
}

int64_t GameHarness::Count(const std::string& sql) {
  pqxx::nontransaction txn(*db_);
  return txn.exec(sql)[0][0].as<int64_t>();
}

namespace {
std::string Issue(const std::string& subject, mailrun::service::TokenKind kind) {
  mailrun::service::TokenClaims claims;
  claims.subject = subject;
  claims.display_name = subject;
  claims.kind = kind;
  claims.issued_at = mailrun::service::UnixNow();
  claims.expires_at = claims.issued_at + 3600;
  claims.token_id = mailrun::service::RandomId();
  return mailrun::testing::TestSigner().Issue(claims);
}
}  // namespace

std::string GameHarness::AccessToken(const std::string& user_id) {
  return Issue(user_id, mailrun::service::TokenKind::kAccess);
}

std::string GameHarness::ServiceToken(const std::string& service) {
  return Issue(service, mailrun::service::TokenKind::kService);
}

std::string NewRequestId() { return "req-" + mailrun::service::RandomId(); }

std::string GameHarness::CreateGame(const mailrun::v1::GameConfig& config, const std::string& table_id,
                                    int64_t turn_deadline_seconds) {
  mailrun::v1::CreateGameRequest request;
  request.set_request_id(NewRequestId());
  *request.mutable_config() = config;
  request.set_table_id(table_id);
  request.set_turn_deadline_seconds(turn_deadline_seconds);
  mailrun::v1::CreateGameResponse response;
  const grpc::Status status = Call(&GameStub::CreateGame, ServiceToken(), request, &response);
  EXPECT_TRUE(status.ok()) << Describe(status);
  return response.game_id();
}

mailrun::v1::GameConfig PlayersConfig(const std::string& prefix, int players, uint64_t seed,
                                      mailrun::v1::BankSize bank) {
  mailrun::v1::GameConfig config;
  config.set_edition(mailrun::v1::EDITION_RETUNED);
  config.mutable_options()->set_bank(bank);
  config.set_seed(seed);
  std::string name = prefix;
  if (!name.empty()) name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  for (int seat = 0; seat < players; ++seat) {
    auto* player = config.add_players();
    player->set_user_id(prefix + "-" + std::to_string(seat));
    player->set_display_name(name + std::to_string(seat));
  }
  return config;
}

std::string Describe(const grpc::Status& status) {
  return std::to_string(static_cast<int>(status.error_code())) + ": " + status.error_message();
}

}  // namespace mailrun::game::testing

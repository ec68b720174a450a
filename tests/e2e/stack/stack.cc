#include "tests/e2e/stack/stack.h"

#include <gtest/gtest.h>

#include <cstdio>

#include "mailrun/v1/game.grpc.pb.h"
#include "mailrun/v1/lobby.grpc.pb.h"
#include "mailrun/v1/notification.grpc.pb.h"
#include "services/common/auth.h"
#include "services/common/config.h"
#include "services/common/token.h"
#include "tests/testing/observability.h"
#include "tests/testing/servers.h"

namespace mailrun::e2e {
namespace {

using mailrun::testing::ReadFile;

// Whether the service answering on a channel is the `binary` we started (StartServing's probe).
mailrun::testing::ServiceProbe ProbeFor(const std::string& binary) {
  return [binary](const std::shared_ptr<grpc::Channel>& channel) {
    using mailrun::testing::RefusedWithoutToken;
    if (binary == "mailrun-game") {
      auto stub = mailrun::v1::GameService::NewStub(channel);
      return RefusedWithoutToken(*stub, &mailrun::v1::GameService::Stub::GetGameResult);
    }
    if (binary == "mailrun-lobby") {
      auto stub = mailrun::v1::LobbyService::NewStub(channel);
      return RefusedWithoutToken(*stub, &mailrun::v1::LobbyService::Stub::GetProfile);
    }
    auto stub = mailrun::v1::NotificationService::NewStub(channel);
    return RefusedWithoutToken(*stub, &mailrun::v1::NotificationService::Stub::ListInbox);
  };
}

std::string Tail(const std::string& path, size_t lines) {
  const std::string text = ReadFile(path);
  size_t start = text.size();
  for (size_t n = 0; n <= lines && start > 0;) {
    if (text[--start] == '\n') ++n;
  }
  return text.substr(start);
}

}  // namespace

Stack::Stack(const std::string& name, int reconcile_seconds, const std::map<std::string, std::string>& notify_env,
             const std::map<std::string, std::string>& every_env) {
  database_url_ = mailrun::testing::FreshDatabase(name);
  events_channel_ = "mailrun.events." + name + "." + mailrun::service::RandomId();
  const std::string logs = ::testing::TempDir() + "/" + name + "-" + mailrun::service::RandomId().substr(0, 8);
  game_log_ = logs + "-game.log";
  lobby_log_ = logs + "-lobby.log";
  notify_log_ = logs + "-notify.log";
  std::map<std::string, std::string> common = {{"MAILRUN_DATABASE_URL", database_url_},
                                               {"MAILRUN_REDIS_URL", mailrun::testing::RedisUrl()},
                                               {"MAILRUN_TOKEN_PUBLIC_KEYS", mailrun::testing::TestPublicKeys()},
                                               {"MAILRUN_EVENTS_CHANNEL", events_channel_},
                                               {"MAILRUN_METRICS_LISTEN", "127.0.0.1:0"}};
  common.insert(every_env.begin(), every_env.end());
  game_address_ = Start("mailrun-game", game_, common, game_log_);
  auto lobby_env = common;
  lobby_env["MAILRUN_GAME_ADDR"] = game_address_;
  lobby_env["MAILRUN_RECONCILE_SECONDS"] = std::to_string(reconcile_seconds);
  lobby_env["MAILRUN_PASSWORD_HASH_LIMITS"] = "interactive";
  lobby_env["MAILRUN_TOKEN_SIGNING_KEY"] = mailrun::testing::TestSigningKey();
  lobby_env["MAILRUN_LOGIN_CLIENT_ATTEMPTS"] = "100000";  // every test client is one loopback address
  lobby_address_ = Start("mailrun-lobby", lobby_, lobby_env, lobby_log_);
  auto notify = common;
  notify.insert(notify_env.begin(), notify_env.end());
  notify_address_ = Start("mailrun-notify", notify_, notify, notify_log_);
}

Stack::~Stack() {
  game_.reset();  // each ServiceProcess stops its service (SIGTERM)
  lobby_.reset();
  notify_.reset();
  if (!::testing::UnitTest::GetInstance()->Failed()) {  // the logs are kept for a failure only
    for (const auto* log : {&game_log_, &lobby_log_, &notify_log_}) std::remove(log->c_str());
  }
}

std::string Stack::Start(const std::string& binary, std::unique_ptr<mailrun::testing::ServiceProcess>& process,
                         const std::map<std::string, std::string>& env, const std::string& log_path) {
  const std::string address = mailrun::testing::StartServing(process, mailrun::testing::BinaryPath(binary), {}, env,
                                                             log_path, ProbeFor(binary));
  if (address.empty()) ADD_FAILURE() << binary << " did not start:\n" << Tail(log_path, 30);
  return address;
}

std::map<std::string, std::string> Stack::ClientEnvironment() const {
  return {{"MAILRUN_GAME_ADDR", game_address_},
          {"MAILRUN_LOBBY_ADDR", lobby_address_},
          {"MAILRUN_NOTIFY_ADDR", notify_address_}};
}

std::string Stack::LogTails() const {
  return "--- mailrun-game log:\n" + Tail(game_log_, 15) + "--- mailrun-lobby log:\n" + Tail(lobby_log_, 15) +
         "--- mailrun-notify log:\n" + Tail(notify_log_, 15);
}

const std::string& Stack::log_path(const std::string& binary) const {
  if (binary == "mailrun-game") return game_log_;
  if (binary == "mailrun-lobby") return lobby_log_;
  return notify_log_;
}

std::string Stack::metrics_address(const std::string& binary) const {
  return mailrun::testing::MetricsAddress(log_path(binary));
}

std::string Stack::ServiceToken() {
  mailrun::service::TokenClaims claims;
  claims.subject = "lobby";
  claims.display_name = "lobby";
  claims.kind = mailrun::service::TokenKind::kService;
  claims.issued_at = mailrun::service::UnixNow();
  claims.expires_at = claims.issued_at + 3600;
  claims.token_id = mailrun::service::RandomId();
  return mailrun::testing::TestSigner().Issue(claims);
}

std::shared_ptr<grpc::Channel> Stack::Channel(const std::string& address) {
  grpc::ChannelArguments arguments;
  arguments.SetInt(GRPC_ARG_USE_LOCAL_SUBCHANNEL_POOL, 1);
  return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), arguments);
}

std::string Describe(const grpc::Status& status) {
  return std::to_string(static_cast<int>(status.error_code())) + ": " + status.error_message();
}

std::string NewRequestId() { return "e2e-" + mailrun::service::RandomId(); }

}  // namespace mailrun::e2e
